import type { IncomingMessage } from "node:http";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { KitGenerateError, type SourceLocation } from "../errors.js";
import { formatSize } from "./document-size.js";

/** The decoders for the `Content-Encoding` values Kit asks for. */
const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** What Kit sends as `Accept-Encoding`: the encodings it can decode. */
export const ACCEPT_ENCODING = "gzip, deflate, br";

/**
 * An answer's body as text, read with two caps of `maxSize` bytes: on what arrives over the
 * network and on what it unpacks to, so neither a huge answer nor a small compressed one that
 * unpacks to gigabytes (a 299 KB gzip answer took the process to about 1 GB) fills the memory.
 * Reading stops at the first byte past a cap.
 */
export async function readAnswerBody(
  response: IncomingMessage,
  maxSize: number,
  location: SourceLocation,
): Promise<string> {
  const encoding = (response.headers["content-encoding"] ?? "identity").trim().toLowerCase();
  const identity = encoding === "identity" || encoding === "";
  const decoder = identity ? undefined : DECODERS[encoding];
  if (!identity && decoder === undefined) {
    response.destroy();
    throw new KitGenerateError(
      `the answer is encoded as ${JSON.stringify(encoding)}, which kit cannot decode`,
      location,
    );
  }
  const tooLarge = (what: string) =>
    new KitGenerateError(
      `the answer ${what} ${formatSize(maxSize)}; raise the limit with --max-size or maxSize`,
      location,
    );
  const announced = Number(response.headers["content-length"]);
  if (announced > maxSize) {
    response.destroy();
    throw tooLarge("is larger than");
  }
  const chunks: Buffer[] = [];
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) chunks.push(chunk);
  };
  const arriving = capped(maxSize, () => tooLarge("is larger than"));
  try {
    if (decoder === undefined) {
      await pipeline(response, arriving, collect);
    } else {
      const unpacked = capped(maxSize, () => tooLarge(`unpacks (${encoding}) to more than`));
      await pipeline(response, arriving, decoder(), unpacked, collect);
    }
  } catch (error) {
    if (error instanceof KitGenerateError) throw error;
    if (decoder !== undefined && isDecodeError(error)) {
      throw new KitGenerateError(`the ${encoding} answer is corrupt`, location, { cause: error });
    }
    throw error;
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Passes bytes through until more than `maxSize` have passed, then fails with `error()`. */
function capped(maxSize: number, error: () => Error): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      done(total > maxSize ? error() : null, total > maxSize ? undefined : chunk);
    },
  });
}

/** zlib's errors carry a `Z_…` code (`Z_DATA_ERROR`) or an `ERR_…BROTLI…` one. */
function isDecodeError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^Z_|BROTLI/.test(code);
}
