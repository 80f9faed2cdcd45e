import { catalogue } from "../core/catalogue.js";
/** The messages of `@kit/api/tanstack-query`, keyed by the error's stable `code` (see core/messages.ts). */
export const queryDefaults = {
  KIT_QUERY_KEY_TARGET: (got: string) =>
    `kitQueryKey() takes an API object, one of its methods or a KitMethod, got ${got}`,
} as const;

export const queryMessages = catalogue(queryDefaults);
