import { compareText } from "../../model/compare.js";
import type { ObjectShape } from "../../model/merge-object-shape.js";
import { isIdentifier } from "../../model/names.js";
import { isObject } from "../../openapi/is-object.js";
import type { SchemaObject } from "../../openapi/types.js";
import { docComment } from "../doc-comment.js";
import type { RenderContext } from "../render-context.js";
import { renderSchemaType } from "./render-schema-type.js";

/**
 * `{ … }` with one member per line, or `Record<string, T>` for a pure map (an index signature
 * where the map names the alias it stands in, see `mapValue`). Extra keys beside
 * declared properties get an `unknown` index signature, the only one every property type fits.
 */
export function renderObjectType(
  shape: ObjectShape,
  context: RenderContext,
  indent: string,
): string {
  if (shape.properties.size === 0) {
    const extra = shape.additionalProperties;
    if (extra === undefined || extra === true) return "Record<string, unknown>";
    const { value, needsLiteral } = context.mapValue(() =>
      renderSchemaType(extra.schema, extra.pointer, context, indent),
    );
    return needsLiteral ? `{ [key: string]: ${value} }` : `Record<string, ${value}>`;
  }
  return ["{", ...renderObjectMembers(shape, context, `${indent}  `), `${indent}}`].join("\n");
}

/** Member lines, properties sorted by key; a key that is not an identifier is quoted. */
export function renderObjectMembers(
  shape: ObjectShape,
  context: RenderContext,
  indent: string,
): string[] {
  const lines: string[] = [];
  for (const key of [...shape.properties.keys()].sort(compareText)) {
    const { schema, pointer } = shape.properties.get(key)!;
    if (isObject(schema)) {
      const own = schema as SchemaObject;
      const format = typeof own.format === "string" ? `Format: ${own.format}` : undefined;
      lines.push(
        ...docComment(
          [own.description, format],
          indent,
          own.deprecated === true ? ["@deprecated"] : [],
        ),
      );
    }
    const name = isIdentifier(key) ? key : JSON.stringify(key);
    const optional = shape.required.has(key) ? "" : "?";
    lines.push(
      `${indent}${name}${optional}: ${context.at("deferred", () => renderSchemaType(schema, pointer, context, indent))};`,
    );
  }
  if (shape.additionalProperties !== undefined) lines.push(`${indent}[key: string]: unknown;`);
  return lines;
}
