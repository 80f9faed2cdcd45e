import { KitGenerateError } from "../errors.js";
import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer, pointerOf, ROOT_POINTER } from "../openapi/pointer.js";
import { resolveObject } from "../openapi/refs.js";
import type {
  MediaTypeObject,
  OperationObject,
  ParameterObject,
  PathItemObject,
  RequestBodyObject,
  ResponseObject,
} from "../openapi/types.js";
import { once } from "../util/once.js";
import { operationServer } from "./base-url.js";
import { exactLength } from "./exact-length.js";
import { fieldEncodings } from "./field-encoding.js";
import { bodyKind, essence, responseKind } from "./media.js";
import type { Operation, Parameter, RequestBody, ResponseBody, Verb } from "./operation.js";
import { pathItemOperations } from "./path-item-operations.js";
import { unknownPathStyle } from "./path-style.js";
import { queryStringSchema } from "./query-string-parameter.js";
import { unexpressedQueryStyle } from "./query-style.js";
import { requestMediaType } from "./request-media.js";
import type { SchemaAt, SchemaInput } from "./schema-input.js";
import { responseReadings, streamItemKey, streamKind } from "./stream-media.js";
import type { Warnings } from "./warnings.js";
import { parameterBinding } from "./wire-binding.js";

export interface BuildOptions {
  /** Keep only these tags (applied after `excludeTags`). */
  tags?: readonly string[];
  excludeTags?: readonly string[];
  warnings: Warnings;
}

/** OpenAPI 3: header parameters with these names SHALL be ignored. */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);
const SUCCESS_STATUS = /^2(?:[0-9]{2}|XX)$/i;
const ERROR_STATUS = /^(?:[45](?:[0-9]{2}|XX)|default)$/i;
const DEFAULT_STATUS = /^default$/i;

/** An operation found in the document, not yet read: enough to route a request to it. */
export interface OperationEntry {
  path: string;
  verb: Verb;
  pointer: string;
  item: { value: PathItemObject; pointer: string };
  operation: OperationObject;
  tags: string[];
}

/**
 * Parameters, request bodies and responses read once per `$ref` target and shared by every
 * operation that names it: large documents name a few components thousands of times, and a copy
 * for each use was a large share of the operations' heap.
 */
export interface SharedReads {
  readonly parameters: Map<string, Parameter>;
  /** By path item: what its `parameters` list gives each of its operations. */
  readonly pathItemParameters: Map<object, Parameter[]>;
  readonly requestBodies: Map<string, RequestBody | undefined>;
  /** By target, then status: a response's status decides whether its content is read. */
  readonly responses: Map<string, Map<string, ResponseBody>>;
}

export function sharedReads(): SharedReads {
  return {
    parameters: new Map(),
    pathItemParameters: new Map(),
    requestBodies: new Map(),
    responses: new Map(),
  };
}

/** One operation per path × verb, sorted by path then verb, with parameters and bodies resolved. */
export function buildOperations(loaded: LoadedDocument, options: BuildOptions): Operation[] {
  const shared = sharedReads();
  // Each entry is built as it is listed, so warnings come in document order.
  return Array.from(listOperations(loaded, options), (entry) =>
    buildOperation(loaded, entry, options.warnings, shared),
  );
}

/**
 * The operations `buildOperations` builds, in its order, without reading parameters and bodies:
 * the mock server routes with these and builds an operation when a request first names it.
 */
export function* listOperations(
  loaded: LoadedDocument,
  options: BuildOptions,
): Generator<OperationEntry> {
  const { warnings } = options;
  const selectTags = tagFilter(options);
  const paths = loaded.document.paths ?? {};
  if (loaded.document.paths === undefined) {
    warnings.add(
      'the document has no "paths" (OpenAPI 3.1 allows describing only webhooks or components), so the client has no operations',
      "webhooks" in loaded.document ? pointerOf("webhooks") : ROOT_POINTER,
    );
  }
  for (const path of Object.keys(paths).filter(isPathKey).sort()) {
    const item = resolveObject<PathItemObject>(
      loaded,
      paths[path],
      pointerOf("paths", path),
      "A path item",
    );
    for (const { verb, raw, pointer } of pathItemOperations(item, warnings)) {
      const { value: operation } = resolveObject<OperationObject>(
        loaded,
        raw,
        pointer,
        "An operation",
      );
      const tags = selectTags(operationTags(operation));
      if (tags.length > 0) yield { path, verb, pointer, item, operation, tags };
    }
  }
}

/** Reads one listed operation's parameters, body and responses. */
export function buildOperation(
  loaded: LoadedDocument,
  entry: OperationEntry,
  warnings: Warnings,
  shared: SharedReads,
): Operation {
  const { path, verb, pointer, item, operation, tags } = entry;
  // Each pointer is made only where the document has what it points at.
  const server = Array.isArray(operation.servers)
    ? operationServer(
        loaded.document,
        operation.servers,
        appendPointer(pointer, "servers"),
        warnings,
      )
    : Array.isArray(item.value.servers)
      ? operationServer(
          loaded.document,
          item.value.servers,
          appendPointer(item.pointer, "servers"),
          warnings,
        )
      : undefined;
  const parameters = readParameters(loaded, path, item, operation, pointer, warnings, shared);
  const requestBody =
    operation.requestBody === undefined
      ? undefined
      : readRequestBody(
          loaded,
          operation.requestBody,
          appendPointer(pointer, "requestBody"),
          warnings,
          shared,
        );
  const { responses, errors } = readResponses(
    loaded,
    isObject(operation.responses) ? operation.responses : {},
    appendPointer(pointer, "responses"),
    warnings,
    shared,
  );
  const built: Operation = {
    path,
    verb,
    pointer,
    deprecated: operation.deprecated === true,
    // The plan keeps every operation: its lists are kept without room to grow.
    tags: exactLength(tags),
    parameters: exactLength(parameters),
    responses,
    errors,
  };
  // Optional fields are set only when present, so they stay truly absent otherwise.
  if (server !== undefined) built.server = server;
  const operationId = nonEmpty(operation.operationId);
  if (operationId !== undefined) built.operationId = operationId;
  const summary = nonEmpty(operation.summary);
  if (summary !== undefined) built.summary = summary;
  const description = nonEmpty(operation.description);
  if (description !== undefined) built.description = description;
  if (requestBody !== undefined) built.requestBody = requestBody;
  return built;
}

/** A document text worth keeping: a non-empty string. */
function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function operationTags(operation: OperationObject): string[] {
  const tags = Array.isArray(operation.tags)
    ? operation.tags.filter((tag): tag is string => typeof tag === "string")
    : [];
  if (tags.length === 0) return ["default"];
  return tags.length === 1 ? tags : [...new Set(tags)];
}

function tagFilter(options: BuildOptions): (tags: string[]) => string[] {
  if (options.tags === undefined && options.excludeTags === undefined) return (tags) => tags;
  const excluded = new Set(options.excludeTags ?? []);
  const included = options.tags === undefined ? undefined : new Set(options.tags);
  return (tags) =>
    tags.filter((tag) => !excluded.has(tag) && (included === undefined || included.has(tag)));
}

/**
 * Operation parameters override path-item ones with the same name and location; header names are
 * compared without case, as HTTP does (AWS documents override `X-Amz-Content-Sha256` with a
 * required `x-amz-content-sha256`: two parameters would send one header). Every `{x}` of the
 * path gets a path parameter, declared or not, so the request never carries a literal `{x}`.
 */
function readParameters(
  loaded: LoadedDocument,
  path: string,
  item: { value: PathItemObject; pointer: string },
  operation: OperationObject,
  operationPointer: string,
  warnings: Warnings,
  shared: SharedReads,
): Parameter[] {
  // A path item's parameters are the same for each of its operations.
  const fromPathItem = once(shared.pathItemParameters, item, () =>
    readParameterList(
      loaded,
      item.value.parameters,
      appendPointer(item.pointer, "parameters"),
      warnings,
      shared,
    ),
  );
  const fromOperation = readParameterList(
    loaded,
    operation.parameters,
    appendPointer(operationPointer, "parameters"),
    warnings,
    shared,
  );
  // Lists are short: a later parameter replaces an earlier one with its key in place.
  const merged: Parameter[] = [];
  for (const parameter of [...fromPathItem, ...fromOperation]) {
    const index = merged.findIndex((other) => sameParameter(other, parameter));
    if (index === -1) merged.push(parameter);
    else merged[index] = parameter;
  }

  const placeholders = placeholdersOf(path);
  const kept: Parameter[] = [];
  for (const name of placeholders) {
    const declared = merged.find((parameter) => parameter.in === "path" && parameter.name === name);
    if (declared) {
      kept.push(declared.required ? declared : { ...declared, required: true });
      continue;
    }
    // One warning says it all: the parameter is made up, and typed string.
    warnings.add(`path parameter "${name}" is not declared; it is typed string`, operationPointer);
    kept.push({
      name,
      in: "path",
      required: true,
      deprecated: false,
      binding: { in: "path" },
      pointer: operationPointer,
    });
  }
  for (const parameter of merged) {
    if (parameter.in !== "path") kept.push(parameter);
    else if (!placeholders.includes(parameter.name)) {
      warnings.add(
        `path parameter "${parameter.name}" does not occur in the path and was skipped`,
        parameter.pointer,
      );
    }
  }
  for (const parameter of kept) {
    if (parameter.schema === undefined && parameter.pointer !== operationPointer) {
      warnings.add("parameter has no schema; typed string", parameter.pointer);
    }
  }
  return kept;
}

/** The names of a path's placeholders, each once, in order; a path without one has none. */
function placeholdersOf(path: string): string[] {
  const names: string[] = [];
  // A `{` up to the next `}`, as `/\{([^}]*)\}/g` finds them, without a match object for each.
  for (let start = path.indexOf("{"); start !== -1; start = path.indexOf("{", start)) {
    const end = path.indexOf("}", start + 1);
    if (end === -1) break;
    const name = path.slice(start + 1, end);
    if (!names.includes(name)) names.push(name);
    start = end + 1;
  }
  return names;
}

/** The parameters of one list that can be sent, read and warned about in document order. */
function readParameterList(
  loaded: LoadedDocument,
  list: unknown,
  listPointer: string,
  warnings: Warnings,
  shared: SharedReads,
): Parameter[] {
  if (!Array.isArray(list)) return [];
  const kept: Parameter[] = [];
  for (let index = 0; index < list.length; index++) {
    const parameter = readParameter(
      loaded,
      list[index],
      appendPointer(listPointer, index),
      warnings,
      shared,
    );
    if (parameter.unsent !== undefined) {
      warnings.add(parameter.unsent, parameter.pointer);
    } else if (parameter.name === "" && parameter.in !== "path") {
      warnings.add(
        "a parameter with an empty name cannot be sent and was skipped",
        parameter.pointer,
      );
    } else if (parameter.in === "header" && IGNORED_HEADERS.has(parameter.name.toLowerCase())) {
      warnings.add(
        `header parameter "${parameter.name}" is ignored, as OpenAPI prescribes: the body and response types set Content-Type and Accept, and credentials belong in a plugin`,
        parameter.pointer,
      );
    } else {
      kept.push(parameter);
    }
  }
  return kept;
}

/** What makes two parameters the same one: location and name, a header's name in any case. */
function sameParameter(a: Parameter, b: Parameter): boolean {
  if (a.in !== b.in) return false;
  return a.in === "header" ? a.name.toLowerCase() === b.name.toLowerCase() : a.name === b.name;
}

const LOCATIONS = new Set(["path", "query", "header", "cookie", "querystring"]);

function readParameter(
  loaded: LoadedDocument,
  raw: unknown,
  at: string,
  warnings: Warnings,
  shared: SharedReads,
): Parameter {
  const { value, pointer } = resolveObject<ParameterObject>(loaded, raw, at, "A parameter");
  if (pointer === at) return parameterOf(loaded, value, pointer, warnings);
  return once(shared.parameters, pointer, () => parameterOf(loaded, value, pointer, warnings));
}

function parameterOf(
  loaded: LoadedDocument,
  value: ParameterObject,
  pointer: string,
  warnings: Warnings,
): Parameter {
  if (typeof value.name !== "string" || !LOCATIONS.has(value.in)) {
    throw new KitGenerateError(
      'A parameter needs a string "name" and "in" one of path, query, header, cookie, querystring',
      loaded.locate(pointer),
    );
  }
  if (value.in === "querystring") return queryStringParameter(loaded, value, pointer);
  const schema = parameterSchema(value, pointer);
  const unexpressed = unexpressedQueryStyle(loaded, value, schema) ?? unknownPathStyle(value);
  if (unexpressed !== undefined) warnings.add(unexpressed, appendPointer(pointer, "style"));
  const parameter: Parameter = {
    name: value.name,
    in: value.in,
    required: value.required === true,
    deprecated: value.deprecated === true,
    binding: parameterBinding(loaded, value, schema),
    pointer,
  };
  const description = nonEmpty(value.description);
  if (description !== undefined) parameter.description = description;
  if (value.example !== undefined) parameter.example = value.example;
  if (schema !== undefined) parameter.schema = schema;
  return parameter;
}

/** OpenAPI 3.2's whole query string, as the query object `@Query()` sends, or skipped. */
function queryStringParameter(
  loaded: LoadedDocument,
  value: ParameterObject,
  pointer: string,
): Parameter {
  const read = queryStringSchema(loaded, value, pointer);
  const parameter: Parameter = {
    name: value.name,
    in: "query",
    required: value.required === true,
    deprecated: value.deprecated === true,
    binding: parameterBinding(loaded, value, undefined),
    pointer,
  };
  const description = nonEmpty(value.description);
  if (description !== undefined) parameter.description = description;
  if ("schema" in read) parameter.schema = read.schema;
  else parameter.unsent = read.unsent;
  return parameter;
}

function parameterSchema(parameter: ParameterObject, pointer: string): SchemaAt | undefined {
  if (isObject(parameter.schema)) {
    return { schema: parameter.schema, pointer: appendPointer(pointer, "schema") };
  }
  if (!isObject(parameter.content)) return undefined;
  const mediaType = Object.keys(parameter.content).sort()[0];
  return mediaType === undefined
    ? undefined
    : mediaSchema(parameter.content[mediaType], appendPointer(pointer, "content", mediaType));
}

function mediaSchema(
  media: MediaTypeObject | undefined,
  pointer: string,
  key: "schema" | "itemSchema" = "schema",
): SchemaAt | undefined {
  if (!isObject(media) || !isObject(media[key])) return undefined;
  return { schema: media[key] as SchemaInput, pointer: appendPointer(pointer, key) };
}

/**
 * What Kit leaves unused in an OpenAPI 3.2 Media Type Object, warned once where a user would expect
 * it to count. `itemSchema` types the items of a sequential media type: Kit reads item by item only
 * server-sent events, JSON Lines and `application/json-seq`; elsewhere (a request body,
 * `multipart/mixed`) the body is one value typed by `schema`. A reference to
 * `components/mediaTypes` is not followed, so the media type is untyped.
 */
function warnUnusedMedia(
  media: unknown,
  key: "schema" | "itemSchema",
  pointer: string,
  warnings: Warnings,
): void {
  if (!isObject(media)) return;
  if (typeof media.$ref === "string") {
    warnings.add(
      "a Media Type Object reference (OpenAPI 3.2 components/mediaTypes) is not followed; this media type is untyped",
      appendPointer(pointer, "$ref"),
    );
    return;
  }
  if (key === "itemSchema" || media.itemSchema === undefined) return;
  warnings.add(
    isObject(media.schema)
      ? "itemSchema is not used here: Kit reads item by item only server-sent events, JSON Lines and JSON text sequence responses; typed by schema"
      : "itemSchema is not used here: Kit reads item by item only server-sent events, JSON Lines and JSON text sequence responses; untyped",
    appendPointer(pointer, "itemSchema"),
  );
}

/**
 * The content map's media types, without empty keys: `""` names no format, and guessing one would
 * send a body the server never promised to read.
 */
function mediaTypesOf(
  content: Record<string, unknown>,
  pointer: string,
  warnings: Warnings,
): string[] {
  return Object.keys(content).filter((mediaType) => {
    if (essence(mediaType) !== "") return true;
    warnings.add(
      "a media type key is empty, which names no format; skipped",
      appendPointer(pointer, "content", mediaType),
    );
    return false;
  });
}

/** What a header value may hold (RFC 9110 field-value), as `@kit/api` checks it before sending. */
const HEADER_TEXT = /^[\t\x20-\x7e\x80-\xff]*$/;

/** The request media type is sent as `Content-Type`: one that cannot be a header value fails every call. */
function refuseUnsendable(loaded: LoadedDocument, mediaType: string, pointer: string): void {
  if (HEADER_TEXT.test(mediaType)) return;
  throw new KitGenerateError(
    "the request media type holds a line break, a control character or one beyond U+00FF, so no call could send it as Content-Type",
    loaded.locate(appendPointer(pointer, "content", mediaType)),
  );
}

function readRequestBody(
  loaded: LoadedDocument,
  raw: unknown,
  at: string,
  warnings: Warnings,
  shared: SharedReads,
): RequestBody | undefined {
  const { value, pointer } = resolveObject<RequestBodyObject>(loaded, raw, at, "A request body");
  if (pointer === at) return requestBodyOf(loaded, value, pointer, warnings);
  return once(shared.requestBodies, pointer, () => requestBodyOf(loaded, value, pointer, warnings));
}

function requestBodyOf(
  loaded: LoadedDocument,
  value: RequestBodyObject,
  pointer: string,
  warnings: Warnings,
): RequestBody | undefined {
  const content = isObject(value.content) ? value.content : {};
  const offered = mediaTypesOf(content, pointer, warnings);
  const mediaType = requestMediaType(loaded, content, pointer, offered);
  if (mediaType === undefined) return undefined;
  refuseUnsendable(loaded, mediaType, pointer);
  const at = appendPointer(pointer, "content", mediaType);
  warnUnusedMedia(content[mediaType], "schema", at, warnings);
  const schema = mediaSchema(content[mediaType], at);
  const kind = bodyKind(mediaType);
  const encoding =
    kind === "form" || kind === "multipart" ? fieldEncodings(content[mediaType]) : undefined;
  const body: RequestBody = { mediaType, kind, required: value.required === true, pointer };
  const description = nonEmpty(value.description);
  if (description !== undefined) body.description = description;
  if (schema !== undefined) body.schema = schema;
  if (encoding !== undefined) body.encoding = encoding;
  return body;
}

/**
 * The 2xx responses, and the error responses for the method's error type. `default` stands for
 * every status the document does not list: with no 2xx listed, a success is one of them, so
 * `default` is the success response too (and stays an error response, for the statuses that are
 * errors). Beside a 2xx it describes the others: errors only. Error responses only add types, so
 * one the generator cannot read (a broken reference) is left out with a warning rather than
 * stopping the run.
 */
function readResponses(
  loaded: LoadedDocument,
  raw: Record<string, unknown>,
  at: string,
  warnings: Warnings,
  shared: SharedReads,
): { responses: ResponseBody[]; errors: ResponseBody[] } {
  const success: string[] = [];
  const failure: string[] = [];
  let fallback: string[] = [];
  // One look at each status key, sorted per kind, as both lists are read in status order.
  for (const status of Object.keys(raw)) {
    if (SUCCESS_STATUS.test(status)) success.push(status);
    else if (ERROR_STATUS.test(status)) {
      failure.push(status);
      if (DEFAULT_STATUS.test(status)) fallback.push(status);
    }
  }
  if (success.length > 0) fallback = success;
  const responses = fallback
    .sort()
    .map((status) =>
      readResponse(loaded, status, raw[status], appendPointer(at, status), warnings, shared),
    );
  const errors: ResponseBody[] = [];
  for (const status of failure.sort()) {
    const pointer = appendPointer(at, status);
    try {
      errors.push(readResponse(loaded, status, raw[status], pointer, warnings, shared));
    } catch (error) {
      if (!(error instanceof KitGenerateError)) throw error;
      warnings.add(`${error.message}; left out of the method's error type`, pointer);
    }
  }
  return { responses, errors: exactLength(errors) };
}

/** 2xx statuses whose responses end at their headers: a body sent with them never reaches the client. */
const WITHOUT_CONTENT = new Set(["204", "205"]);

/** One response: the media type a client reads and its schema (of one item, for a stream). */
function readResponse(
  loaded: LoadedDocument,
  status: string,
  raw: unknown,
  at: string,
  warnings: Warnings,
  shared: SharedReads,
): ResponseBody {
  const { value, pointer } = resolveObject<ResponseObject>(loaded, raw, at, "A response");
  if (pointer === at) return responseOf(loaded, status, value, pointer, warnings);
  let byStatus = shared.responses.get(pointer);
  if (byStatus === undefined) {
    byStatus = new Map();
    shared.responses.set(pointer, byStatus);
  }
  return once(byStatus, status, () => responseOf(loaded, status, value, pointer, warnings));
}

function responseOf(
  loaded: LoadedDocument,
  status: string,
  value: ResponseObject,
  pointer: string,
  warnings: Warnings,
): ResponseBody {
  const content = isObject(value.content) ? value.content : {};
  if (WITHOUT_CONTENT.has(status) && Object.keys(content).length > 0) {
    warnings.add(
      `a ${status} response cannot carry content (RFC 9110), so no client ever receives it; typed as no content`,
      appendPointer(pointer, "content"),
    );
    return withSummary({ status, pointer }, value);
  }
  const { read, stream } = responseReadings(mediaTypesOf(content, pointer, warnings));
  if (read === undefined) return withSummary({ status, pointer }, value);
  const response = withSummary(
    mediaReading(loaded, status, content[read], read, pointer, warnings),
    value,
  );
  if (stream !== undefined) {
    response.streamed = withSummary(
      mediaReading(loaded, status, content[stream], stream, pointer, warnings),
      value,
    );
  }
  return response;
}

/** A response reading with the Response Object's summary (OpenAPI 3.2), when it has one. */
function withSummary(response: ResponseBody, value: ResponseObject): ResponseBody {
  const summary = nonEmpty(value.summary);
  if (summary !== undefined) response.summary = summary;
  return response;
}

/** One media type of a response as a client reads it: its kind, and its schema (of one item, for a stream). */
function mediaReading(
  loaded: LoadedDocument,
  status: string,
  media: MediaTypeObject | undefined,
  mediaType: string,
  pointer: string,
  warnings: Warnings,
): ResponseBody {
  const stream = streamKind(mediaType);
  const key = stream !== undefined && isObject(media) ? streamItemKey(media) : "schema";
  const at = appendPointer(pointer, "content", mediaType);
  warnUnusedMedia(media, key, at, warnings);
  const schema = mediaSchema(media, at, key);
  const response: ResponseBody = {
    status,
    mediaType,
    kind: responseKind(loaded, mediaType, schema),
    pointer,
  };
  if (stream !== undefined) response.stream = { kind: stream, itemSchema: key === "itemSchema" };
  if (schema !== undefined) response.schema = schema;
  return response;
}

/** The Paths Object's keys besides its `x-` extensions. */
export function isPathKey(key: string): boolean {
  return !key.startsWith("x-");
}
