import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { KitHttpError, type KitServer } from "@kit/api";
import { buildOperations } from "../../src/model/build-operations.js";
import { groupOperations } from "../../src/model/group-operations.js";
import { type MethodParameter, planParameters } from "../../src/model/method-parameters.js";
import type { Operation } from "../../src/model/operation.js";
import { Warnings } from "../../src/model/warnings.js";
import type { LoadedDocument } from "../../src/openapi/load.js";
import { validValue } from "./valid-value.js";

type ApiObject = Record<
  string,
  (...args: unknown[]) => { send(): Promise<{ status: number; headers: unknown }> }
>;

/** One request sent through the generated client and what the server said about it. */
export interface Call {
  /** `GET /pets/{id}`: an operation in several tags is called once per generated class. */
  operation: string;
  label: string;
  status?: number;
  /** From Prism's `sl-violations` header: the ways the request broke the document. */
  violations?: string[];
  /** A failure without an HTTP answer (network, parse). */
  error?: string;
}

/**
 * Calls every generated method of the client in `outDir` once, with a valid value for every
 * parameter and body built from the document's schemas, and records each answer. Cookie
 * parameters are written into the Cookie header, as the generated doc comments ask callers to.
 */
export async function callEveryOperation(outDir: string, loaded: LoadedDocument): Promise<Call[]> {
  const client = (await import(pathToFileURL(join(outDir, "index.ts")).href)) as Record<
    string,
    unknown
  >;
  const service = client.service as KitServer;
  let cookie: string | undefined;
  service.use({
    name: "caller-cookies",
    request(context, next) {
      if (cookie !== undefined) context.request.headers.Cookie = cookie;
      return next();
    },
  });

  const calls: Call[] = [];
  // Warnings are the generator's business; these checks only call what it planned.
  const warnings = new Warnings(loaded.locate);
  for (const group of groupOperations(buildOperations(loaded, { warnings }), { warnings })) {
    const api = client[group.instanceName] as ApiObject;
    for (const method of group.methods) {
      const { parameters } = planParameters(loaded, method.operation, warnings);
      const args = parameters.map((parameter) => argumentFor(loaded, method.operation, parameter));
      cookie = cookieHeader(parameters, args);
      const operation = `${method.operation.verb.toUpperCase()} ${method.operation.path}`;
      const label = `${group.className}.${method.name}`;
      calls.push({
        operation,
        label,
        ...(await answerOf(() => api[method.name]!(...args).send())),
      });
    }
  }
  return calls;
}

async function answerOf(
  send: () => Promise<{ status: number; headers: unknown }>,
): Promise<Omit<Call, "operation" | "label">> {
  try {
    const result = await send();
    return { status: result.status, ...violationsIn(result.headers) };
  } catch (error) {
    if (error instanceof KitHttpError)
      return { status: error.status, ...violationsIn(error.headers) };
    return { error: String(error) };
  }
}

/**
 * The request violations in Prism's `sl-violations` header. Violations located in the response
 * are Prism's own mock data disagreeing with the document, not something the client sent.
 */
function violationsIn(headers: unknown): { violations?: string[] } {
  const header = (headers as Record<string, unknown> | undefined)?.["sl-violations"];
  if (header === undefined) return {};
  const violations = (JSON.parse(String(header)) as PrismViolation[])
    .filter((violation) => violation.location[0] === "request")
    .map((violation) => `${violation.location.join(".")}: ${violation.message}`);
  return violations.length === 0 ? {} : { violations };
}

interface PrismViolation {
  location: string[];
  message: string;
}

function argumentFor(
  loaded: LoadedDocument,
  operation: Operation,
  parameter: MethodParameter,
): unknown {
  const { document } = loaded;
  if ("schema" in parameter.type) {
    return validValue(document, parameter.type.schema.schema, parameter.type.schema.pointer);
  }
  switch (parameter.type.text) {
    case "FormData":
      return formData(loaded, operation);
    case "Blob":
      return new Blob(["kit"]);
    default:
      return "kit";
  }
}

/** The required fields of a multipart body: files as Blobs, objects as JSON, the rest as text. */
function formData(loaded: LoadedDocument, operation: Operation): FormData {
  const form = new FormData();
  const body = operation.requestBody?.schema;
  if (body === undefined) return form;
  const fields = validValue(loaded.document, body.schema, body.pointer) as Record<string, unknown>;
  for (const [name, value] of Object.entries(fields)) {
    form.append(name, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  return form;
}

function cookieHeader(
  parameters: readonly MethodParameter[],
  args: readonly unknown[],
): string | undefined {
  const pairs = parameters.flatMap((parameter, index) =>
    parameter.from?.in === "cookie" ? [`${parameter.from.name}=${String(args[index])}`] : [],
  );
  return pairs.length === 0 ? undefined : pairs.join("; ");
}
