import { KitDecoratorError } from "../core/errors.js";
import type { KitFieldEncoding } from "../core/form-encoding.js";
import { isJsonMediaType } from "../core/media-type.js";
import { messages } from "../core/messages.js";
import type { KitPathStyle } from "../core/path-value.js";
import type { QueryKeyBinding, WireBinding } from "../core/wire-binding.js";
import { decoratedMember, requireText } from "./member.js";
import { ownMethodRecord } from "./metadata.js";

export type KitParameterDecorator = (
  target: object,
  key: string | symbol | undefined,
  index: number,
) => void;

/**
 * How a named `@Query` sends an array or an object, in OpenAPI's words. `form` with `explode: true`
 * (the default) repeats the key (`ids=1&ids=2`); `explode: false` joins the items: `ids=1,2` for
 * form, `ids=1%202` for spaceDelimited, `ids=1%7C2` for pipeDelimited (whose default is `false`),
 * and an object's keys and values in turn (`color=R,100,G,200`).
 */
export interface KitQueryStyle {
  style?: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
  explode?: boolean;
  /**
   * A JSON media type (`"application/json"`): the value, an array too, is sent whole as JSON text,
   * as OpenAPI's `content` says, never by a style.
   */
  contentType?: string;
}

const JOINED_STYLES = new Set(["form", "spaceDelimited", "pipeDelimited"]);

/** A named query key's `style` option, checked: OpenAPI's style and explode, or a JSON content type. */
function queryKeyBinding(where: string, style: KitQueryStyle | undefined): QueryKeyBinding {
  if (style === undefined) return {};
  if (typeof style === "object" && style !== null) {
    if (jsonContent("Query", where, style.contentType)) return { style: "json" };
    const name = style.style ?? "form";
    const { explode } = style;
    if (explode === undefined || typeof explode === "boolean") {
      // deepObject has no `explode: false` form; `form` sends arrays as repeated keys by default.
      if (name === "deepObject" && explode !== false) return { style: "deepObject" };
      if (JOINED_STYLES.has(name)) {
        if (explode ?? name === "form") return {};
        return { style: name as "form" | "spaceDelimited" | "pipeDelimited", explode: false };
      }
    }
  }
  throw new KitDecoratorError(
    "KIT_DECORATOR_ARGUMENT",
    messages.KIT_DECORATOR_ARGUMENT(
      "Query",
      where,
      'a style of "form", "spaceDelimited", "pipeDelimited" or "deepObject" and a boolean explode',
    ),
  );
}

/**
 * How `@HeaderValue` sends an object: OpenAPI's `simple` style, the only one headers have, joins
 * keys and values with commas (`role,admin,size,2`), or with `explode: true` each key to its value
 * (`role=admin,size=2`). Without a style an object is sent as JSON text. Arrays are always joined
 * with commas, primitives sent as their text.
 */
export interface KitHeaderStyle {
  style?: "simple";
  explode?: boolean;
}

/**
 * A query object whose keys are sent as named `@Query` parameters would send them: `keys` in the
 * order they go on the wire, `styles` how an array or object under a key is sent. Keys the object
 * has beside the listed ones follow, as the unnamed `@Query()` sends them.
 */
export interface KitQueryObject {
  keys: readonly string[];
  styles?: Readonly<Record<string, KitQueryStyle>>;
}

/**
 * Records one parameter: `bind` checks the decorator's option and gives the parameter's wire
 * binding, once, when the decorator runs.
 */
function parameter(
  decorator: string,
  name: string | undefined,
  nameRequired: boolean,
  bind: (where: string) => WireBinding,
): KitParameterDecorator {
  return (target, key, index) => {
    const { apiClass, methodName, where } = decoratedMember(decorator, target, key);
    if (nameRequired || name !== undefined) requireText(decorator, where, name, "a non-empty name");
    const { parameters } = ownMethodRecord(apiClass, methodName);
    const binding = bind(where);
    if (
      binding.in === "path" &&
      parameters.some((p) => p.binding.in === "path" && p.binding.name === binding.name)
    ) {
      throw new KitDecoratorError(
        "KIT_PARAMS_DUPLICATE",
        messages.KIT_PARAMS_DUPLICATE(where, binding.name),
      );
    }
    parameters.push({ index, binding });
  };
}

function queryKeys(
  where: string,
  { keys, styles }: KitQueryObject,
): ({ name: string } & QueryKeyBinding)[] {
  const valid =
    Array.isArray(keys) &&
    keys.every((key) => typeof key === "string" && key !== "") &&
    new Set(keys).size === keys.length &&
    (styles === undefined ||
      (typeof styles === "object" &&
        styles !== null &&
        Object.keys(styles).every((key) => keys.includes(key))));
  if (!valid) {
    throw new KitDecoratorError(
      "KIT_DECORATOR_ARGUMENT",
      messages.KIT_DECORATOR_ARGUMENT(
        "Query",
        where,
        "keys as a list of distinct non-empty names, and styles only for listed keys",
      ),
    );
  }
  return keys.map((name) => {
    const style = styles !== undefined && Object.hasOwn(styles, name) ? styles[name] : undefined;
    return { name, ...queryKeyBinding(where, style) };
  });
}

function simpleExplode(where: string, style: KitHeaderStyle): boolean {
  const valid =
    typeof style === "object" &&
    style !== null &&
    (style.style === undefined || style.style === "simple") &&
    (style.explode === undefined || typeof style.explode === "boolean");
  if (!valid) {
    throw new KitDecoratorError(
      "KIT_DECORATOR_ARGUMENT",
      messages.KIT_DECORATOR_ARGUMENT(
        "HeaderValue",
        where,
        'a style of "simple" and a boolean explode',
      ),
    );
  }
  return style.explode ?? false;
}

/** One path placeholder; an array or object is sent as `style` says (see `KitPathStyle`). */
export function Params(name: string, style?: KitPathStyle): KitParameterDecorator {
  return parameter("Params", name, true, (where) => {
    if (style === undefined) return { in: "path", name };
    if (jsonContent("Params", where, style?.contentType))
      return { in: "path", name, style: "json" };
    return { in: "path", name, ...checkedPathStyle(where, style) };
  });
}

const PATH_STYLES = new Set(["simple", "label", "matrix"]);

/** `true` for a JSON `contentType` option; any other given value is refused. */
function jsonContent(decorator: string, where: string, contentType: unknown): true | undefined {
  if (contentType === undefined) return undefined;
  if (typeof contentType === "string" && isJsonMediaType(contentType)) return true;
  throw new KitDecoratorError(
    "KIT_DECORATOR_ARGUMENT",
    messages.KIT_DECORATOR_ARGUMENT(decorator, where, "a JSON contentType (application/json)"),
  );
}

function checkedPathStyle(
  where: string,
  style: KitPathStyle,
): { style: "simple" | "label" | "matrix"; explode: boolean } {
  const valid =
    typeof style === "object" &&
    style !== null &&
    (style.style === undefined || PATH_STYLES.has(style.style)) &&
    (style.explode === undefined || typeof style.explode === "boolean");
  if (!valid) {
    throw new KitDecoratorError(
      "KIT_DECORATOR_ARGUMENT",
      messages.KIT_DECORATOR_ARGUMENT(
        "Params",
        where,
        'a style of "simple", "label" or "matrix" and a boolean explode',
      ),
    );
  }
  return { style: style.style ?? "simple", explode: style.explode ?? false };
}

/**
 * With a name, one query key, an array as `style` says (repeated keys by default); without, an
 * object whose own fields become query keys; with a `KitQueryObject`, such an object whose listed
 * keys are sent in their order and style, the way named `@Query` parameters send them.
 */
export function Query(): KitParameterDecorator;
export function Query(name: string, style?: KitQueryStyle): KitParameterDecorator;
export function Query(object: KitQueryObject): KitParameterDecorator;
export function Query(
  name?: string | KitQueryObject,
  style?: KitQueryStyle,
): KitParameterDecorator {
  if (typeof name === "object" && name !== null) {
    return parameter("Query", undefined, false, (where) => ({
      in: "query",
      name: undefined,
      keys: queryKeys(where, name),
    }));
  }
  return parameter("Query", name, style !== undefined, (where) =>
    name === undefined
      ? { in: "query", name }
      : { in: "query", name, ...queryKeyBinding(where, style) },
  );
}

/**
 * Without a name, the whole body; with a name, one field of an object body, written in a form or
 * multipart body as `encoding` says (OpenAPI's Encoding Object: `style`, `explode`, `contentType`).
 */
export function Data(): KitParameterDecorator;
export function Data(name: string, encoding?: KitFieldEncoding): KitParameterDecorator;
export function Data(name?: string, encoding?: KitFieldEncoding): KitParameterDecorator {
  return parameter("Data", name, encoding !== undefined, (where) =>
    encoding === undefined
      ? { in: "body", name }
      : { in: "body", name, encoding: checkedEncoding(where, encoding) },
  );
}

const FIELD_STYLES = new Set(["form", "spaceDelimited", "pipeDelimited", "deepObject"]);

function checkedEncoding(where: string, encoding: KitFieldEncoding): KitFieldEncoding {
  const valid =
    typeof encoding === "object" &&
    encoding !== null &&
    (encoding.style === undefined || FIELD_STYLES.has(encoding.style)) &&
    (encoding.explode === undefined || typeof encoding.explode === "boolean") &&
    (encoding.contentType === undefined ||
      (typeof encoding.contentType === "string" && encoding.contentType !== ""));
  if (!valid) {
    throw new KitDecoratorError(
      "KIT_DECORATOR_ARGUMENT",
      messages.KIT_DECORATOR_ARGUMENT(
        "Data",
        where,
        'an encoding with a style of "form", "spaceDelimited", "pipeDelimited" or "deepObject", a boolean explode and a non-empty contentType',
      ),
    );
  }
  return { ...encoding };
}

/**
 * One request header; `undefined` and `null` leave it out. An object is sent as JSON text, or as
 * `style` says (`{ explode: false }`: `role,admin,size,2`); see `KitHeaderStyle`.
 */
export function HeaderValue(name: string, style?: KitHeaderStyle): KitParameterDecorator {
  return parameter("HeaderValue", name, true, (where) =>
    style === undefined
      ? { in: "header", name }
      : { in: "header", name, style: "simple", explode: simpleExplode(where, style) },
  );
}
