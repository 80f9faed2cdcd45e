import { isObject } from "../../openapi/is-object.js";

/** Keywords that give a schema a type or a structure; the others only constrain or describe. */
const TYPING = [
  "$ref",
  "type",
  "properties",
  "additionalProperties",
  "items",
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
