import { interfaceShape } from "../model/alias-cycle.js";
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
  const shape = interfaceShape(context.loaded, schema, type.pointer);
  if (shape) {
    const members = renderObjectMembers(shape, context, "  ");
    return [...doc, `export interface ${type.name} {`, ...members, "}"].join("\n");
  }
  const text = context.aliasBody(type, () => renderSchemaType(type.schema, type.pointer, context));
  return [...doc, `export type ${type.name} = ${text};`].join("\n");
}
