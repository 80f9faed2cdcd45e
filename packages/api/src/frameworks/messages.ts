/** The messages of the Vue and React strategies, keyed by the error's stable `code`. */
export const frameworkMessages = {
  KIT_STRATEGY_OPTION_INVALID: (where: string, expected: string, got: string) =>
    `${where} must be ${expected}, got ${got}`,
} as const;
