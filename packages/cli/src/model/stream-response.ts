import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer } from "../openapi/pointer.js";
import { dereference } from "../openapi/refs.js";
import type { Operation, ResponseBody } from "./operation.js";
import type { SchemaAt, SchemaInput } from "./schema-input.js";
import type { StreamKind } from "./stream-media.js";

/** A streamed response: how it is read, and the schema of one item's data when it is typed. */
export interface StreamResponse {
  stream: StreamKind;
  item?: SchemaAt;
}

/**
 * The stream an operation answers with: an event stream or JSON lines as its 2xx response, when no
 * 2xx response offers JSON (which is read as before).
 */
export function streamResponse(
  loaded: LoadedDocument,
  operation: Operation,
): StreamResponse | undefined {
  const streamed = readStream(operation);
  if (streamed?.stream === undefined) return undefined;
  const { kind } = streamed.stream;
  const item = kind === "events" ? eventData(loaded, streamed) : streamed.schema;
  return item === undefined ? { stream: kind } : { stream: kind, item };
}

/**
 * The operation as its second method reads it, when a 2xx response offers a stream its first
 * method does not read as one: OpenAI's chat completions answer `application/json` or
 * `text/event-stream` (by a `stream` flag in the body), so `createChatCompletion` reads the JSON
 * and `createChatCompletionStream` the events. Its responses are those streams only.
 */
export function streamReading(operation: Operation): Operation | undefined {
  if (readStream(operation) !== undefined) return undefined;
  const responses = operation.responses.flatMap((response) =>
    response.streamed !== undefined
      ? [response.streamed]
      : response.stream !== undefined
        ? [response]
        : [],
  );
  return responses.length === 0 ? undefined : { ...operation, responses };
}

/** The response a method reads as a stream: the first stream, when no 2xx response offers JSON. */
function readStream(operation: Operation): ResponseBody | undefined {
  if (operation.responses.some((response) => response.kind === "json")) return undefined;
  return operation.responses.find((response) => response.stream !== undefined);
}

/**
 * The schema of an event's `data`, when the document types it. An OpenAPI 3.2 `itemSchema`
 * describes the whole event (`{ event, data, id, retry }`): its `data` property's `contentSchema`
 * (the JSON the text holds), else that property. A media type's `schema` is the data itself. Data
 * the document only calls a string is left untyped: the runtime parses data that is valid JSON.
 */
function eventData(loaded: LoadedDocument, response: ResponseBody): SchemaAt | undefined {
  const { schema, stream } = response;
  if (schema === undefined) return undefined;
  const data = stream?.itemSchema ? eventDataProperty(loaded, schema) : schema;
  return data === undefined || isPlainString(loaded, data) ? undefined : data;
}

function eventDataProperty(loaded: LoadedDocument, event: SchemaAt): SchemaAt | undefined {
  const { schema, pointer } = dereference(loaded, event.schema, event.pointer);
  const data = isObject(schema.properties) ? schema.properties.data : undefined;
  if (!isObject(data)) return undefined;
  const at = { schema: data as SchemaInput, pointer: appendPointer(pointer, "properties", "data") };
  const resolved = dereference(loaded, at.schema, at.pointer);
  const content = resolved.schema.contentSchema;
  return isObject(content)
    ? { schema: content as SchemaInput, pointer: appendPointer(resolved.pointer, "contentSchema") }
    : at;
}

/** Keys that leave a string schema a plain string: they say nothing about what the text holds. */
const PLAIN_STRING_KEYS = new Set([
  "type",
  "description",
  "format",
  "title",
  "example",
  "examples",
]);

function isPlainString(loaded: LoadedDocument, item: SchemaAt): boolean {
  const { schema } = dereference(loaded, item.schema, item.pointer);
  return schema.type === "string" && Object.keys(schema).every((key) => PLAIN_STRING_KEYS.has(key));
}
