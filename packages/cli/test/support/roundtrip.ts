import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { KitServer } from "@kit/api";
import type { AxiosRequestConfig, AxiosResponse } from "axios";
import { expect } from "vitest";
import { buildOperations } from "../../src/model/build-operations.js";
import { groupOperations } from "../../src/model/group-operations.js";
import { essence, isMediaRange } from "../../src/model/media.js";
import { type MethodParameter, planParameters } from "../../src/model/method-parameters.js";
import type { Operation } from "../../src/model/operation.js";
import { Warnings } from "../../src/model/warnings.js";
import type { LoadedDocument } from "../../src/openapi/load.js";
import { queryObjectArguments } from "./call-arguments.js";

type ApiObject = Record<string, (...args: unknown[]) => { send(): Promise<unknown> }>;

interface Exchange {
  config: AxiosRequestConfig;
  responseType: string;
}

/**
 * Calls every operation of the document through the generated client in `outDir` (its
 * `index.ts` is imported) and checks what reaches axios against the document: verb, path with
 * placeholders filled and trailing slash kept, exactly the declared query keys, headers, the
 * request content type and the response type. Returns how many calls were checked. With
 * `queryObject`, the client was generated with `--query-object` and is called that way.
 */
export async function checkRoundTrip(
  outDir: string,
  loaded: LoadedDocument,
  queryObject = false,
): Promise<number> {
  const client = (await import(pathToFileURL(join(outDir, "index.ts")).href)) as Record<
    string,
    unknown
  >;
  const service = client.service as KitServer;
  const exchanges: Exchange[] = [];
  let responseType = "";
  service.http.defaults.adapter = async (config) => {
    exchanges.push({ config, responseType });
    return cannedResponse(config, responseType);
  };
  service.use({
    name: "roundtrip-capture",
    request(context, next) {
      responseType = context.request.responseType;
      return next();
    },
  });

  let checked = 0;
  // Warnings are the generator's business; these checks only call what it planned.
  const warnings = new Warnings(loaded.locate);
  for (const group of groupOperations(buildOperations(loaded, { warnings }), { warnings })) {
    const api = client[group.instanceName] as ApiObject;
    for (const method of group.methods) {
      const signature = planParameters(loaded, method.operation, warnings);
      const args = signature.parameters.map(sampleArgument);
      const label = `${group.className}.${method.name} (${method.operation.verb} ${method.operation.path})`;
      const call = queryObject ? queryObjectArguments(signature.parameters, args) : args;
      await api[method.name]!(...call).send();
      const exchange = exchanges.pop();
      expect(exchange, label).toBeDefined();
      checkExchange(exchange!, method.operation, signature.parameters, args, service, label);
      checked++;
    }
  }
  return checked;
}

/** Distinct values per argument; path values carry characters that must be percent-encoded. */
function sampleArgument(parameter: MethodParameter, index: number): unknown {
  const type = "text" in parameter.type ? parameter.type.text : "schema";
  if (parameter.binding.in === "path") return `p ${index}/x`;
  if (parameter.binding.in === "body" && parameter.key === undefined) {
    if (type === "FormData") {
      const form = new FormData();
      form.append("field", "value");
      return form;
    }
    if (type === "Blob") return new Blob(["binary"]);
    if (type === "string") return `text ${index}`;
    return { sample: index };
  }
  // An exploded query object (`@Query()`) sends its own keys: one named like the parameter.
  if (parameter.binding.in === "query" && parameter.key === undefined) {
    return { [parameter.from!.name]: `v${index}` };
  }
  // An array for a joined query style, so the check below sees how its items are joined.
  if (joinedStyle(parameter) !== undefined) return [`a${index}`, `b,${index}`];
  return `v${index}`;
}

const JOINED_SEPARATORS = { form: ",", spaceDelimited: "%20", pipeDelimited: "%7C" } as const;

/** The style of a query parameter whose array is sent as one joined value. */
function joinedStyle({ binding }: MethodParameter): keyof typeof JOINED_SEPARATORS | undefined {
  if (binding.in !== "query" || !("explode" in binding) || binding.explode) return undefined;
  return binding.style;
}

/** The raw query value OpenAPI gives an unexploded array: items encoded, the separator not. */
function joinedValue(items: readonly string[], style: keyof typeof JOINED_SEPARATORS): string {
  return items.map(encodeURIComponent).join(JOINED_SEPARATORS[style]);
}

function checkExchange(
  { config, responseType }: Exchange,
  operation: Operation,
  parameters: readonly MethodParameter[],
  args: readonly unknown[],
  service: KitServer,
  label: string,
): void {
  expect(config.method?.toUpperCase(), label).toBe(operation.verb.toUpperCase());

  const indexOf = (location: string, name: string): number =>
    parameters.findIndex((p) => p.from?.in === location && p.from.name === name);
  const argumentFor = (location: string, name: string): unknown => args[indexOf(location, name)];
  // A `content` JSON parameter is its value serialized as JSON (OpenAPI), a string included.
  const textFor = (location: string, name: string, value: unknown): string => {
    const binding = parameters[indexOf(location, name)]?.binding;
    return binding !== undefined && "style" in binding && binding.style === "json"
      ? JSON.stringify(value)
      : String(value);
  };
  const path = operation.path.replace(/\{([^}]*)\}/g, (_, name: string) =>
    encodeURIComponent(textFor("path", name, argumentFor("path", name))),
  );
  const url = new URL(config.url!, "http://placeholder.invalid");
  // An operation with its own server is sent there, without the service's baseURL.
  const expectedBase = new URL(
    operation.server ?? service.options.baseURL,
    "http://placeholder.invalid",
  ).pathname;
  // The document path read as a URL, as every HTTP client reads it: a `#fragment` (AWS-style
  // `/#X-Amz-Target=…` keys) never goes over the wire, a literal `?k=v` belongs to the query,
  // spaces and quotes are percent-encoded.
  const expected = new URL(`http://placeholder.invalid${joinPath(expectedBase, path)}`);
  expect(url.pathname, label).toBe(expected.pathname);

  const queryNames = operation.parameters.filter((p) => p.in === "query").map((p) => p.name);
  const queryKeys = new Set([...queryNames, ...expected.searchParams.keys()]);
  expect([...new Set(url.searchParams.keys())].sort(), label).toEqual([...queryKeys].sort());
  for (const name of queryNames) {
    // A key the path also spells out literally (`/files?view=info` beside a `view` parameter)
    // is sent with both values.
    const given = argumentFor("query", name);
    // An exploded object was given as `{ [name]: value }` (see sampleArgument).
    const argument =
      typeof given === "object" && given !== null && !Array.isArray(given)
        ? (given as Record<string, unknown>)[name]
        : given;
    const parameter = parameters.find((p) => p.from?.in === "query" && p.from.name === name);
    const style = parameter && joinedStyle(parameter);
    if (style !== undefined) {
      const raw = `${encodeURIComponent(name)}=${joinedValue(argument as string[], style)}`;
      expect(url.search.slice(1).split("&"), label).toContain(raw);
      continue;
    }
    const values = [...expected.searchParams.getAll(name), textFor("query", name, argument)];
    expect(url.searchParams.getAll(name), label).toEqual(values);
  }
  const headers = config.headers as Record<string, unknown>;
  // Header names are case-insensitive: axios lower-cases one named like the method (`Link` on LINK).
  const byName = new Map(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  for (const parameter of operation.parameters.filter((p) => p.in === "header")) {
    expect(byName.get(parameter.name.toLowerCase()), label).toBe(
      argumentFor("header", parameter.name),
    );
  }
  for (const parameter of operation.parameters.filter((p) => p.in === "cookie")) {
    const value = argumentFor("cookie", parameter.name);
    expect(JSON.stringify([config.url, headers, config.data]), label).not.toContain(value);
  }
  // A form body is either one `@Data("field")` per field or one whole `@Data()` object.
  const formFields = parameters.flatMap((p, index) => {
    if (p.binding.in !== "body") return [];
    if (p.key !== undefined) return [p.key];
    const whole = args[index];
    return whole !== null && typeof whole === "object" ? Object.keys(whole) : [];
  });
  checkBody(config, operation, formFields.sort(), label);
  expect(responseType, label).toBe(expectedResponseType(operation));
}

function joinPath(base: string, path: string): string {
  if (base.endsWith("/") && path.startsWith("/")) return base + path.slice(1);
  if (!base.endsWith("/") && !path.startsWith("/")) return `${base}/${path}`;
  return base + path;
}

function checkBody(
  config: AxiosRequestConfig,
  operation: Operation,
  formFields: readonly string[],
  label: string,
): void {
  const body = operation.requestBody;
  // `false` is axios's "no such header": what the runtime writes for a request without a body.
  const header = (config.headers as Record<string, unknown>)["Content-Type"];
  const contentType = header === false || header == null ? "" : String(header);
  if (body === undefined) {
    expect(config.data, label).toBeUndefined();
    return;
  }
  switch (body.kind) {
    case "json":
      // Bytes whose schema is a binary string are sent as they are (see the binary case).
      if (config.data instanceof Blob) {
        expect(contentType, label).toBe(bytesType(body.mediaType));
        return;
      }
      if (essence(body.mediaType) === "application/json" || isMediaRange(body.mediaType))
        expect(contentType, label).toMatch(/^application\/json/);
      else expect(contentType, label).toBe(body.mediaType);
      expect(JSON.parse(String(config.data)), label).toEqual({ sample: expect.any(Number) });
      return;
    case "form": {
      if (formFields.length === 0) {
        // A form without fields sends no body, and so no Content-Type.
        expect([config.data, contentType], label).toEqual([undefined, ""]);
        return;
      }
      expect(contentType, label).toMatch(/^application\/x-www-form-urlencoded/);
      const fields = new URLSearchParams(config.data === undefined ? "" : String(config.data));
      expect([...fields.keys()].sort(), label).toEqual(formFields);
      return;
    }
    case "multipart":
      // Axios's own adapters set the header with the boundary from the FormData; a multipart
      // Content-Type written before that point would lack the boundary.
      expect(config.data, label).toBeInstanceOf(FormData);
      expect(contentType, label).not.toMatch(/^multipart\/form-data(?!.*boundary=)/);
      return;
    case "text":
      expect(contentType, label).toBe(body.mediaType);
      expect(typeof config.data, label).toBe("string");
      return;
    case "binary":
      expect(contentType, label).toBe(bytesType(body.mediaType));
      expect(config.data, label).toBeInstanceOf(Blob);
  }
}

/**
 * The Content-Type of the sample Blob (which has no type of its own) sent as `mediaType`: a
 * range names no type, so the runtime sends `application/octet-stream` there.
 */
function bytesType(mediaType: string): string {
  return isMediaRange(mediaType) ? "application/octet-stream" : mediaType;
}

/** What the document's 2xx responses call for: JSON if any is JSON, else text, else a Blob. */
function expectedResponseType(operation: Operation): string {
  const kinds = operation.responses.flatMap((response) =>
    response.kind === undefined ? [] : [response.kind],
  );
  if (kinds.length === 0) return "json";
  // An event stream or JSON lines is read as it arrives.
  const stream = operation.responses.some((response) => response.stream !== undefined);
  // Answers read differently (a file beside JSON, text beside JSON) are read by the type that comes.
  const reads = new Set(kinds.map((kind) => (kind === "json" || kind === "text" ? kind : "blob")));
  if (reads.size > 1 && !stream) return "auto";
  if (kinds.includes("json")) return "json";
  if (stream) return "stream";
  return kinds.includes("text") ? "text" : "blob";
}

function cannedResponse(config: AxiosRequestConfig, responseType: string): AxiosResponse {
  // An envelope to a method that unwraps (`"strict"`), a plain object to every other one; an
  // `"auto"` method reads bytes and parses them as the JSON its Content-Type says.
  const json = '{"ok":true,"data":null}';
  const data =
    responseType === "auto"
      ? new TextEncoder().encode(json).buffer
      : config.responseType === "arraybuffer"
        ? new ArrayBuffer(2)
        : json;
  return {
    data,
    status: 200,
    statusText: "OK",
    headers: { "content-type": "application/json" },
    config: config as AxiosResponse["config"],
  };
}
