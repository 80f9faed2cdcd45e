import { essence } from "../model/media.js";

const JSON_MEDIA = /^application\/(?:[^/]*\+)?json$/;

/**
 * The value an Example Object gives: OpenAPI 3.2's `dataValue` (the data before serialization)
 * first, then `value`, then 3.2's `serializedValue` (the text on the wire), parsed when the media
 * type is JSON and its text is valid JSON, else taken as the text it is.
 */
export function exampleObjectValue(
  example: Record<string, unknown>,
  mediaType: string,
): { value: unknown } | undefined {
  if ("dataValue" in example) return { value: example.dataValue };
  if ("value" in example) return { value: example.value };
  const serialized = example.serializedValue;
  if (typeof serialized !== "string") return undefined;
  if (!JSON_MEDIA.test(essence(mediaType))) return { value: serialized };
  try {
    return { value: JSON.parse(serialized) };
  } catch {
    return undefined;
  }
}
