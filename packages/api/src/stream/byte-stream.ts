import type { KitByteStream } from "./types.js";

/** Reads a body chunk by chunk, whichever adapter made it, and can stop it early. */
export interface ChunkReader {
  next(): Promise<Uint8Array | undefined>;
  /** Stops the body: the connection is closed and a pending `next()` ends. */
  cancel(): void;
}

export function readChunks(body: KitByteStream): ChunkReader {
  if ("getReader" in body) {
    const reader = body.getReader();
    return {
      next: async () => {
        const { done, value } = await reader.read();
        return done ? undefined : value;
      },
      cancel: () => {
        reader.cancel().catch(() => {});
      },
    };
  }
  const iterator = body[Symbol.asyncIterator]();
  return {
    next: async () => {
      const { done, value } = await iterator.next();
      return done ? undefined : value;
    },
    cancel: () => {
      const node = body as { destroy?: () => void };
      if (typeof node.destroy === "function") node.destroy();
      else iterator.return?.().catch(() => {});
    },
  };
}

/** The whole body as text; for error responses, which Kit reads before it reports them. */
export async function readText(body: KitByteStream): Promise<string> {
  const reader = readChunks(body);
  const decoder = new TextDecoder();
  let text = "";
  for (let chunk = await reader.next(); chunk; chunk = await reader.next()) {
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

export function isByteStream(value: unknown): value is KitByteStream {
  return (
    typeof value === "object" &&
    value !== null &&
    ("getReader" in value || Symbol.asyncIterator in value)
  );
}
