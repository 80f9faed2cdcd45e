import type { LoadedDocument } from "../openapi/load.js";
import type { ParameterObject } from "../openapi/types.js";
import { headerObjectExplode } from "./header-style.js";
import { pathStyleOf } from "./path-style.js";
import {
  isExplodedQueryObject,
  isJsonContentArray,
  type JoinedQueryStyle,
  joinedQueryStyle,
} from "./query-style.js";
import type { SchemaAt } from "./schema-input.js";

/** The runtime's `@Data(name, encoding)` option: OpenAPI's Encoding Object, checked. */
export interface FieldEncoding {
  style?: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
  explode?: boolean;
  contentType?: string;
}

/**
 * How one parameter goes on the wire. Decided once, where the document is read; carried unchanged
 * through the method plan; printed as its decorator (`emit/method.ts`), from which the runtime
 * compiles the parameter's handler. Without a `style` the runtime's way for the location sends
 * what the document says: a scalar as its text, an array joined by commas in a path or a header
 * and repeating its key in a query, an object as JSON text. A style is given only where it changes
 * what is sent for the values the parameter's schema admits.
 */
export type WireBinding =
  | { readonly in: "path"; readonly style?: undefined }
  /** `@Params(key, { style, explode })`: `label` and `matrix` always, `simple` for an object. */
  | {
      readonly in: "path";
      readonly style: "simple" | "label" | "matrix";
      readonly explode: boolean;
    }
  | { readonly in: "query"; readonly style?: undefined }
  /** An array or object sent as one value, its items joined (`ids=1,2`). */
  | { readonly in: "query"; readonly style: JoinedQueryStyle; readonly explode: false }
  /** An object sent as `key[field]=value` pairs. */
  | { readonly in: "query"; readonly style: "deepObject" }
  /** An object whose own keys are the query keys (`@Query()`, without a name). */
  | { readonly in: "query"; readonly style: "form"; readonly explode: true }
  /**
   * No style: a parameter described by JSON `content` whose value can be an array, sent whole as
   * JSON text (an object without this is JSON text already).
   */
  | { readonly in: "path" | "query"; readonly style: "json" }
  | { readonly in: "header"; readonly style?: undefined }
  /** An object in `simple`, the one style headers have: `role,admin` or, exploded, `role=admin`. */
  | { readonly in: "header"; readonly style: "simple"; readonly explode: boolean }
  /** Not sent by the method: the caller writes it into the Cookie header. */
  | { readonly in: "cookie" }
  /** The whole body, or one field of a form or multipart body written as its Encoding Object says. */
  | { readonly in: "body"; readonly encoding?: FieldEncoding };

// Most parameters take their location's default way: one binding each, shared by all of them.
const PATH: WireBinding = { in: "path" };
const QUERY: WireBinding = { in: "query" };
const HEADER: WireBinding = { in: "header" };
const COOKIE: WireBinding = { in: "cookie" };

/**
 * The binding of a document parameter. OpenAPI 3.2's `querystring` (a form-urlencoded object) is
 * the query object whose own keys are the query keys.
 */
export function parameterBinding(
  loaded: LoadedDocument,
  parameter: ParameterObject,
  schema: SchemaAt | undefined,
): WireBinding {
  switch (parameter.in) {
    case "path": {
      if (isJsonContentArray(loaded, parameter, schema)) return { in: "path", style: "json" };
      const style = pathStyleOf(loaded, parameter, schema);
      return style === undefined ? PATH : { in: "path", ...style };
    }
    case "query": {
      if (isJsonContentArray(loaded, parameter, schema)) return { in: "query", style: "json" };
      const joined = joinedQueryStyle(loaded, parameter, schema);
      if (joined !== undefined) return { in: "query", style: joined, explode: false };
      if (parameter.style === "deepObject") return { in: "query", style: "deepObject" };
      if (isExplodedQueryObject(loaded, parameter, schema)) {
        return { in: "query", style: "form", explode: true };
      }
      return QUERY;
    }
    case "header": {
      const explode = headerObjectExplode(loaded, parameter, schema);
      return explode === undefined ? HEADER : { in: "header", style: "simple", explode };
    }
    case "cookie":
      return COOKIE;
    case "querystring":
      return { in: "query", style: "form", explode: true };
  }
}
