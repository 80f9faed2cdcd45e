import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer } from "../openapi/pointer.js";
import { dereference } from "../openapi/refs.js";
import { bodyKind, chooseMediaType } from "./media.js";
import { mergeObjectShape } from "./merge-object-shape.js";
import type { SchemaInput } from "./schema-input.js";

/**
 * The request media type to generate for: the preferred one (JSON first), unless that body has
 * binary fields and the operation also offers multipart, which carries them as files. JSON and a
 * urlencoded form can only carry a `Blob` as text (`{}` from JSON.stringify).
 */
export function requestMediaType(
  loaded: LoadedDocument,
  content: Readonly<Record<string, unknown>>,
  pointer: string,
  offered: readonly string[],
): string | undefined {
  const preferred = chooseMediaType(offered, "request");
  if (preferred === undefined) return undefined;
  const kind = bodyKind(preferred);
  if (kind !== "json" && kind !== "form") return preferred;
  const multipart = offered.filter((mediaType) => bodyKind(mediaType) === "multipart");
  if (multipart.length === 0) return preferred;
  const media = content[preferred];
  const schema = isObject(media) ? media.schema : undefined;
  if (schema === undefined) return preferred;
  const at = appendPointer(pointer, "content", preferred, "schema");
  return hasBinaryField(loaded, schema, at) ? chooseMediaType(multipart, "request") : preferred;
}

/** An object schema with a `format: binary` property, or an array of such. */
export function hasBinaryField(loaded: LoadedDocument, schema: unknown, pointer: string): boolean {
  const shape = mergeObjectShape(loaded, [{ schema: schema as SchemaInput, pointer }]);
  if (shape === undefined) return false;
  for (const property of shape.properties.values()) {
    const resolved = dereference(loaded, property.schema, property.pointer).schema;
    if (resolved.format === "binary") return true;
    if (
      resolved.items !== undefined &&
      dereference(loaded, resolved.items, appendPointer(property.pointer, "items")).schema
        .format === "binary"
    ) {
      return true;
    }
  }
  return false;
}
