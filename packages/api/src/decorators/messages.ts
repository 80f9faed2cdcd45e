/** The messages of the option decorators, keyed by the error's stable `code` (see core/messages.ts). */
export const optionDefaults = {
  KIT_DECORATOR_OPTION_TARGET: (decorator: string, where: string) =>
    `@${decorator} on ${where} must decorate an API class or one of its instance methods`,
} as const;

/** Loaded with every client (`@ResponseType` uses it), so `@kit/api/messages` imports it, as core/messages.ts. */
export const optionMessages: typeof optionDefaults = Object.create(optionDefaults);
