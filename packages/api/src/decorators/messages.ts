import { catalogue } from "../core/catalogue.js";

/** The messages of the option decorators, keyed by the error's stable `code` (see core/messages.ts). */
export const optionDefaults = {
  KIT_DECORATOR_OPTION_TARGET: (decorator: string, where: string) =>
    `@${decorator} on ${where} must decorate an API class or one of its instance methods`,
} as const;

export const optionMessages = catalogue(optionDefaults);
