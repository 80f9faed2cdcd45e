import { canonicalJson } from "../model/canonical-json.js";
import { DEFAULT_ENVELOPE_KEYS, readEnvelope } from "../model/envelope.js";
import { isMediaRange, responseKind } from "../model/media.js";
import type { Operation, ResponseBody } from "../model/operation.js";
import type { SchemaAt } from "../model/schema-input.js";
import type { LoadedDocument } from "../openapi/load.js";
import type { EnvelopeKeys } from "../options.js";
import { exampleValue } from "./example-value.js";

/** A response to send for an operation, and what a client must make of it. */
export interface ExampleResponse {
  status: number;
  /** Absent for a response without content. */
  contentType?: string;
  body: Uint8Array;
  /** What the body means: JSON's value, the text, the bytes, or nothing. */
  expected:
    | { kind: "json"; value: unknown; envelope: boolean }
    | { kind: "text"; value: string }
    | { kind: "binary"; value: Uint8Array }
    | { kind: "empty" };
}

/**
 * A response the document allows for `operation`: the 2xx response and media type a generated
 * client reads (JSON first, then text, then binary, as the generator chooses), with a body built
 * by `exampleValue`. A media range is answered with a concrete type (`application/json`,
 * `text/plain`, `application/octet-stream`). `envelope` says the schema declares `data` beside
 * `code` or `message` (the envelope `keys`, the runtime's default ones unless given).
 */
export function exampleResponse(
  loaded: LoadedDocument,
  operation: Operation,
  seed = 0,
  keys: EnvelopeKeys = DEFAULT_ENVELOPE_KEYS,
): ExampleResponse {
  const response = clientResponse(operation.responses);
  const status = statusOf(response?.status);
  if (response?.kind === undefined || response.mediaType === undefined) {
    return {
      status: status === 200 && response === undefined ? 204 : status,
      body: new Uint8Array(),
      expected: { kind: "empty" },
    };
  }
  const value =
    response.schema === undefined
      ? response.kind === "json"
        ? { kit: true }
        : "kit"
      : exampleValue(loaded.document, response.schema.schema, response.schema.pointer, {
          direction: "response",
          seed,
        });
  return encodeResponse(loaded, status, response.mediaType, response.schema, value, keys);
}

/**
 * `value` sent as `mediaType`: JSON text, text, or placeholder bytes for binary. A media range is
 * answered with a concrete type (`application/json`, `text/plain`, `application/octet-stream`).
 */
export function encodeResponse(
  loaded: LoadedDocument,
  status: number,
  mediaType: string,
  schema: SchemaAt | undefined,
  value: unknown,
  keys: EnvelopeKeys = DEFAULT_ENVELOPE_KEYS,
): ExampleResponse {
  const range = isMediaRange(mediaType);
  // What a server sends under a range: a string schema is text/plain (springdoc's String methods).
  const kind = responseKind(loaded, mediaType, schema);
  switch (kind) {
    case "json":
      return {
        status,
        contentType: range ? "application/json" : mediaType,
        body: new TextEncoder().encode(JSON.stringify(value === undefined ? null : value)),
        expected: {
          kind: "json",
          value: value === undefined ? null : value,
          envelope:
            schema !== undefined && readEnvelope(loaded, schema, keys, "auto") !== undefined,
        },
      };
    case "text": {
      // No schema and no example: an empty body, as the document says nothing about it. An
      // object example is JSON with its keys sorted: the MSW handlers print this text.
      const text = typeof value === "string" ? value : (canonicalJson(value) ?? "");
      return {
        status,
        contentType: range ? "text/plain" : mediaType,
        body: new TextEncoder().encode(text),
        expected: { kind: "text", value: text },
      };
    }
    default: {
      const bytes = new Uint8Array([0x6b, 0x69, 0x74, 0x00, 0xff]);
      return {
        status,
        contentType: range ? "application/octet-stream" : mediaType,
        body: bytes,
        expected: { kind: "binary", value: bytes },
      };
    }
  }
}

/** The response a generated client reads: JSON first, then text, then any other content. */
export function clientResponse(responses: readonly ResponseBody[]): ResponseBody | undefined {
  for (const kind of ["json", "text"] as const) {
    const found = responses.find((response) => response.kind === kind);
    if (found) return found;
  }
  return responses.find((response) => response.kind !== undefined) ?? responses[0];
}

/** `2XX` is answered as 200. */
function statusOf(status: string | undefined): number {
  const number = Number(status);
  return Number.isInteger(number) ? number : 200;
}
