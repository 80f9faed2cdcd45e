import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import type { ParameterObject } from "../openapi/types.js";
import { bodyKind } from "./media.js";
import { parameterValueKinds } from "./parameter-branches.js";
import type { SchemaAt } from "./schema-input.js";

/** The OpenAPI styles whose `explode: false` sends an array as one value with its items joined. */
export type JoinedQueryStyle = "form" | "spaceDelimited" | "pipeDelimited";

const JOINED_STYLES = new Set<string>(["form", "spaceDelimited", "pipeDelimited"]);

/**
 * The style of a query array or object sent as one joined value (`ids=1,2`, `color=R,100,G,200`),
 * or undefined when an array's items repeat the key (`ids=1&ids=2`, OpenAPI's default).
 * `explode` defaults to true for `form` only, as OpenAPI says. Other styles (deepObject) and
 * other schemas keep the default.
 */
export function joinedQueryStyle(
  loaded: LoadedDocument,
  parameter: ParameterObject,
  schema: SchemaAt | undefined,
): JoinedQueryStyle | undefined {
  const written = queryStyleOf(parameter);
  if (
    schema === undefined ||
    written === undefined ||
    written.explode ||
    !JOINED_STYLES.has(written.style)
  ) {
    return undefined;
  }
  const { array, object } = parameterValueKinds(loaded, schema);
  return array || object ? (written.style as JoinedQueryStyle) : undefined;
}

/**
 * Why a query object cannot be sent as its style says: OpenAPI's style table has no form for a
 * `spaceDelimited` or `pipeDelimited` object with `explode: true`, so it travels as JSON text.
 * Undefined for every other parameter.
 */
export function unexpressedQueryStyle(
  loaded: LoadedDocument,
  parameter: ParameterObject,
  schema: SchemaAt | undefined,
): string | undefined {
  const written = queryStyleOf(parameter);
  if (schema === undefined || written === undefined || !written.explode) return undefined;
  const { style } = written;
  if (style !== "spaceDelimited" && style !== "pipeDelimited") return undefined;
  if (!parameterValueKinds(loaded, schema).object) return undefined;
  return `OpenAPI gives an object no ${style} form with explode: true; it is sent as JSON text`;
}

/**
 * A query parameter's style and explode, with OpenAPI's defaults (`form`, exploded for form only);
 * undefined for other parameters, and for one described by `content` instead of `schema`, whose
 * value is serialized whole by its media type (`q={"filters":[…]}` for JSON), never by a style.
 */
function queryStyleOf(parameter: ParameterObject): { style: string; explode: boolean } | undefined {
  if (parameter.in !== "query" || isContentParameter(parameter)) return undefined;
  const style = typeof parameter.style === "string" ? parameter.style : "form";
  const explode = typeof parameter.explode === "boolean" ? parameter.explode : style === "form";
  return { style, explode };
}

export function isContentParameter(parameter: ParameterObject): boolean {
  return !isObject(parameter.schema) && isObject(parameter.content);
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
  const written = queryStyleOf(parameter);
  if (schema === undefined || written === undefined || written.style !== "form" || !written.explode)
    return false;
  // Objects only: `allOf: [$ref]` to a string enum reads as an object schema until merged.
  return parameterValueKinds(loaded, schema).object;
}

/**
 * A query or path parameter described by JSON `content` whose value can be an array: the runtime
 * must be told to send it as JSON text (`@Query("ids", { contentType: "application/json" })`),
 * since an array without that goes by the style. Objects are JSON text already.
 */
export function isJsonContentArray(
  loaded: LoadedDocument,
  parameter: ParameterObject,
  schema: SchemaAt | undefined,
): boolean {
  if (schema === undefined || (parameter.in !== "query" && parameter.in !== "path")) return false;
  if (!isContentParameter(parameter)) return false;
  const mediaType = Object.keys(parameter.content ?? {}).sort()[0];
  return (
    mediaType !== undefined &&
    bodyKind(mediaType) === "json" &&
    parameterValueKinds(loaded, schema).array
  );
}
