import type { LoadedDocument } from "../openapi/load.js";
import type { ParameterObject } from "../openapi/types.js";
import { dereference } from "./dereference.js";
import { mergeObjectShape } from "./merge-object-shape.js";
import type { SchemaAt } from "./schema-input.js";

/** The OpenAPI styles whose `explode: false` sends an array as one value with its items joined. */
export type JoinedQueryStyle = "form" | "spaceDelimited" | "pipeDelimited";

const JOINED_STYLES = new Set<string>(["form", "spaceDelimited", "pipeDelimited"]);

/**
 * The style of a query array sent as one joined value (`ids=1,2`), or undefined when its items
 * repeat the key (`ids=1&ids=2`, OpenAPI's default). `explode` defaults to true for `form` only,
 * as OpenAPI says. Other styles (deepObject) and non-array schemas keep the default.
 */
export function joinedQueryStyle(
  loaded: LoadedDocument,
  parameter: ParameterObject,
  schema: SchemaAt | undefined,
): JoinedQueryStyle | undefined {
  if (parameter.in !== "query" || schema === undefined) return undefined;
  const style = typeof parameter.style === "string" ? parameter.style : "form";
  const explode = typeof parameter.explode === "boolean" ? parameter.explode : style === "form";
  if (explode || !JOINED_STYLES.has(style)) return undefined;
  const { schema: resolved } = dereference(loaded, schema.schema, schema.pointer);
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  return types.includes("array") ? (style as JoinedQueryStyle) : undefined;
}

/**
 * Whether a query parameter is an object sent as its own keys (`q=…&page=…`): OpenAPI's default
 * style `form` with `explode: true` (the default for form) says so. Sent under its name, the
 * object would travel as JSON text (`filter={"q":…}`).
 */
export function isExplodedQueryObject(
  loaded: LoadedDocument,
  parameter: ParameterObject,
  schema: SchemaAt | undefined,
): boolean {
  if (parameter.in !== "query" || schema === undefined) return false;
  const style = typeof parameter.style === "string" ? parameter.style : "form";
  const explode = typeof parameter.explode === "boolean" ? parameter.explode : style === "form";
  if (style !== "form" || !explode) return false;
  // Objects only: `allOf: [$ref]` to a string enum reads as an object schema until merged.
  return mergeObjectShape(loaded, [schema]) !== undefined;
}
