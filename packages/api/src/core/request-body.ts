import { isPlainObject } from "./plain-object.js";
import { formPairs, formValue } from "./query.js";

export interface EncodedBody {
  readonly data: unknown;
  /** The `Content-Type` header to send, or `undefined` to let axios or the platform choose. */
  readonly contentType: string | undefined;
}

/**
 * Shapes `@Data` values for the declared media type. JSON (no `@ContentType`) is left to axios;
 * multipart never gets a hand-written `Content-Type`, so the client adds the boundary. A plain
 * object is a set of fields; anything else (`FormData`, a string) is a ready-made body.
 */
export function encodeBody(contentType: string | undefined, data: unknown): EncodedBody {
  if (contentType === undefined || data === undefined) return { data, contentType };
  const mime = contentType.split(";")[0]!.trim().toLowerCase();
  if (mime === "application/x-www-form-urlencoded") {
    return { data: isPlainObject(data) ? new URLSearchParams(formPairs(data)) : data, contentType };
  }
  if (mime === "multipart/form-data") {
    return { data: isPlainObject(data) ? toFormData(data) : data, contentType: undefined };
  }
  return { data, contentType };
}

function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Blob) form.append(key, item);
      else if (item != null) form.append(key, formValue(item));
    }
  }
  return form;
}
