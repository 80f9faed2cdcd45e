import { compareText } from "./compare.js";
import type { MethodParameter } from "./method-parameters.js";
import type { Operation } from "./operation.js";
import { operationTypeStem } from "./operation-name.js";
import { parameterDocLines } from "./parameter-doc.js";
import type { Declaration } from "./plan-types.js";
import type { SchemaContext } from "./schema/schema-context.js";
import { buildSchemaType } from "./schema/schema-type.js";
import { type NamedType, type Property, primitive, type TypeExpr } from "./type-expr.js";

const DEPRECATED = "Deprecated.";

/**
 * Declares `<Operation>Query`, the type of an operation's query object: one property per query
 * parameter, keyed by its wire name, with the parameter's doc on it. Adds the declaration to
 * `declared`, where the type placement finds it, and returns the reference to it.
 */
export function queryObjectType(
  operation: Operation,
  keys: readonly MethodParameter[],
  context: SchemaContext,
  declared: Map<NamedType, Declaration>,
): TypeExpr {
  // The parameters have no schema of their own as an object: the type stands at their list.
  const pointer = `${operation.pointer}/parameters`;
  const type = context.registry.nameInline(pointer, `${operationTypeStem(operation)}Query`, {});
  if (!declared.has(type)) {
    const properties = context.inView("request", () =>
      keys.map((key) => queryProperty(operation, key, context)),
    );
    declared.set(type, {
      type,
      doc: {
        paragraphs: [`The query parameters of ${operation.verb.toUpperCase()} ${operation.path}.`],
        tags: [],
      },
      body: {
        kind: "interface",
        properties: properties.sort((a, b) => compareText(a.key, b.key)),
        indexes: [],
      },
    });
  }
  return { kind: "ref", type };
}

function queryProperty(
  operation: Operation,
  parameter: MethodParameter,
  context: SchemaContext,
): Property {
  const lines = parameterDocLines(context.loaded, operation, parameter);
  const deprecated = lines[0] === DEPRECATED;
  const source = parameter.type;
  return {
    key: parameter.key!,
    optional: !parameter.required,
    doc: {
      paragraphs: deprecated ? lines.slice(1) : lines,
      tags: deprecated ? ["@deprecated"] : [],
    },
    type:
      "schema" in source
        ? context.at("deferred", () =>
            buildSchemaType(source.schema.schema, source.schema.pointer, context),
          )
        : primitive("string"),
  };
}
