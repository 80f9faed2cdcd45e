import { formBodyPairs, type KitFieldEncodings, multipartBody } from "./form-encoding.js";
import { mediaTypeEssence } from "./media-type.js";
import { isPlainObject } from "./plain-object.js";

export interface EncodedBody {
  readonly data: unknown;
  /** The `Content-Type` header to send, or `undefined` to let axios or the platform choose. */
  readonly contentType: string | undefined;
}

/**
 * Shapes `@Data` values for the declared media type. JSON (no `@ContentType`) is left to axios;
 * multipart never gets a hand-written `Content-Type`, so the client adds the boundary. A plain
 * object is a set of fields, each written as its `encodings` entry says; anything else
 * (`FormData`, a string) is a ready-made body. Without a body there is no `Content-Type`.
 */
export function encodeBody(
  contentType: string | undefined,
  data: unknown,
  encodings: KitFieldEncodings = {},
): EncodedBody {
  if (data === undefined) return { data, contentType: undefined };
  if (contentType === undefined) return { data, contentType };
  const mime = mediaTypeEssence(contentType);
  if (mime === "application/x-www-form-urlencoded") {
    const body = isPlainObject(data) ? new URLSearchParams(formBodyPairs(data, encodings)) : data;
    return { data: body, contentType };
  }
  if (mime === "multipart/form-data") {
    return {
      data: isPlainObject(data) ? multipartBody(data, encodings) : data,
      contentType: undefined,
    };
  }
  return { data, contentType };
}
