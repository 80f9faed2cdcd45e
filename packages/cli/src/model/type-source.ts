import type { SchemaObject } from "../openapi/types.js";
import type { SchemaAt } from "./schema-input.js";
import { isObjectSchema } from "./schema-kind.js";

/** Where a TypeScript type comes from: a schema (declared as `inlineName` when given) or fixed text. */
export type TypeSource =
  | { schema: SchemaAt; inlineName?: string }
  | { text: "string" | "Blob" | "FormData" | "void" | "unknown" };

/**
 * An inline object schema is declared as a named type, whose name is made only then; anything
 * else is printed in place.
 */
export function namedIfInline(schema: SchemaAt, inlineName: () => string): TypeSource {
  const isInlineObject =
    typeof schema.schema.$ref !== "string" && isObjectSchema(schema.schema as SchemaObject);
  return isInlineObject ? { schema, inlineName: inlineName() } : { schema };
}
