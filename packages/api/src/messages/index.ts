import { KitOptionsError } from "../core/errors.js";
import type { KitMessageCatalogue } from "../core/messages.js";
import { isPlainObject } from "../core/plain-object.js";
import { catalogueMessages } from "./messages.js";
import { chooseMessages, startWording } from "./wording.js";

export type { KitMessageCatalogue } from "../core/messages.js";
export { en } from "./en.js";
export { zh } from "./zh.js";

startWording();

/**
 * Chooses the messages of every Kit error made from now on, in every server that has no
 * `messages` of its own: `setKitMessages(zh)`. A partial catalogue rewords only its codes, over
 * what was chosen before; `setKitMessages(null)` returns every message to its default.
 */
export function setKitMessages(catalogue: KitMessageCatalogue | null): void {
  if (
    catalogue !== null &&
    (!isPlainObject(catalogue) || !Object.values(catalogue).every(isMessage))
  ) {
    throw new KitOptionsError(
      "KIT_MESSAGES_INVALID",
      catalogueMessages.KIT_MESSAGES_INVALID(typeof catalogue),
    );
  }
  chooseMessages(catalogue);
}

function isMessage(value: unknown): boolean {
  return typeof value === "function" || value === undefined;
}
