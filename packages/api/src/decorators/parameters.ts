import { KitDecoratorError } from "../core/errors.js";
import { messages } from "../core/messages.js";
import { decoratedMember, requireText } from "./member.js";
import { ownMethodRecord, type ParameterRole } from "./metadata.js";

export type KitParameterDecorator = (
  target: object,
  key: string | symbol | undefined,
  index: number,
) => void;

function parameter(
  role: ParameterRole,
  decorator: string,
  name: string | undefined,
  nameRequired: boolean,
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
    parameters.push({ role, name, index });
  };
}

/** Fills the placeholder `:name` of the route; the value is URI-encoded. */
export function Params(name: string): KitParameterDecorator {
  return parameter("params", "Params", name, true);
}

/** With a name, one query key; without, an object whose own fields become query keys. */
export function Query(name?: string): KitParameterDecorator {
  return parameter("query", "Query", name, false);
}

/** Without a name, the whole body; with a name, one field of an object body. */
export function Data(name?: string): KitParameterDecorator {
  return parameter("data", "Data", name, false);
}

/** One request header; `undefined` and `null` leave it out. */
export function HeaderValue(name: string): KitParameterDecorator {
  return parameter("header", "HeaderValue", name, true);
}
