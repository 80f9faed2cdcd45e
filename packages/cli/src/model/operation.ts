import type { HttpVerb, ParameterLocation } from "../openapi/types.js";
import type { BodyKind } from "./media.js";
import type { PathStyle } from "./path-style.js";
import type { JoinedQueryStyle } from "./query-style.js";
import type { SchemaAt } from "./schema-input.js";
import type { StreamKind } from "./stream-media.js";

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
  /** A query array sent as one joined value (`explode: false`); absent when items repeat the key. */
  joinedStyle?: JoinedQueryStyle;
  /** A query object sent as `name[key]=value` pairs (`style: deepObject`). */
  deepObject?: true;
  /** A query object sent as its own keys (`form`, `explode: true`): `@Query()` without a name. */
  exploded?: true;
  /** A header object in the `simple` style: keys and values joined, or `key=value` with explode. */
  simpleExplode?: boolean;
  /** A path parameter whose style the runtime must be told (`label`, `matrix`, a `simple` object). */
  pathStyle?: PathStyle;
  /** A JSON `content` query or path parameter that can be an array: sent whole as JSON text. */
  json?: true;
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

/** The runtime's `@Data(name, encoding)` option: OpenAPI's Encoding Object, checked. */
export interface FieldEncoding {
  style?: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
  explode?: boolean;
  contentType?: string;
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
