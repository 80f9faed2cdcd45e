import { bodyKind } from "../../src/model/media.js";
import { mergeObjectShape } from "../../src/model/merge-object-shape.js";
import type { Operation, Parameter } from "../../src/model/operation.js";
import type { LoadedDocument } from "../../src/openapi/load.js";
import { dereference } from "../../src/openapi/refs.js";

/** A request as a client sent it, with the operation it was meant for. */
export interface SentRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body: Uint8Array;
  operation: Operation;
}

export const VARIANTS = [
  "as sent",
  "query of the wrong type",
  "required parameter missing",
  "wrong Content-Type",
  "invalid body",
] as const;

export type Variant = (typeof VARIANTS)[number];

/** `sent` broken in the way `variant` names, or undefined when the operation offers no way to. */
export function breakRequest(
  loaded: LoadedDocument,
  sent: SentRequest,
  variant: Variant,
): SentRequest | undefined {
  switch (variant) {
    case "as sent":
      return sent;
    case "query of the wrong type":
      return wrongQueryType(loaded, sent);
    case "required parameter missing":
      return withoutRequired(sent);
    case "wrong Content-Type":
      if (sent.body.byteLength === 0) return undefined;
      return { ...sent, headers: { ...sent.headers, "content-type": "application/x-kit-unknown" } };
    case "invalid body":
      return invalidBody(loaded, sent);
  }
}

/** A number or boolean query parameter given the text `kit-wrong`. */
function wrongQueryType(loaded: LoadedDocument, sent: SentRequest): SentRequest | undefined {
  const typed = sent.operation.parameters.find(
    (parameter) =>
      parameter.in === "query" &&
      ["integer", "number", "boolean"].includes(schemaType(loaded, parameter) ?? ""),
  );
  if (typed === undefined) return undefined;
  const [path, query] = split(sent.target);
  query.delete(typed.name);
  query.append(typed.name, "kit-wrong");
  return { ...sent, target: `${path}?${query}` };
}

/** The first required query parameter or header the request carries, left out. */
function withoutRequired(sent: SentRequest): SentRequest | undefined {
  const [path, query] = split(sent.target);
  const required = sent.operation.parameters.filter((parameter) => parameter.required);
  const inQuery = required.find((p) => p.in === "query" && query.has(p.name));
  if (inQuery !== undefined) {
    query.delete(inQuery.name);
    const rest = query.toString();
    return { ...sent, target: rest === "" ? path : `${path}?${rest}` };
  }
  const inHeader = required.find(
    (p) => p.in === "header" && sent.headers[p.name.toLowerCase()] !== undefined,
  );
  if (inHeader === undefined) return undefined;
  const headers = { ...sent.headers };
  delete headers[inHeader.name.toLowerCase()];
  return { ...sent, headers };
}

/** A JSON body without its first required property, or a string where an object goes. */
function invalidBody(loaded: LoadedDocument, sent: SentRequest): SentRequest | undefined {
  const body = sent.operation.requestBody;
  if (body?.schema === undefined || bodyKind(body.mediaType) !== "json") return undefined;
  if (sent.body.byteLength === 0) return undefined;
  const value = JSON.parse(new TextDecoder().decode(sent.body)) as unknown;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const shape = mergeObjectShape(loaded, [body.schema]);
  const missing = [...(shape?.required ?? [])].find((name) => name in value);
  const broken =
    missing === undefined
      ? "kit-not-an-object"
      : Object.fromEntries(Object.entries(value).filter(([name]) => name !== missing));
  return { ...sent, body: new TextEncoder().encode(JSON.stringify(broken)) };
}

function schemaType(loaded: LoadedDocument, parameter: Parameter): string | undefined {
  if (parameter.schema === undefined) return undefined;
  const { schema } = dereference(loaded, parameter.schema.schema, parameter.schema.pointer);
  return typeof schema.type === "string" ? schema.type : undefined;
}

function split(target: string): [string, URLSearchParams] {
  const index = target.indexOf("?");
  if (index === -1) return [target, new URLSearchParams()];
  return [target.slice(0, index), new URLSearchParams(target.slice(index + 1))];
}
