/** What a client asks of the mock in its `Prefer` header, as Prism reads it. */
export interface Preference {
  /** `Prefer: code=404`: answer with this declared status. */
  code?: string;
  /** `Prefer: example=name`: answer with this named example of the media type. */
  example?: string;
}

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
      .replace(/^"(.*)"$/, "$1");
    if (key === "code" && value !== "") preference.code = value;
    if (key === "example" && value !== "") preference.example = value;
  }
  return preference;
}
