import type { HttpVerb, ParameterLocation } from "../openapi/types.js";
import type { BodyKind } from "./media.js";
import type { SchemaAt } from "./schema-input.js";
import type { StreamKind } from "./stream-media.js";
import type { FieldEncoding, WireBinding } from "./wire-binding.js";

/**
 * The method, lower case: a fixed field (`trace` is skipped; `query` is OpenAPI 3.2's) or a token
 * of `additionalOperations`.
 */
export type Verb = Exclude<HttpVerb, "trace"> | (string & {});

export interface Parameter {
  /** The wire name exactly as in the document. */
  name: string;
  in: ParameterLocation;
  required: boolean;
  description?: string;
  deprecated: boolean;
  /** The parameter's own `example`, for its doc. */
  example?: unknown;
  /** Absent when the document gives no schema: the parameter is typed `string`. */
  schema?: SchemaAt;
  /** How the parameter goes on the wire, decided here once and printed as its decorator. */
  binding: WireBinding;
  /** Why Kit cannot send this parameter (an OpenAPI 3.2 querystring it cannot express); skipped. */
  unsent?: string;
  pointer: string;
}

export interface RequestBody {
  mediaType: string;
  kind: BodyKind;
  required: boolean;
  description?: string;
  schema?: SchemaAt;
  /** A form or multipart body's Encoding Objects by field, as far as the runtime can honour them. */
  encoding?: Record<string, FieldEncoding>;
  pointer: string;
}

export interface ResponseBody {
  status: string;
  /** OpenAPI 3.2's response `summary`, for the method's doc. */
  summary?: string;
  /** Absent when the response has no content (e.g. 204). */
  mediaType?: string;
  kind?: BodyKind;
  /**
   * Set when the media type is a stream; `schema` is then the schema of one item, read from
   * OpenAPI 3.2's `itemSchema` when the document gives one.
   */
  stream?: { kind: StreamKind; itemSchema: boolean };
  schema?: SchemaAt;
  /**
   * A stream the response offers beside the media type read (OpenAI's `application/json` or
   * `text/event-stream`), as its own reading: the operation's `<name>Stream` method reads it.
   */
  streamed?: ResponseBody;
  pointer: string;
}

/** One path × verb of the document, references resolved, ready to be grouped and printed. */
export interface Operation {
  path: string;
  verb: Verb;
  pointer: string;
  /**
   * The absolute URL of the operation's own server (its `servers`, else its path item's), when
   * that is not the document's server: its calls go there instead of the client's base URL.
   */
  server?: string;
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  /** Tags after filtering, in document order; `default` when the document gives none. */
  tags: string[];
  /** Path parameters in placeholder order, then the others in document order. */
  parameters: Parameter[];
  requestBody?: RequestBody;
  /** The 2xx responses, sorted by status code. */
  responses: ResponseBody[];
  /** The `4xx`, `5xx`, `4XX`, `5XX` and `default` responses, sorted by status key. */
  errors: ResponseBody[];
}
