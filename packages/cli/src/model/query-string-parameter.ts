import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer } from "../openapi/pointer.js";
import type { ParameterObject } from "../openapi/types.js";
import { essence } from "./media.js";
import { mergeObjectShape } from "./merge-object-shape.js";
import type { SchemaAt, SchemaInput } from "./schema-input.js";

const FORM = "application/x-www-form-urlencoded";

/**
 * OpenAPI 3.2's `in: querystring`: the whole query string as one value of `content`. A
 * form-urlencoded object is sent as the query object `@Query()` sends (its own keys, in form
 * style): the schema, or the reason Kit cannot send it, which skips the parameter.
 */
export function queryStringSchema(
  loaded: LoadedDocument,
  parameter: ParameterObject,
  pointer: string,
): { schema: SchemaAt } | { unsent: string } {
  const content = isObject(parameter.content) ? parameter.content : {};
  const mediaTypes = Object.keys(content);
  const mediaType = mediaTypes[0];
  const media = mediaType === undefined ? undefined : content[mediaType];
  if (mediaTypes.length !== 1 || mediaType === undefined || essence(mediaType) !== FORM) {
    return {
      unsent: `a querystring parameter is sent only as ${FORM} content (one media type); it was skipped`,
    };
  }
  const at = appendPointer(pointer, "content", mediaType, "schema");
  const schema = isObject(media) && isObject(media.schema) ? (media.schema as SchemaInput) : {};
  if (mergeObjectShape(loaded, [{ schema, pointer: at }]) === undefined) {
    return {
      unsent:
        "a querystring parameter is sent only when its schema is an object (its properties become the query keys); it was skipped",
    };
  }
  return { schema: { schema, pointer: at } };
}
