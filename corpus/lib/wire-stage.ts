import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import type { KitServer } from "@kit/api";
import { createMockHandler, type MockExchange } from "../../packages/cli/src/mock/mock-handler.js";
import { buildOperations, listOperations } from "../../packages/cli/src/model/build-operations.js";
import { readEnvelope } from "../../packages/cli/src/model/envelope.js";
import { groupOperations } from "../../packages/cli/src/model/group-operations.js";
import {
  type MethodParameter,
  planParameters,
} from "../../packages/cli/src/model/method-parameters.js";
import type { Operation } from "../../packages/cli/src/model/operation.js";
import { Warnings } from "../../packages/cli/src/model/warnings.js";
import type { LoadedDocument } from "../../packages/cli/src/openapi/load.js";
import type { EnvelopeKeys } from "../../packages/cli/src/options.js";
import {
  type ExampleResponse,
  exampleResponse,
  exampleValue,
  RequestValidator,
  SchemaCheck,
  type WireRequest,
} from "../../packages/cli/src/wire/index.js";
import { queryObjectArguments } from "../../packages/cli/test/support/call-arguments.js";

/** What the wire stage learnt about one document. */
export interface WireOutcome {
  operations: number;
  requestsValid: number;
  resultsExact: number;
  /**
   * JSON results whose `data` is not the value the method's declared type describes: the whole
   * body, or with envelope keys the envelope's data where the generator typed the data.
   */
  typeMismatches: number;
  /** Failed operations per failure class. */
  classes: Record<string, number>;
  /** The first few failures, `class: Api.method: detail`. */
  failures: string[];
}

type ApiObject = Record<
  string,
  (...args: unknown[]) => { send(): Promise<{ data: unknown; status: number }> }
>;

/**
 * Calls every method of the generated client in `outDir` with arguments built by `exampleValue`,
 * against a real HTTP server on 127.0.0.1 that answers with `exampleResponse`, then checks the
 * request with `RequestValidator` and that `result.data` is what the server sent at the level the
 * method's type declares: the whole body, or, for a client generated with `envelope` keys, the
 * envelope's data where the response is an envelope (text a string, binary a Blob with the same
 * bytes). A JSON result that is another part of the body is also a type/value mismatch. With
 * `queryObject`, the client was generated with `--query-object` and is called with the same values
 * that way.
 */
export async function checkWire(
  outDir: string,
  loaded: LoadedDocument,
  { queryObject = false, envelope }: { queryObject?: boolean; envelope?: EnvelopeKeys } = {},
): Promise<WireOutcome> {
  // KIT_WIRE_SERVER=kit-mock: `kit mock`'s handler answers, routing and validating by itself.
  const mock = process.env.KIT_WIRE_SERVER === "kit-mock" ? await mockServer(loaded) : undefined;
  try {
    return await callEveryMethod(outDir, loaded, mock, queryObject, envelope);
  } finally {
    await mock?.close();
  }
}

async function callEveryMethod(
  outDir: string,
  loaded: LoadedDocument,
  mock: KitMockServer | undefined,
  queryObject: boolean,
  envelope: EnvelopeKeys | undefined,
): Promise<WireOutcome> {
  const local = mock ?? (await localServer());
  const client = (await import(pathToFileURL(join(outDir, "index.ts")).href)) as Record<
    string,
    unknown
  >;
  const service = client.service as KitServer;
  // The round-trip stage, which imported the same modules first, left a capturing adapter.
  service.http.defaults.adapter = "http";
  const basePath = pathOf(service.options.baseURL);
  service.use({
    name: "wire-redirect",
    request(context, next) {
      const target = pathOf(context.request.url);
      // A protocol-relative base URL (`//kubernetes.local`) names a host: the mock sees the path.
      context.request.url = `${local.origin}${mock === undefined ? target : target.replace(/^\/\/[^/]*/, "")}`;
      return next();
    },
  });
  const schemas = new SchemaCheck(loaded.document);
  const validator = new RequestValidator(loaded, schemas);
  const outcome: WireOutcome = {
    operations: 0,
    requestsValid: 0,
    resultsExact: 0,
    typeMismatches: 0,
    classes: {},
    failures: [],
  };
  const fail = (kind: string, label: string, detail: string) => {
    outcome.classes[kind] = (outcome.classes[kind] ?? 0) + 1;
    if (outcome.failures.length < 5) outcome.failures.push(`${kind}: ${label}: ${detail}`);
  };

  // The generate stage already reported this document's warnings.
  const warnings = new Warnings(loaded.locate);
  for (const group of groupOperations(buildOperations(loaded, { warnings }), { warnings })) {
    const api = client[group.instanceName] as ApiObject;
    for (const method of group.methods) {
      const { operation } = method;
      const label = `${group.className}.${method.name}`;
      outcome.operations++;
      // A document the checker cannot read at one place (a broken $ref) fails that operation only.
      try {
        const signature = planParameters(loaded, operation, warnings);
        const args = signature.parameters.map((parameter) =>
          argumentFor(loaded, schemas, operation, parameter),
        );
        if (mock === undefined) {
          const response = exampleResponse(loaded, operation);
          local.answer =
            operation.verb === "head" ? { ...response, body: new Uint8Array() } : response;
        } else mock.exchange = undefined;
        local.received = undefined;
        let result: { data: unknown } | undefined;
        let error: unknown;
        try {
          const call = queryObject ? queryObjectArguments(signature.parameters, args) : args;
          result = await api[method.name]!(...call).send();
        } catch (caught) {
          error = caught;
        }
        const request = local.received as WireRequest | undefined;
        let valid = false;
        if (request === undefined) fail("request: not sent", label, describe(error));
        else if (mock !== undefined) {
          const { exchange } = mock;
          local.answer = exchange?.response;
          if (exchange?.operation?.pointer !== operation.pointer)
            fail("request: routed elsewhere", label, `${exchange?.status} ${request.target}`);
          else if (exchange.problems.length > 0)
            fail(
              `request: ${exchange.problems[0]!.kind}`,
              label,
              exchange.problems.map((p) => `${p.location}: ${p.message}`).join("; "),
            );
          else valid = true;
        } else {
          // An operation with its own server is sent under that server's path.
          const base = operation.server === undefined ? basePath : pathOf(operation.server);
          const target = request.target.startsWith(base)
            ? request.target.slice(base.length - (base.endsWith("/") ? 1 : 0))
            : request.target;
          const problems = await validator.validate(operation, {
            ...request,
            target: target.startsWith("/") ? target : `/${target}`,
          });
          if (problems.length === 0) valid = true;
          else
            fail(`request: ${problems[0]!.kind}`, label, problems.map((p) => p.message).join("; "));
        }
        if (valid) outcome.requestsValid++;
        const mismatch =
          request === undefined
            ? undefined
            : local.answer === undefined
              ? { kind: "no answer for the operation", detail: describe(error) }
              : await resultMismatch(
                  operation,
                  local.answer,
                  declaredData(loaded, operation, local.answer, envelope),
                  result,
                  error,
                );
        if (mismatch === undefined) {
          if (request !== undefined) outcome.resultsExact++;
        } else {
          if (mismatch.typed) outcome.typeMismatches++;
          fail(`result: ${mismatch.kind}`, label, mismatch.detail);
        }
      } catch (caught) {
        fail("wire stage error", label, describe(caught));
      }
    }
  }
  return outcome;
}

/**
 * The data key when the method's declared type is the envelope's data for the answered response:
 * only with envelope keys, and only where that response's schema is an envelope (as the generator
 * reads it). Undefined: the declared type is the whole body.
 */
function declaredData(
  loaded: LoadedDocument,
  operation: Operation,
  answer: ExampleResponse,
  envelope: EnvelopeKeys | undefined,
): string | undefined {
  if (envelope === undefined) return undefined;
  const response = operation.responses.find(
    (candidate) => candidate.kind === "json" && (Number(candidate.status) || 200) === answer.status,
  );
  const declared =
    response?.schema !== undefined &&
    readEnvelope(loaded, response.schema, envelope, "keys") !== undefined;
  return declared ? envelope.dataKey : undefined;
}

interface Mismatch {
  kind: string;
  detail: string;
  /** A JSON result that is not the value its declared type describes. */
  typed?: true;
}

async function resultMismatch(
  operation: Operation,
  response: ExampleResponse,
  dataKey: string | undefined,
  result: { data: unknown } | undefined,
  error: unknown,
): Promise<Mismatch | undefined> {
  if (result === undefined) {
    const code = (error as { code?: string })?.code ?? "error";
    return { kind: `send rejected (${code})`, detail: describe(error) };
  }
  const expected = operation.verb === "head" ? ({ kind: "empty" } as const) : response.expected;
  const data = await readStream(result.data, expected.kind === "text");
  switch (expected.kind) {
    case "empty":
      return data === undefined
        ? undefined
        : { kind: "data where the body was empty", detail: show(data) };
    case "json": {
      // The value the declared type describes: the envelope's data, or the whole body.
      const body = expected.value as Record<string, unknown>;
      const value = dataKey === undefined ? expected.value : body[dataKey];
      if (isDeepStrictEqual(data, value)) return undefined;
      const unwrapped =
        dataKey === undefined &&
        typeof expected.value === "object" &&
        expected.value !== null &&
        Object.hasOwn(expected.value, "data") &&
        isDeepStrictEqual(data, body.data);
      return {
        kind: unwrapped
          ? "envelope unwrapped"
          : dataKey !== undefined
            ? "envelope kept whole"
            : "JSON differs",
        detail: `${show(data)} ≠ ${show(value)}`,
        typed: true,
      };
    }
    case "text":
      if (typeof data !== "string") return { kind: "text not a string", detail: show(data) };
      return data === expected.value ? undefined : { kind: "text differs", detail: show(data) };
    case "binary": {
      if (!(data instanceof Blob)) return { kind: "binary not a Blob", detail: show(data) };
      const bytes = new Uint8Array(await data.arrayBuffer());
      return isDeepStrictEqual(bytes, expected.value)
        ? undefined
        : { kind: "bytes differ", detail: `${bytes.length} bytes` };
    }
  }
}

/**
 * A stream method's result (an event stream, JSON lines) read to its end: the text for text media
 * types, else a Blob, so it compares with what the server sent as any other body does.
 */
async function readStream(data: unknown, text: boolean): Promise<unknown> {
  const iterable =
    data instanceof ReadableStream
      ? data
      : typeof data === "object" && data !== null && Symbol.asyncIterator in data
        ? (data as AsyncIterable<Uint8Array>)
        : undefined;
  if (iterable === undefined) return data;
  const chunks: BlobPart[] = [];
  for await (const chunk of iterable) chunks.push(new Uint8Array(chunk));
  const blob = new Blob(chunks);
  return text ? await blob.text() : blob;
}

/** A value the document allows for one parameter; the document's examples only when valid. */
function argumentFor(
  loaded: LoadedDocument,
  schemas: SchemaCheck,
  operation: Operation,
  parameter: MethodParameter,
): unknown {
  if ("schema" in parameter.type) {
    const { schema, pointer } = parameter.type.schema;
    const coerce = parameter.binding.in !== "body" || parameter.key !== undefined;
    return checkedExample(loaded, schemas, schema, pointer, coerce);
  }
  const body = operation.requestBody?.schema;
  switch (parameter.type.text) {
    case "FormData": {
      const form = new FormData();
      if (body === undefined) return form;
      const fields = checkedExample(loaded, schemas, body.schema, body.pointer, true);
      for (const [name, value] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
        for (const item of Array.isArray(value) ? value : [value]) {
          form.append(name, typeof item === "object" ? JSON.stringify(item) : String(item));
        }
      }
      return form;
    }
    case "Blob":
      return new Blob([new Uint8Array([1, 2, 3])]);
    case "string": {
      if (body === undefined) return "kit";
      const value = checkedExample(loaded, schemas, body.schema, body.pointer, true);
      return typeof value === "string" ? value : "kit";
    }
    default:
      return body === undefined
        ? { kit: true }
        : checkedExample(loaded, schemas, body.schema, body.pointer, false);
  }
}

function checkedExample(
  loaded: LoadedDocument,
  schemas: SchemaCheck,
  schema: unknown,
  pointer: string,
  coerce: boolean,
): unknown {
  const withExamples = exampleValue(loaded.document, schema, pointer, { direction: "request" });
  if (schemas.problems(structuredClone(withExamples), pointer, coerce).length === 0)
    return withExamples;
  // Given the validator, as `kit mock` gives it: a `oneOf` value matches exactly one branch.
  return exampleValue(loaded.document, schema, pointer, {
    direction: "request",
    useExamples: false,
    check: (value, at) => schemas.problems(structuredClone(value), at, coerce),
  });
}

/** The path and query of a URL or path, as written. */
function pathOf(url: string): string {
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "");
  return withoutOrigin.startsWith("/") ? withoutOrigin : `/${withoutOrigin}`;
}

function show(value: unknown): string {
  if (value instanceof Blob) return `Blob(${value.size})`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : String(error);
}

interface LocalServer {
  origin: string;
  answer: ExampleResponse | undefined;
  received: WireRequest | undefined;
}

interface KitMockServer extends LocalServer {
  exchange: MockExchange | undefined;
  close(): Promise<void>;
}

/** `kit mock`'s handler for this document on 127.0.0.1, keeping the last exchange and request. */
async function mockServer(loaded: LoadedDocument): Promise<KitMockServer> {
  const entries = [...listOperations(loaded, { warnings: new Warnings(loaded.locate) })];
  const state = {} as KitMockServer;
  const handler = createMockHandler(loaded, entries, { seed: 0, delay: 0 }, (exchange) => {
    state.exchange = exchange;
  });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      state.received = {
        method: request.method!,
        target: request.url!,
        headers: {},
        body: new Uint8Array(Buffer.concat(chunks)),
      };
    });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return state;
}

let running: Promise<LocalServer> | undefined;

/** One server per worker process, answering whatever the current call prepared. */
function localServer(): Promise<LocalServer> {
  running ??= new Promise((resolve) => {
    const state: LocalServer = { origin: "", answer: undefined, received: undefined };
    const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        state.received = {
          method: request.method!,
          target: request.url!,
          headers,
          body: new Uint8Array(Buffer.concat(chunks)),
        };
        const answer = state.answer;
        if (answer === undefined) {
          response.writeHead(500).end();
          return;
        }
        response.writeHead(
          answer.status,
          answer.contentType === undefined ? {} : { "content-type": answer.contentType },
        );
        response.end(Buffer.from(answer.body));
      });
    });
    server.listen(0, "127.0.0.1", () => {
      state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      server.unref();
      resolve(state);
    });
  });
  return running;
}
