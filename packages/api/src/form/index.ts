import {
  isObjectValue,
  type KitFieldEncoding,
  type KitFieldEncodings,
  multipartBody,
} from "../core/form-encoding.js";

/** Per field of a form, the part's content type, as the document's Encoding Object gives it. */
export type KitFormEncodings<T> = {
  readonly [K in keyof T]?: Pick<KitFieldEncoding, "contentType">;
};

/**
 * A multipart body from a typed object, as OpenAPI writes one: a `Blob` or `File` is a file part
 * (with its own type and name), an array one part per item under the same key, an object an
 * `application/json` part, a `Date` its ISO text, anything else a text part; `undefined` and
 * `null` are left out. A field given a `contentType` in `encodings` is a part of that type (JSON
 * text for a JSON type). Type the object with the generated `<Operation>Form`, so a misspelt field
 * does not compile: `uploadFile(id, formData<UploadFileForm>({ file, purpose }))`.
 */
export function formData<T extends object>(fields: T, encodings?: KitFormEncodings<T>): FormData {
  const values = fields as Readonly<Record<string, unknown>>;
  const given = (encodings ?? {}) as KitFieldEncodings;
  const parts: Record<string, KitFieldEncoding> = Object.create(null);
  for (const key of Object.keys(values)) {
    const contentType = Object.hasOwn(given, key) ? given[key]!.contentType : undefined;
    if (contentType !== undefined) parts[key] = { contentType };
    else if (isJsonPart(values[key])) parts[key] = { contentType: "application/json" };
  }
  return multipartBody(values, parts);
}

/** OpenAPI's default part type for an object (or an array of objects) is `application/json`. */
function isJsonPart(value: unknown): boolean {
  const item = Array.isArray(value) ? value.find((entry) => entry != null) : value;
  return isObjectValue(item) && !(item instanceof Blob) && !Array.isArray(item);
}
