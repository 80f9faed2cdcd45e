import type { ParameterBinding } from "../decorators/metadata.js";
import { KitRequestError } from "./errors.js";
import { deepPairs, isObjectValue, objectItems } from "./form-encoding.js";
import { headerText, simpleHeaderText } from "./header-text.js";
import { type KitErrorCode, messages } from "./messages.js";
import { type PathTemplate, showPathTemplate } from "./path-template.js";
import { jsonText, pathText } from "./path-value.js";
import { KitQueryList, type KitQuerySeparator } from "./query.js";
import type { KitHttpMethod } from "./vocabulary.js";
import type { QueryKeyBinding, WireBinding } from "./wire-binding.js";

/** What one send's arguments fill in, handler by handler. */
export interface Outgoing {
  readonly params: Record<string, unknown>;
  readonly headers: Record<string, string>;
  /** The encoded text of each placeholder, in the route's order. */
  readonly path: string[];
  /** `@Data()`'s value and the argument it came from. */
  whole: unknown;
  wholeIndex: number;
  /** The `@Data(name)` fields given, made for the first: most routes have none. */
  fields: Record<string, unknown> | undefined;
  /** The first field's name, for the message when the whole body cannot take fields. */
  field: string;
  /** Where an error before the send points: the route's method and URL under the baseURL. */
  readonly method: KitHttpMethod;
  readonly url: PathTemplate;
}

/** Puts one parameter's argument into the outgoing request. */
export type ParameterHandler = (args: readonly unknown[], out: Outgoing) => void;

/**
 * One handler per decorated parameter, made from its wire binding when the API class is first
 * created, so a send only runs them. `where` names the method in errors; `placeholders` are the
 * route's placeholder names in order, which a path parameter fills.
 */
export function compileParameters(
  where: string,
  parameters: readonly ParameterBinding[],
  placeholders: readonly string[],
): ParameterHandler[] {
  return parameters.map(({ index, binding }) => handlerOf(where, index, binding, placeholders));
}

function handlerOf(
  where: string,
  index: number,
  binding: WireBinding,
  placeholders: readonly string[],
): ParameterHandler {
  switch (binding.in) {
    case "path": {
      const { name } = binding;
      const text = pathText(name, binding);
      const positions = placeholders.flatMap((placeholder, at) =>
        placeholder === name ? [at] : [],
      );
      return (args, out) => {
        const value = args[index];
        if (value == null) {
          const message = messages.KIT_PATH_VALUE_MISSING(where, name);
          throw argumentError(out, where, "KIT_PATH_VALUE_MISSING", message);
        }
        const filled = text(value);
        for (const at of positions) out.path[at] = filled;
      };
    }
    case "query": {
      if (binding.name !== undefined) {
        const put = queryPut(binding.name, binding);
        return (args, out) => put(out.params, args[index]);
      }
      return queryObjectHandler(where, index, binding.keys);
    }
    case "header": {
      const { name } = binding;
      const textOf = binding.style === undefined ? headerText : simpleHeaderText(binding.explode);
      return (args, out) => {
        const value = args[index];
        if (value == null) return;
        const text = textOf(value);
        // axios would strip the line break silently and send a different value.
        if (/[\r\n]/.test(text)) {
          const message = messages.KIT_HEADER_VALUE_INVALID(where, name);
          throw argumentError(out, where, "KIT_HEADER_VALUE_INVALID", message);
        }
        out.headers[name] = text;
      };
    }
    case "body": {
      const { name } = binding;
      if (name === undefined) {
        return (args, out) => {
          out.whole = args[index];
          out.wholeIndex = index;
        };
      }
      return (args, out) => {
        const value = args[index];
        if (value === undefined) return;
        out.fields ??= Object.create(null) as Record<string, unknown>;
        out.fields[name] = value;
        out.field ||= name;
      };
    }
  }
}

/** How one query key's value goes into the request's params. */
type QueryPut = (params: Record<string, unknown>, value: unknown) => void;

const SEPARATORS: Readonly<Record<string, KitQuerySeparator>> = {
  form: ",",
  spaceDelimited: " ",
  pipeDelimited: "|",
};

function queryPut(name: string, binding: QueryKeyBinding): QueryPut {
  switch (binding.style) {
    case undefined:
      return (params, value) => {
        params[name] = value;
      };
    case "json":
      return (params, value) => {
        params[name] = value == null ? value : jsonText(value);
      };
    case "deepObject":
      return (params, value) => {
        if (typeof value !== "object" || value === null) {
          params[name] = value;
          return;
        }
        const pairs: [string, string][] = [];
        deepPairs(name, value, pairs);
        for (const [key, text] of pairs) params[key] = text;
      };
    default: {
      const separator = SEPARATORS[binding.style]!;
      return (params, value) => {
        params[name] = Array.isArray(value)
          ? new KitQueryList(value, separator)
          : isObjectValue(value)
            ? new KitQueryList(objectItems(value), separator)
            : value;
      };
    }
  }
}

/**
 * `@Query()`: an object whose own keys are query keys; with `keys`, those first, in their order
 * and as their bindings say, then the object's others as they are.
 */
function queryObjectHandler(
  where: string,
  index: number,
  keys: readonly ({ readonly name: string } & QueryKeyBinding)[] | undefined,
): ParameterHandler {
  const puts = keys?.map((key) => [key.name, queryPut(key.name, key)] as const);
  const listed = new Set(keys?.map((key) => key.name));
  return (args, out) => {
    const value = args[index];
    if (value == null) return;
    // Object.assign would spread a string or an array into keys: "foo" as ?0=f&1=o&2=o.
    if (typeof value !== "object" || Array.isArray(value)) {
      const message = messages.KIT_QUERY_NOT_OBJECT(where, index + 1, kindOf(value));
      throw argumentError(out, where, "KIT_QUERY_NOT_OBJECT", message);
    }
    if (puts === undefined) {
      Object.assign(out.params, value);
      return;
    }
    const fields = value as Record<string, unknown>;
    for (const [name, put] of puts) if (Object.hasOwn(fields, name)) put(out.params, fields[name]);
    for (const name of Object.keys(fields)) if (!listed.has(name)) out.params[name] = fields[name];
  };
}

/** An error in the call's arguments, raised before anything is sent. */
export function argumentError(
  out: Outgoing,
  where: string,
  code: KitErrorCode,
  message: string,
): KitRequestError {
  const target = { method: out.method, url: showPathTemplate(out.url), api: where };
  return new KitRequestError("argument", code, message, target);
}

/** What a value is, for a message; never the value itself, which may be a secret. */
export function kindOf(value: unknown): string {
  const kind = Array.isArray(value)
    ? "array"
    : typeof value === "object"
      ? ((value as object).constructor?.name ?? "object")
      : typeof value;
  return `${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind}`;
}
