import { catalogue } from "../core/catalogue.js";
/** The messages of `@kit/api/stream`, keyed by the error's stable `code` (see core/messages.ts). */
export const streamDefaults = {
  KIT_STREAM_CONTENT_TYPE: (method: string, url: string, expected: string, got: string) =>
    `${method} ${url} answered ${got || "no Content-Type"} where a ${expected} stream was expected`,
} as const;

export const streamMessages = catalogue(streamDefaults);
