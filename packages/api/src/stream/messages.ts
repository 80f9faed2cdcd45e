/** The messages of `@kit/api/stream`, keyed by the error's stable `code` (see core/messages.ts). */
export const streamMessages = {
  KIT_STREAM_CONTENT_TYPE: (method: string, url: string, expected: string, got: string) =>
    `${method} ${url} answered ${got || "no Content-Type"} where a ${expected} stream was expected`,
} as const;
