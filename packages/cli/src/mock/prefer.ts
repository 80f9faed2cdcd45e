/** What a client asks of the mock in its `Prefer` header, as Prism reads it, and Kit's own key. */
export interface Preference {
  /** `Prefer: code=404`: answer with this declared status (`404`, `4XX` or `default`). */
  code?: string;
  /** `Prefer: example=name`: answer with this named example of the media type. */
  example?: string;
  /** `Prefer: envelope-code=1001`: a 2xx envelope carrying this business code (an error on purpose). */
  envelopeCode?: string;
}

/** Whether `code` is a status a document may declare (`404`, `4XX`, `default`). */
export function isStatusKey(code: string): boolean {
  return /^(?:[1-5](?:\d\d|XX|xx)|default)$/.test(code);
}

/** Longest value kept: longer ones cannot name anything a document declares. */
const MAX_VALUE = 200;

/** `Prefer: code=404, example=notFound` (also `;`-separated, values quoted or not). */
export function parsePrefer(header: string | undefined): Preference {
  const preference: Preference = {};
  for (const item of (header ?? "").split(/[,;]/)) {
    const equals = item.indexOf("=");
    if (equals === -1) continue;
    const key = item.slice(0, equals).trim().toLowerCase();
    const value = item
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .slice(0, MAX_VALUE);
    if (value === "") continue;
    if (key === "code") preference.code = value;
    if (key === "example") preference.example = value;
    if (key === "envelope-code") preference.envelopeCode = value;
  }
  return preference;
}
