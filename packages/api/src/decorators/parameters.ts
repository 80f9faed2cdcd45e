import { KitDecoratorError } from "../core/errors.js";
import type { KitFieldEncoding } from "../core/form-encoding.js";
import { isJsonMediaType } from "../core/media-type.js";
import { messages } from "../core/messages.js";
import type { KitPathStyle } from "../core/path-value.js";
import type { QueryKeyBinding, WireBinding } from "../core/wire-binding.js";
import { argumentError, decoratedMember, requireText } from "./member.js";
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

/** The styles OpenAPI gives query parameters (and form fields), path parameters and headers. */
const QUERY_STYLES = ["form", "spaceDelimited", "pipeDelimited", "deepObject"] as const;
const PATH_STYLES = ["simple", "label", "matrix"] as const;
const HEADER_STYLES = ["simple"] as const;

/** A named query key's `style` option, checked: OpenAPI's style and explode, or a JSON content type. */
function queryKeyBinding(where: string, style: KitQueryStyle | undefined): QueryKeyBinding {
  if (style === undefined) return {};
  if (jsonContent("Query", where, isObject(style) ? style.contentType : undefined)) {
    return { style: "json" };
  }
  const { style: name = "form", explode } = checkedStyle("Query", where, style, QUERY_STYLES);
  // deepObject has no `explode: false` form; `form` sends arrays as repeated keys by default.
  if (name === "deepObject") {
    if (explode === false) throw styleError("Query", where, QUERY_STYLES);
    return { style: "deepObject" };
  }
  return (explode ?? name === "form") ? {} : { style: name, explode: false };
}

/**
 * `option` when it is an object whose `style` is one of `styles` and whose `explode` is a
 * boolean, each optional, as OpenAPI writes a parameter's style; else the decorator's error.
 */
function checkedStyle<Option extends { style?: string; explode?: boolean }>(
  decorator: string,
  where: string,
  option: Option,
  styles: readonly string[],
): Option {
  if (
    isObject(option) &&
    (option.style === undefined || styles.includes(option.style)) &&
    (option.explode === undefined || typeof option.explode === "boolean")
  ) {
    return option;
  }
  throw styleError(decorator, where, styles);
}

function styleError(
  decorator: string,
  where: string,
  styles: readonly string[],
): KitDecoratorError {
  return argumentError(decorator, where, `a style of ${quoted(styles)} and a boolean explode`);
}

/** `"a", "b" or "c"`. */
function quoted(names: readonly string[]): string {
  const texts = names.map((name) => `"${name}"`);
  const last = texts.pop()!;
  return texts.length === 0 ? last : `${texts.join(", ")} or ${last}`;
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
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
      (isObject(styles) && Object.keys(styles).every((key) => keys.includes(key))));
  if (!valid) {
    throw argumentError(
      "Query",
      where,
      "keys as a list of distinct non-empty names, and styles only for listed keys",
    );
  }
  return keys.map((name) => {
    const style = styles !== undefined && Object.hasOwn(styles, name) ? styles[name] : undefined;
    return { name, ...queryKeyBinding(where, style) };
  });
}

/** One path placeholder; an array or object is sent as `style` says (see `KitPathStyle`). */
export function Params(name: string, style?: KitPathStyle): KitParameterDecorator {
  return parameter("Params", name, true, (where) => {
    if (style === undefined) return { in: "path", name };
    if (jsonContent("Params", where, style?.contentType)) {
      return { in: "path", name, style: "json" };
    }
    const checked = checkedStyle("Params", where, style, PATH_STYLES);
    return {
      in: "path",
      name,
      style: checked.style ?? "simple",
      explode: checked.explode ?? false,
    };
  });
}

/** `true` for a JSON `contentType` option; any other given value is refused. */
function jsonContent(decorator: string, where: string, contentType: unknown): true | undefined {
  if (contentType === undefined) return undefined;
  if (typeof contentType === "string" && isJsonMediaType(contentType)) return true;
  throw argumentError(decorator, where, "a JSON contentType (application/json)");
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

function checkedEncoding(where: string, encoding: KitFieldEncoding): KitFieldEncoding {
  const { contentType } = encoding ?? {};
  if (contentType !== undefined && (typeof contentType !== "string" || contentType === "")) {
    throw argumentError("Data", where, "a non-empty contentType");
  }
  return { ...checkedStyle("Data", where, encoding, QUERY_STYLES) };
}

/**
 * One request header; `undefined` and `null` leave it out. An object is sent as JSON text, or as
 * `style` says (`{ explode: false }`: `role,admin,size,2`); see `KitHeaderStyle`.
 */
export function HeaderValue(name: string, style?: KitHeaderStyle): KitParameterDecorator {
  return parameter("HeaderValue", name, true, (where) =>
    style === undefined
      ? { in: "header", name }
      : {
          in: "header",
          name,
          style: "simple",
          explode: checkedStyle("HeaderValue", where, style, HEADER_STYLES).explode ?? false,
        },
  );
}
