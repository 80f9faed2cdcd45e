import type { LoadedDocument } from "../openapi/load.js";
import { dereference } from "../openapi/refs.js";
import type { SchemaObject } from "../openapi/types.js";
import type { MethodParameter } from "./method-parameters.js";
import type { Operation } from "./operation.js";
import { valueText } from "./schema-doc.js";

/**
 * The `@param` line of a method's doc comment for one parameter: its description, whether it is
 * deprecated, and its default and example values; undefined when the document says none of it.
 * A document parameter's own fields come first, then its schema's.
 */
export function parameterTag(
  loaded: LoadedDocument,
  operation: Operation,
  parameter: MethodParameter,
): string | undefined {
  const lines = parameterDocLines(loaded, operation, parameter);
  return lines.length === 0 ? undefined : `@param ${parameter.variable} ${lines.join("\n")}`;
}

/** What a parameter's doc says, line by line: deprecation, description, default and example. */
export function parameterDocLines(
  loaded: LoadedDocument,
  operation: Operation,
  parameter: MethodParameter,
): string[] {
  const declared =
    parameter.from &&
    operation.parameters.find(
      (candidate) => candidate.in === parameter.from!.in && candidate.name === parameter.from!.name,
    );
  const source = "schema" in parameter.type ? parameter.type.schema : declared?.schema;
  const schema: SchemaObject = source
    ? dereference(loaded, source.schema, source.pointer).schema
    : {};
  // The whole body (no wire name) is described by the request body; a form field by its schema.
  const description = declared
    ? (declared.description ?? schema.description)
    : parameter.key === undefined
      ? operation.requestBody?.description
      : schema.description;
  const example = declared?.example !== undefined ? declared.example : schema.example;
  const lines = [
    declared?.deprecated === true || schema.deprecated === true ? "Deprecated." : undefined,
    typeof description === "string" ? description : undefined,
    schema.default === undefined ? undefined : `Default: ${valueText(schema.default)}`,
    example === undefined ? undefined : `Example: ${valueText(example)}`,
  ];
  return lines.filter((line): line is string => line !== undefined && line.trim() !== "");
}
