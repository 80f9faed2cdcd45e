/** The messages of `@kit/api/tanstack-query`, keyed by the error's stable `code` (see core/messages.ts). */
export const queryMessages = {
  KIT_QUERY_KEY_TARGET: (got: string) =>
    `kitQueryKey() takes an API object, one of its methods or a KitMethod, got ${got}`,
} as const;
