import type { LoadedDocument } from "../openapi/load.js";
import type { ParameterObject } from "../openapi/types.js";
import { parameterValueKinds } from "./parameter-branches.js";
import { isContentParameter } from "./query-style.js";
import type { SchemaAt } from "./schema-input.js";

/** How a path parameter fills its placeholder: `@Params(name, { style, explode })`. */
export interface PathStyle {
  readonly style: "simple" | "label" | "matrix";
  readonly explode: boolean;
}

const STYLES = new Set(["simple", "label", "matrix"]);

/**
 * The style `@Params` must be told, or undefined when the runtime's default already sends what
 * the document says: a scalar or an array in `simple` (OpenAPI's default; `explode` changes nothing
 * for them), and a parameter described by `content`, sent whole as its media type writes it (JSON
 * text, the runtime's way with an object). `label` and `matrix` are always told, since they add a
 * prefix to every value; a `simple` object is told, since without a style it goes as JSON text.
 */
export function pathStyleOf(
  loaded: LoadedDocument,
  parameter: ParameterObject,
  schema: SchemaAt | undefined,
): PathStyle | undefined {
  if (parameter.in !== "path" || isContentParameter(parameter)) return undefined;
  const style = typeof parameter.style === "string" ? parameter.style : "simple";
  if (!STYLES.has(style)) return undefined;
  const explode = parameter.explode === true;
  if (style !== "simple") return { style: style as PathStyle["style"], explode };
  if (schema === undefined || !parameterValueKinds(loaded, schema).object) return undefined;
  return { style, explode };
}

/** Why a path parameter's style cannot be followed, or undefined when it can. */
export function unknownPathStyle(parameter: ParameterObject): string | undefined {
  if (parameter.in !== "path" || isContentParameter(parameter)) return undefined;
  if (typeof parameter.style !== "string" || STYLES.has(parameter.style)) return undefined;
  return `a path parameter has no style "${parameter.style}" (only simple, label, matrix); it is sent in the simple style`;
}
