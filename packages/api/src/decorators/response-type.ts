import { KitDecoratorError } from "../core/errors.js";
import { messages } from "../core/messages.js";
import type { KitResponseType } from "../core/vocabulary.js";
import { decoratedMember } from "./member.js";
import { ownMethodRecord } from "./metadata.js";
import type { KitMethodDecorator } from "./verbs.js";

const responseTypes: readonly KitResponseType[] = ["json", "text", "blob", "arraybuffer", "stream"];

/** How the response body is read; only `"json"` (the default) is ever unwrapped. */
export function ResponseType(type: KitResponseType): KitMethodDecorator {
  return (target, key) => {
    const { apiClass, methodName, where } = decoratedMember("ResponseType", target, key);
    if (!responseTypes.includes(type)) {
      const expected = `one of ${responseTypes.map((name) => `"${name}"`).join(", ")}`;
      throw new KitDecoratorError(
        "KIT_DECORATOR_ARGUMENT",
        messages.KIT_DECORATOR_ARGUMENT("ResponseType", where, expected),
      );
    }
    ownMethodRecord(apiClass, methodName).responseType = type;
  };
}
