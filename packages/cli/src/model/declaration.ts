import { isObject } from "../openapi/is-object.js";
import type { SchemaObject } from "../openapi/types.js";
import { interfaceShape } from "./alias-cycle.js";
import type { Declaration } from "./plan-types.js";
import { buildIndexes, buildProperties } from "./schema/object.js";
import type { SchemaContext } from "./schema/schema-context.js";
import { buildSchemaType } from "./schema/schema-type.js";
import { schemaDoc } from "./schema-doc.js";
import { type NamedType, NOTHING_LEFT, type TypeExpr } from "./type-expr.js";

/** Builds the declaration of a named type from its schema. */
export function buildDeclaration(type: NamedType, context: SchemaContext): Declaration {
  return context.inView(type.view ?? "response", () => declare(type, context));
}

function declare(type: NamedType, context: SchemaContext): Declaration {
  const schema = isObject(type.schema) ? (type.schema as SchemaObject) : {};
  const doc = schemaDoc(schema);
  const shape = interfaceShape(context.loaded, schema, type.pointer);
  if (shape) {
    return context.expanding([type.pointer], (): Declaration => {
      const properties = buildProperties(shape, context);
      const indexes = buildIndexes(shape, properties, context);
      if (properties.length === 0 && indexes.length === 0) {
        return { type, doc, body: { kind: "alias", type: NOTHING_LEFT } };
      }
      return { type, doc, body: { kind: "interface", properties, indexes } };
    });
  }
  const body = context.expanding([type.pointer], () =>
    context.aliasBody(type, () => buildSchemaType(type.schema, type.pointer, context)),
  );
  return { type, doc, body: { kind: "alias", type: body } };
}

/** The trees a declaration refers to, in the order they were built. */
export function declarationRoots(declaration: Declaration): TypeExpr[] {
  const { body } = declaration;
  if (body.kind === "alias") return [body.type];
  return [
    ...body.properties.map((property) => property.type),
    ...body.indexes.map((index) => index.value),
  ];
}
