import type { TypeSource } from "../model/signature.js";
import type { RenderContext } from "./render-context.js";
import { renderSchemaType } from "./schema/render-schema-type.js";

/**
 * The type of a parameter, body or response. A source with an `inlineName` (an inline object body
 * or response) is declared as a named type instead of printed in place.
 */
export function renderPayloadType(source: TypeSource, context: RenderContext, indent = ""): string {
  if ("text" in source) return source.text;
  const { schema, pointer } = source.schema;
  if (source.inlineName !== undefined) {
    return context.reference(context.registry.nameInline(pointer, source.inlineName, schema));
  }
  return renderSchemaType(schema, pointer, context, indent);
}
