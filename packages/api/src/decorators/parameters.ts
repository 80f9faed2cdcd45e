import { KitDecoratorError } from "../core/errors.js";
import { messages } from "../core/messages.js";
import type { KitQuerySeparator } from "../core/query.js";
import { decoratedMember, requireText } from "./member.js";
import { ownMethodRecord, type ParameterRole } from "./metadata.js";

export type KitParameterDecorator = (
  target: object,
  key: string | symbol | undefined,
  index: number,
) => void;

/**
 * How a named `@Query` sends an array, in OpenAPI's words. `form` with `explode: true` (the
 * default) repeats the key (`ids=1&ids=2`); `explode: false` joins the items: `ids=1,2` for form,
 * `ids=1%202` for spaceDelimited, `ids=1%7C2` for pipeDelimited (whose default is `false`).
 */
export interface KitQueryStyle {
  style?: "form" | "spaceDelimited" | "pipeDelimited";
  explode?: boolean;
}

const SEPARATORS: Record<string, KitQuerySeparator> = {
  form: ",",
  spaceDelimited: " ",
  pipeDelimited: "|",
};

function querySeparator(where: string, style: KitQueryStyle): KitQuerySeparator | undefined {
  const name = style.style ?? "form";
  const separator = Object.hasOwn(SEPARATORS, name) ? SEPARATORS[name] : undefined;
  if (
    separator === undefined ||
    (style.explode !== undefined && typeof style.explode !== "boolean")
  ) {
    throw new KitDecoratorError(
      "KIT_DECORATOR_ARGUMENT",
      messages.KIT_DECORATOR_ARGUMENT(
        "Query",
        where,
        'a style of "form", "spaceDelimited" or "pipeDelimited" and a boolean explode',
      ),
    );
  }
  return (style.explode ?? name === "form") ? undefined : separator;
}

function parameter(
  role: ParameterRole,
  decorator: string,
  name: string | undefined,
  nameRequired: boolean,
  style?: KitQueryStyle,
): KitParameterDecorator {
  return (target, key, index) => {
    const { apiClass, methodName, where } = decoratedMember(decorator, target, key);
    if (nameRequired || name !== undefined) requireText(decorator, where, name, "a non-empty name");
    const { parameters } = ownMethodRecord(apiClass, methodName);
    if (role === "params" && parameters.some((p) => p.role === "params" && p.name === name)) {
      throw new KitDecoratorError(
        "KIT_PARAMS_DUPLICATE",
        messages.KIT_PARAMS_DUPLICATE(where, String(name)),
      );
    }
    const separator = style === undefined ? undefined : querySeparator(where, style);
    parameters.push(
      separator === undefined ? { role, name, index } : { role, name, index, separator },
    );
  };
}

/** Fills the placeholder `:name` of the route; the value is URI-encoded. */
export function Params(name: string): KitParameterDecorator {
  return parameter("params", "Params", name, true);
}

/**
 * With a name, one query key, an array as `style` says (repeated keys by default); without, an
 * object whose own fields become query keys.
 */
export function Query(): KitParameterDecorator;
export function Query(name: string, style?: KitQueryStyle): KitParameterDecorator;
export function Query(name?: string, style?: KitQueryStyle): KitParameterDecorator {
  return parameter("query", "Query", name, style !== undefined, style);
}

/** Without a name, the whole body; with a name, one field of an object body. */
export function Data(name?: string): KitParameterDecorator {
  return parameter("data", "Data", name, false);
}

/** One request header; `undefined` and `null` leave it out. */
export function HeaderValue(name: string): KitParameterDecorator {
  return parameter("header", "HeaderValue", name, true);
}
