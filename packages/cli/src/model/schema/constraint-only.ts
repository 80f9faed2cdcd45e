import { isObject } from "../../openapi/is-object.js";

/** Keywords that give a schema a type or a structure; the others only constrain or describe. */
const TYPING = [
  "$ref",
  "type",
  "properties",
  "additionalProperties",
  "items",
  "prefixItems",
  "patternProperties",
  "allOf",
  "oneOf",
  "anyOf",
  "enum",
  "const",
] as const;

/**
 * A branch that only carries constraints or descriptions (`{required: [a]}`, `{format: "date"}`):
 * it stands for whatever its siblings type, so beside them it adds nothing and is not a guess.
 */
export function isConstraintOnly(branch: unknown): boolean {
  return isObject(branch) && !TYPING.some((keyword) => branch[keyword] !== undefined);
}

/** A branch that only constrains and lists `required` keys: it makes properties declared elsewhere required. */
export function isRequiredOnly(branch: unknown): boolean {
  return isConstraintOnly(branch) && requiredKeys(branch).length > 0;
}

/** The `required` keys of a schema, the strings only, each once. */
export function requiredKeys(schema: unknown): string[] {
  if (!isObject(schema) || !Array.isArray(schema.required)) return [];
  return [...new Set(schema.required.filter((key): key is string => typeof key === "string"))];
}
