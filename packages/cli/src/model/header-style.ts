import type { LoadedDocument } from "../openapi/load.js";
import type { ParameterObject } from "../openapi/types.js";
import { parameterValueKinds } from "./parameter-branches.js";
import { isContentParameter } from "./query-style.js";
import type { SchemaAt } from "./schema-input.js";

/**
 * How a header object is written in `simple`, the one style headers have: `explode: false`
 * (OpenAPI's default) joins keys and values, `role,admin,size,2`; `true` gives `role=admin,size=2`.
 * Undefined for a header that is not an object, and for one described by `content`, which is sent
 * whole as its media type writes it (JSON text, the runtime's way with an object header).
 */
export function headerObjectExplode(
  loaded: LoadedDocument,
  parameter: ParameterObject,
  schema: SchemaAt | undefined,
): boolean | undefined {
  if (parameter.in !== "header" || schema === undefined || isContentParameter(parameter)) {
    return undefined;
  }
  if (!parameterValueKinds(loaded, schema).object) return undefined;
  return parameter.explode === true;
}
