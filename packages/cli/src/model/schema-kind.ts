import { isObject } from "../openapi/is-object.js";
import type { SchemaObject } from "../openapi/types.js";

/** An object schema: it says `type: object` or describes properties, and is not a union or enum. */
export function isObjectSchema(schema: SchemaObject): boolean {
  if (schema.enum !== undefined || schema.const !== undefined) return false;
  if (schema.oneOf !== undefined || schema.anyOf !== undefined) return false;
  const types = Array.isArray(schema.type)
    ? schema.type.filter((type) => type !== "null")
    : [schema.type];
  if (types.length !== 1) return false;
  if (types[0] === "object") return true;
  return (
    types[0] === undefined &&
    (isObject(schema.properties) ||
      isObject(schema.additionalProperties) ||
      isObject(schema.patternProperties) ||
      schema.additionalProperties === true ||
      Array.isArray(schema.allOf) ||
      hasConditionalProperties(schema))
  );
}
/** An `if` with a `then` or `else` that says anything: JSON Schema ignores the three otherwise. */
export function hasConditional(schema: SchemaObject): boolean {
  return (
    schema.if !== undefined &&
    (["then", "else"] as const).some((keyword) => {
      const branch: unknown = schema[keyword];
      return branch === false || (isObject(branch) && Object.keys(branch).length > 0);
    })
  );
}

/** An `if` whose `then` or `else` declares properties: like `properties`, they make an object. */
export function hasConditionalProperties(schema: SchemaObject): boolean {
  return (
    hasConditional(schema) &&
    ((isObject(schema.then) && isObject(schema.then.properties)) ||
      (isObject(schema.else) && isObject(schema.else.properties)))
  );
}

/** Null is allowed: 3.0 `nullable: true` or a 3.1 type list that includes `"null"`. */
export function isNullable(schema: SchemaObject): boolean {
  return schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes("null"));
}
