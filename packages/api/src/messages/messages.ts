import { catalogue } from "../core/catalogue.js";

/** The messages of `@kit/api/messages`, keyed by the error's stable `code` (see core/messages.ts). */
export const catalogueDefaults = {
  KIT_MESSAGES_INVALID: (got: string) =>
    `setKitMessages() takes a catalogue, an object of message functions by error code, got ${got}`,
} as const;

export const catalogueMessages = catalogue(catalogueDefaults);
