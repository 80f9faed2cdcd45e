import { catalogue } from "../core/catalogue.js";

/** The messages of the Vue and React strategies and the TanStack Query helpers, keyed by the error's stable `code`. */
export const frameworkDefaults = {
  KIT_STRATEGY_OPTION_INVALID: (where: string, expected: string, got: string) =>
    `${where} must be ${expected}, got ${got}`,
  KIT_SAVE_WITHOUT_DOCUMENT: (where: string) =>
    `${where} saves files through the page's document, and there is none here; pass save: (file) => … to save elsewhere`,
  KIT_QUERY_KEY_TARGET: (where: string, got: string) =>
    `${where} takes an API object, one of its methods or a KitMethod, got ${got}`,
} as const;

export const frameworkMessages = catalogue(frameworkDefaults);
