import { isObject } from "../../openapi/is-object.js";
import type { SchemaObject, SchemaType } from "../../openapi/types.js";
import { type TypeExpr, union } from "../type-expr.js";
import type { Warnings } from "../warnings.js";

/**
 * `const` and `enum` list the values themselves: their literal types are exact. Beside a `type`,
 * a value is allowed only when both keywords allow it, so values of other types are left out
 * (`{type: string, enum: ["3.1", 3.1]}` is `"3.1"`); the other keywords (`format`, …) add nothing.
 * When no value fits, the document contradicts itself (`{type: integer, enum: ["0", "1"]}`, an
 * array `type` beside its items' `enum`): the values are kept as listed, with one warning, since
 * `never` would reject what the API plainly accepts. Undefined when the schema lists no values.
 */
export function buildLiterals(
  schema: SchemaObject,
  pointer: string,
  warnings: Warnings,
): TypeExpr | undefined {
  const values = listedValues(schema);
  if (values === undefined) return undefined;
  let fitting = values.filter((value) => fitsType(value, schema));
  if (fitting.length === 0 && values.length > 0) {
    const keyword = Object.hasOwn(schema, "const") ? "const" : "enum";
    warnings.add(
      `no ${keyword} value has the schema's type ${JSON.stringify(schema.type)}; typed as the listed values`,
      pointer,
    );
    fitting = [...values];
  }
  if (Object.hasOwn(schema, "const") && fitting.length === 1) {
    return { kind: "literal", value: fitting[0] };
  }
  return union(fitting.map((value): TypeExpr => ({ kind: "literal", value })));
}

/** Whether the schema lists its values with `const` or `enum`. */
export function hasLiterals(schema: SchemaObject): boolean {
  return listedValues(schema) !== undefined;
}

function listedValues(schema: SchemaObject): readonly unknown[] | undefined {
  if (Object.hasOwn(schema, "const")) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : undefined;
}

/** Whether `type` allows the value; without a `type` every value fits. 3.0 `nullable` allows null. */
function fitsType(value: unknown, schema: SchemaObject): boolean {
  const { type } = schema;
  if (type === undefined) return true;
  const types: readonly unknown[] = Array.isArray(type) ? type : [type];
  if (value === null && schema.nullable === true) return true;
  return types.some((name) => typeof name === "string" && fits(value, name as SchemaType));
}

function fits(value: unknown, type: SchemaType): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isObject(value);
    default:
      // A type Kit does not know constrains nothing it can check.
      return true;
  }
}
