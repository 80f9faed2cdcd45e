import { type FieldEncoders, formBodyPairs, multipartBody } from "./form-encoding.js";
import { isJsonMediaType, isMediaRange, mediaTypeEssence } from "./media-type.js";
import { isPlainObject } from "./plain-object.js";

export interface EncodedBody {
  readonly data: unknown;
  /** The `Content-Type` header to send, or `undefined` to let axios or the platform choose. */
  readonly contentType: string | undefined;
}

/** The answer for a send without body, one object for all. */
const noBody: EncodedBody = Object.freeze({ data: undefined, contentType: undefined });

/**
 * Shapes `@Data` values for the declared media type. JSON (no `@ContentType`, or a JSON one such as
 * `application/merge-patch+json`) is the value as JSON text unless it is a ready-made body;
 * multipart never gets a hand-written `Content-Type`, so the client adds the boundary. A plain
 * object is a set of fields, each written as its `encodings` entry says; anything else
 * (`FormData`, a string) is a ready-made body. Without a body there is no `Content-Type`.
 * Bytes with no declared type, or under a media range (`*\/*`, `application/*`), which names no
 * type to send, go as the Blob's own type, else `application/octet-stream`: left to them, axios
 * and the browser send `application/x-www-form-urlencoded` or the range itself.
 */
export function encodeBody(
  contentType: string | undefined,
  data: unknown,
  encodings: FieldEncoders = {},
): EncodedBody {
  if (data === undefined) return noBody;
  if ((contentType === undefined || isMediaRange(contentType)) && isBytes(data)) {
    return { data, contentType: (data instanceof Blob && data.type) || "application/octet-stream" };
  }
  if (contentType === undefined || isMediaRange(contentType) || isJsonMediaType(contentType)) {
    // Any value, a string or number too, travels as JSON; axios alone would send a string raw.
    const json = contentType === undefined || isMediaRange(contentType) ? undefined : contentType;
    if (isReadyMade(data)) return { data, contentType: json };
    return { data: JSON.stringify(data), contentType: json ?? "application/json" };
  }
  const mime = mediaTypeEssence(contentType);
  if (mime === "application/x-www-form-urlencoded") {
    if (!isPlainObject(data)) return { data, contentType };
    const pairs = formBodyPairs(data, encodings);
    // Fields that give no pair (all left out, an empty object) are no body at all.
    if (pairs.length === 0) return noBody;
    return { data: new URLSearchParams(pairs), contentType };
  }
  if (mime === "multipart/form-data") {
    return {
      data: isPlainObject(data) ? multipartBody(data, encodings) : data,
      contentType: undefined,
    };
  }
  // Node's adapter sends a Blob with its own type (or application/octet-stream), not the header.
  if (data instanceof Blob && mediaTypeEssence(data.type) !== mime) {
    return { data: data.slice(0, data.size, contentType), contentType };
  }
  return { data, contentType };
}

/** Binary data: a Blob, an ArrayBuffer or a view of one (a Buffer, a Uint8Array). */
function isBytes(data: unknown): boolean {
  return data instanceof Blob || data instanceof ArrayBuffer || ArrayBuffer.isView(data);
}

/** A body the platform sends as it is: bytes, a stream, a FormData or URLSearchParams. */
export function isReadyMade(data: unknown): boolean {
  return (
    data instanceof Blob ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data) ||
    data instanceof FormData ||
    data instanceof URLSearchParams ||
    (typeof data === "object" &&
      data !== null &&
      typeof (data as { pipe?: unknown }).pipe === "function")
  );
}
