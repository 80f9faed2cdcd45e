import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { buildOperation, type OperationEntry, sharedReads } from "../model/build-operations.js";
import type { Operation } from "../model/operation.js";
import { Warnings } from "../model/warnings.js";
import type { LoadedDocument } from "../openapi/load.js";
import type { EnvelopeKeys } from "../options.js";
import type { ExampleResponse } from "../wire/example-response.js";
import type { RequestProblem, RequestValidator } from "../wire/request-validator.js";
import type { SchemaCheck } from "../wire/schema-check.js";
import { basePaths, withoutBasePath } from "./base-paths.js";
import { type AnswerCheck, chooseResponse } from "./choose-response.js";
import { corsHeaders, isPreflight, preflightHeaders } from "./cors.js";
import { envelopeAnswer } from "./envelope.js";
import { type GuardOptions, refusal } from "./guard.js";
import { headerValue } from "./header-value.js";
import { parsePrefer } from "./prefer.js";
import { invalidRequest, type Problem, problem } from "./problem.js";
import { compileRoutes, type RouteMatch, type RouteMiss } from "./route-matcher.js";

export interface MockOptions {
  /** Varies the synthesized values; the same seed always gives the same bytes. */
  seed: number;
  /** Milliseconds to wait before each answer. */
  delay: number;
  /** Wrap successful JSON answers as `{ code, message, data }` with these keys. */
  envelope?: EnvelopeKeys;
  /** The address the server listens on: its own name is an allowed `Host`. Default 127.0.0.1. */
  host?: string;
  /** Hosts and origins allowed besides this machine's. Default: none. */
  guard?: GuardOptions;
  /** Largest request body in bytes; a larger one is answered 413 unread. Default `DEFAULT_MAX_BODY`. */
  maxBody?: number;
  /** Hears, once each, what the mock cannot check (a schema Ajv refuses, a risky pattern). */
  notice?: (line: string) => void;
}

/** Default for `--max-body`: 10 MiB, far above what a front end sends to an API. */
export const DEFAULT_MAX_BODY = 10 * 1024 * 1024;

/** One request and what the mock made of it, for the log line and for tests. */
export interface MockExchange {
  method: string;
  target: string;
  operation?: Operation;
  problems: RequestProblem[];
  status: number;
  /** The answer for an operation (absent for errors the mock itself reports). */
  response?: ExampleResponse;
  milliseconds: number;
}

export type MockHandler = (request: IncomingMessage, response: ServerResponse) => void;

type Body = Uint8Array | Problem | undefined;

/**
 * The request handler of `kit mock`: refuses requests from other hosts and origins (403) and
 * bodies above the limit (413) before reading them, routes by the compiled path templates,
 * validates the request against its operation (422 with every violation), and answers with
 * `chooseResponse`, the envelope's success code set or the envelope added. Each operation is read when a request first names it, and
 * the validator (Ajv, compiling one schema at a time) on the first request, so starting costs
 * only reading the document and compiling the routes.
 */
export function createMockHandler(
  loaded: LoadedDocument,
  entries: readonly OperationEntry[],
  options: MockOptions,
  onExchange: (exchange: MockExchange) => void,
): MockHandler {
  const routes = compileRoutes(entries);
  const built = new Map<OperationEntry, Operation>();
  // The generator reports the document's warnings; the mock serves what it can.
  const warnings = new Warnings(loaded.locate);
  const shared = sharedReads();
  const bases = basePaths(loaded.document);
  let validator: RequestValidator | undefined;
  let answerCheck: AnswerCheck | undefined;
  const generated = new Map<string, unknown>();
  const maxBody = options.maxBody ?? DEFAULT_MAX_BODY;

  function operationOf(entry: OperationEntry): Operation {
    let operation = built.get(entry);
    if (operation === undefined) {
      operation = buildOperation(loaded, entry, warnings, shared);
      built.set(entry, operation);
    }
    return operation;
  }

  /** What to answer: status, headers and body, with the exchange filled in. */
  async function decide(
    request: IncomingMessage,
    body: Uint8Array,
    exchange: MockExchange,
  ): Promise<[number, Record<string, string>, Body]> {
    if (isPreflight(exchange.method, request.headers))
      return [204, preflightHeaders(request.headers), undefined];
    const headers = flatHeaders(request.headers);
    const [rawPath, rawQuery] = splitOnce(exchange.target, "?");
    const query = new URLSearchParams(rawQuery);
    let matched: RouteMatch<OperationEntry> | RouteMiss = { status: 404, allowed: [] };
    let path = rawPath;
    for (const candidate of withoutBasePath(rawPath, bases)) {
      const found = routes.match(exchange.method, candidate, query, headers);
      if ("entries" in found) {
        matched = found;
        path = candidate;
        break;
      }
      // A path that exists for other methods (405) says more than one that does not (404).
      if (found.status === 405) matched = found;
    }
    if (!("entries" in matched)) {
      if (matched.status === 405) {
        const allowed = matched.allowed.join(", ");
        return [
          405,
          { allow: allowed },
          problem(405, "METHOD_NOT_ALLOWED", "Method not allowed", `${rawPath} allows ${allowed}`),
        ];
      }
      const detail = `no operation of the document has the path ${rawPath}`;
      return [404, {}, problem(404, "NO_PATH_MATCHED", "Route not resolved", detail)];
    }
    // Ajv is loaded with the validator, on the first request, to keep the start fast.
    if (validator === undefined) {
      const [{ RequestValidator }, { SchemaCheck }] = await Promise.all([
        import("../wire/request-validator.js"),
        import("../wire/schema-check.js"),
      ]);
      validator = new RequestValidator(loaded, new SchemaCheck(loaded.document, options.notice));
      answerCheck = answerCheckOf(
        new SchemaCheck(loaded.document, options.notice, "response"),
        options.notice,
      );
    }
    const wire = {
      // A HEAD routed to a GET operation is checked as that GET.
      method: exchange.method === "HEAD" ? matched.entries[0]!.verb.toUpperCase() : exchange.method,
      target: rawQuery === "" ? path : `${path}?${rawQuery}`,
      headers,
      body,
    };
    // Operations sharing a path and method: the first the request is valid for answers.
    for (const entry of matched.entries) {
      const operation = operationOf(entry);
      const problems = await validator.validate(operation, wire);
      if (exchange.operation === undefined || problems.length === 0) {
        exchange.operation = operation;
        exchange.problems = problems;
      }
      if (problems.length === 0) break;
    }
    const operation = exchange.operation!;
    if (exchange.problems.length > 0) return [422, {}, invalidRequest(exchange.problems)];
    const preference = parsePrefer(headers.prefer);
    // Generated values are kept per schema (the same seed gives the same value), a number the
    // document bounds; nothing is kept per header text, which a client may vary without end.
    const chosen = chooseResponse(
      loaded,
      operation,
      preference,
      headers.accept,
      options.seed,
      generated,
      answerCheck,
      options.envelope,
    );
    if ("undeclared" in chosen)
      return [404, {}, problem(404, "NOT_FOUND", "Response not declared", chosen.undeclared)];
    const reply = envelopeAnswer(chosen, options.envelope, preference.envelopeCode);
    exchange.response = reply;
    return [
      reply.status,
      reply.contentType === undefined ? {} : { "content-type": reply.contentType },
      reply.body.byteLength === 0 ? undefined : reply.body,
    ];
  }

  async function answer(
    request: IncomingMessage,
    response: ServerResponse,
    body: Uint8Array,
    started: number,
  ): Promise<void> {
    const exchange: MockExchange = {
      method: request.method ?? "GET",
      target: request.url ?? "/",
      problems: [],
      status: 0,
      milliseconds: 0,
    };
    let decided: [number, Record<string, string>, Body];
    try {
      decided = await decide(request, body, exchange);
    } catch (error) {
      // A part of the document the mock cannot read fails that one request, not the server.
      const detail = error instanceof Error ? error.message : String(error);
      decided = [500, {}, problem(500, "MOCK_FAILED", "The mock cannot answer", detail)];
    }
    if (options.delay > 0) await sleep(options.delay);
    send(request, response, decided);
    exchange.status = decided[0];
    exchange.milliseconds = performance.now() - started;
    onExchange(exchange);
  }

  return (request, response) => {
    const started = performance.now();
    const refused = refusal(request.headers, options.host ?? "127.0.0.1", options.guard ?? {});
    if (refused !== undefined) {
      // No CORS headers: the page that sent it must not read even the refusal.
      const forbidden = problem(403, "FORBIDDEN", "Request refused", refused);
      finish(request, response, started, [403, {}, forbidden], false);
      return;
    }
    const declared = Number(request.headers["content-length"]);
    if (declared > maxBody) {
      finish(request, response, started, tooLarge(maxBody));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const read = (chunk: Buffer) => {
      size += chunk.byteLength;
      chunks.push(chunk);
      if (size <= maxBody) return;
      // A body without Content-Length that grows past the limit: answer now, read no more.
      request.off("data", read);
      chunks.length = 0;
      finish(request, response, started, tooLarge(maxBody));
    };
    request.on("data", read);
    request.on("error", () => response.destroy());
    request.on("end", () => {
      if (size > maxBody) return;
      answer(request, response, new Uint8Array(Buffer.concat(chunks)), started).catch(() =>
        response.destroy(),
      );
    });
  };

  /** Answers without reading the operation (refused, too large), still logged. */
  function finish(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
    decided: [number, Record<string, string>, Body],
    cors = true,
  ): void {
    send(request, response, decided, { close: true, cors });
    onExchange({
      method: request.method ?? "GET",
      target: request.url ?? "/",
      problems: [],
      status: decided[0],
      milliseconds: performance.now() - started,
    });
  }
}

/**
 * Writes the answer. A header value the document supplies (a media type with a pasted U+200B)
 * is made a valid one first: Node throws on any character outside Latin-1.
 */
function send(
  request: IncomingMessage,
  response: ServerResponse,
  [status, headers, content]: [number, Record<string, string>, Body],
  { close = false, cors = true } = {},
): void {
  const isProblem = content !== undefined && !(content instanceof Uint8Array);
  const all: Record<string, string> = {
    ...(cors ? corsHeaders(request.headers) : {}),
    ...(isProblem ? { "content-type": "application/problem+json" } : {}),
    ...headers,
    // The body was not read: the connection cannot carry another request.
    ...(close ? { connection: "close" } : {}),
  };
  for (const name of Object.keys(all)) all[name] = headerValue(all[name]!);
  response.writeHead(status, all);
  response.end(
    content === undefined
      ? undefined
      : isProblem
        ? JSON.stringify(content)
        : Buffer.from(content as Uint8Array),
  );
}

function tooLarge(limit: number): [number, Record<string, string>, Body] {
  return [
    413,
    {},
    problem(
      413,
      "PAYLOAD_TOO_LARGE",
      "Request body too large",
      `the body is larger than ${limit} bytes (--max-body)`,
    ),
  ];
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  // No prototype: a header named `__proto__` or `toString` is a header like any other.
  const flat: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

function splitOnce(text: string, separator: string): [string, string] {
  const index = text.indexOf(separator);
  return index === -1 ? [text, ""] : [text.slice(0, index), text.slice(index + 1)];
}

/**
 * Answers are checked against their schema before they are served; each example passed over is
 * said once (the chosen answer is kept per schema and seed, so it is chosen once).
 */
function answerCheckOf(schemas: SchemaCheck, notice?: (line: string) => void): AnswerCheck {
  return {
    problems: (value, pointer) => schemas.problems(value, pointer),
    notice: (message, pointer) => notice?.(`${pointer}: ${message}`),
  };
}
