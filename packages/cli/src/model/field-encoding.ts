import { isObject } from "../openapi/is-object.js";
import type { MediaTypeObject } from "../openapi/types.js";
import { compareText } from "./compare.js";
import type { FieldEncoding } from "./wire-binding.js";

const STYLES = new Set(["form", "spaceDelimited", "pipeDelimited", "deepObject"]);

/**
 * The Encoding Objects of a urlencoded body that change what is sent: a known `style`, a boolean
 * `explode`, a non-empty `contentType`. Fields are sorted so key order never matters; an entry with
 * none of these is left out, since the runtime's defaults are OpenAPI's.
 */
export function fieldEncodings(
  media: MediaTypeObject | undefined,
): Record<string, FieldEncoding> | undefined {
  if (!isObject(media) || !isObject(media.encoding)) return undefined;
  const encodings: Record<string, FieldEncoding> = {};
  for (const field of Object.keys(media.encoding).sort(compareText)) {
    const entry: unknown = media.encoding[field];
    if (!isObject(entry)) continue;
    const encoding: FieldEncoding = {};
    if (typeof entry.style === "string" && STYLES.has(entry.style))
      encoding.style = entry.style as FieldEncoding["style"];
    if (typeof entry.explode === "boolean") encoding.explode = entry.explode;
    if (typeof entry.contentType === "string" && entry.contentType.trim() !== "")
      encoding.contentType = entry.contentType;
    if (Object.keys(encoding).length > 0) encodings[field] = encoding;
  }
  return Object.keys(encodings).length > 0 ? encodings : undefined;
}
