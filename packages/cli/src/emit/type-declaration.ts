import { mergeObjectShape } from "../model/merge-object-shape.js";
import { isNullable, isObjectSchema } from "../model/schema-kind.js";
import type { NamedType } from "../model/type-registry.js";
import { isObject } from "../openapi/is-object.js";
import type { SchemaObject } from "../openapi/types.js";
import { docComment } from "./doc-comment.js";
import type { RenderContext } from "./render-context.js";
import { renderObjectMembers } from "./schema/object.js";
import { renderSchemaType } from "./schema/render-schema-type.js";

/** `export interface …` for an object with properties, `export type … = …;` for anything else. */
export function renderTypeDeclaration(type: NamedType, context: RenderContext): string {
  const schema = isObject(type.schema) ? (type.schema as SchemaObject) : {};
  const doc = docComment(
    [schema.description],
    "",
    schema.deprecated === true ? ["@deprecated"] : [],
  );
  if (typeof schema.$ref !== "string" && isObjectSchema(schema) && !isNullable(schema)) {
    const shape = mergeObjectShape(context.loaded, [{ schema, pointer: type.pointer }]);
    if (shape && shape.properties.size > 0) {
      const members = renderObjectMembers(shape, context, "  ");
      return [...doc, `export interface ${type.name} {`, ...members, "}"].join("\n");
    }
  }
  const text = context.aliasBody(type.name, () =>
    renderSchemaType(type.schema, type.pointer, context),
  );
  return [...doc, `export type ${type.name} = ${text};`].join("\n");
}
