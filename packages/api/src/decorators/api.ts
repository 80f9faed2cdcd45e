import { KitDecoratorError } from "../core/errors.js";
import { messages } from "../core/messages.js";
import { type Constructor, ownApiRecord } from "./metadata.js";

/** The path prefix of every method of the class, joined to the server's baseURL. */
export function Api(prefix = ""): (target: Constructor) => void {
  return (target) => {
    if (typeof prefix !== "string") {
      throw new KitDecoratorError(
        "KIT_DECORATOR_ARGUMENT",
        messages.KIT_DECORATOR_ARGUMENT("Api", target.name, "a path prefix string"),
      );
    }
    ownApiRecord(target).prefix = prefix;
  };
}
