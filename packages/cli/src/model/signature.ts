import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer } from "../openapi/pointer.js";
import type { ParameterLocation, SchemaObject } from "../openapi/types.js";
import type { EnvelopeKeys } from "../options.js";
import { compareText } from "./compare.js";
import { dereference } from "./dereference.js";
import { readEnvelope } from "./envelope.js";
import { essence, isMediaRange } from "./media.js";
import { mergeObjectShape } from "./merge-object-shape.js";
import { NameScope, variableName } from "./names.js";
import type { Operation, RequestBody } from "./operation.js";
import { operationTypeStem } from "./operation-name.js";
import { placeholderKeys } from "./path-template.js";
import { hiddenIn } from "./read-write.js";
import type { SchemaAt } from "./schema-input.js";
import { isObjectSchema } from "./schema-kind.js";
import { type StreamResponse, streamResponse } from "./stream-response.js";
import type { Warnings } from "./warnings.js";
import type { WireBinding } from "./wire-binding.js";

/** Where a TypeScript type comes from: a schema (declared as `inlineName` when given) or fixed text. */
export type TypeSource =
  | { schema: SchemaAt; inlineName?: string }
  | { text: "string" | "Blob" | "FormData" | "void" | "unknown" };

/** A branch of the return type: a type, or a stream of items typed by a schema (else `unknown`). */
export type ReturnSource = TypeSource | StreamResponse;

export interface SignatureParameter {
  variable: string;
  /** The document parameter this stands for; absent for body parameters. */
  from?: { in: ParameterLocation; name: string };
  /** How the value goes on the wire: the parameter's own, or `body` for the request body. */
  binding: WireBinding;
  /**
   * The decorator's name argument: the wire name (`@Params` uses the sanitized placeholder key);
   * absent for the whole body, a query object's own keys and a cookie.
   */
  key?: string;
  required: boolean;
  type: TypeSource;
}

/** Everything needed to print one method besides its name, path and doc text. */
export interface MethodSignature {
  /** Required parameters first, then optional ones. */
  parameters: SignatureParameter[];
  contentType?: string;
  responseType?: "text" | "blob" | "stream" | "auto";
  /** Union branches of the return type, or `void`. */
  returns: ReturnSource[];
  /**
   * What the runtime must do with a JSON body so that it is what `returns` says: `"strict"` unwrap
   * every body (each 2xx JSON response is typed as an envelope's data), `false` never (each is typed
   * whole), `"auto"` by the body's shape (both kinds). Absent without a 2xx JSON response.
   */
  envelope?: EnvelopeMode;
  /** Cookie parameter wire names, for the doc comment. */
  cookies: string[];
  /** Multipart file field names, for the doc comment. */
  fileFields: string[];
}

/**
 * Plans the parameter list, body decorators and return type of an operation. With `envelope`
 * keys, a 2xx JSON response that is an envelope returns the type of its data field.
 */
export function planSignature(
  loaded: LoadedDocument,
  operation: Operation,
  warnings: Warnings,
  envelope?: EnvelopeKeys,
): MethodSignature {
  const variables = new NameScope();
  const pathKeys = placeholderKeys(operation.path);
  const parameters: SignatureParameter[] = [];
  const cookies: string[] = [];
  for (const parameter of operation.parameters) {
    const type: TypeSource = parameter.schema ? { schema: parameter.schema } : { text: "string" };
    const key =
      parameter.in === "path" ? (pathKeys.get(parameter.name) ?? parameter.name) : parameter.name;
    // A path parameter whose name has no ASCII word is called by its key (`param1`), like its placeholder.
    const fallback = parameter.in === "path" ? key : "param";
    const variable = variables.claim(variableName(parameter.name, fallback));
    const required = parameter.required;
    const from = { in: parameter.in, name: parameter.name };
    const { binding } = parameter;
    if (binding.in === "cookie") {
      cookies.push(parameter.name);
      parameters.push({ variable, from, binding, required, type });
      continue;
    }
    parameters.push({
      variable,
      from,
      binding,
      // An exploded query object is `@Query()`: its own keys are the query keys.
      ...(binding.in === "query" && binding.style === "form" && binding.explode ? {} : { key }),
      required,
      type,
    });
  }

  const body = planBody(loaded, operation, variables, warnings);
  const { verb, requestBody } = operation;
  if ((verb === "get" || verb === "head") && body.parameters.length > 0) {
    warnings.add(
      `a ${verb.toUpperCase()} request body is sent only by the http adapter (Node); fetch and XHR cannot send it, and there the call fails with KIT_BODY_NOT_SENDABLE`,
      requestBody!.pointer,
    );
  }
  for (const parameter of body.parameters) parameters.push(parameter);
  const response = planResponse(loaded, operation, warnings, envelope);
  return {
    parameters: [
      ...parameters.filter((parameter) => parameter.required),
      ...parameters.filter((parameter) => !parameter.required),
    ],
    ...(body.contentType ? { contentType: body.contentType } : {}),
    ...response,
    cookies,
    fileFields: body.fileFields,
  };
}

/** The runtime's envelope modes, as a generated method declares them. */
export type EnvelopeMode = "strict" | "auto" | false;

const BODY: WireBinding = { in: "body" };

function planBody(
  loaded: LoadedDocument,
  operation: Operation,
  variables: NameScope,
  warnings: Warnings,
): { parameters: SignatureParameter[]; contentType?: string; fileFields: string[] } {
  const body = operation.requestBody;
  if (body === undefined) return { parameters: [], fileFields: [] };
  const required = body.required;
  if (body.schema === undefined && (body.kind === "json" || body.kind === "form")) {
    const typed = body.kind === "json" ? "unknown" : "string";
    warnings.add(`request body has no schema; typed ${typed}`, mediaPointer(body));
  }
  const whole = (variable: string, type: TypeSource): SignatureParameter => ({
    variable: variables.claim(variable),
    binding: BODY,
    required,
    type,
  });
  switch (body.kind) {
    case "json":
      return {
        parameters: [
          whole(
            "payload",
            body.schema
              ? namedIfInline(body.schema, () => `${operationTypeStem(operation)}Payload`)
              : { text: "unknown" },
          ),
        ],
        // `application/json` is the runtime's default, and a range (`*\/*`) names no type to send;
        // but bytes without a declared type go as `application/octet-stream`.
        ...(isMediaRange(body.mediaType) ||
        (essence(body.mediaType) === "application/json" && !isBinaryBody(loaded, body))
          ? {}
          : { contentType: body.mediaType }),
        fileFields: [],
      };
    case "form": {
      const shape = body.schema && mergeObjectShape(loaded, [body.schema]);
      if (!shape) {
        return {
          parameters: [
            whole("payload", body.schema ? { schema: body.schema } : { text: "string" }),
          ],
          contentType: body.mediaType,
          fileFields: [],
        };
      }
      const empty = shape.properties.get("");
      if (empty) {
        warnings.add(
          "a form field with an empty name cannot be sent and was skipped",
          empty.pointer,
        );
      }
      // A form sends fields, so its readOnly ones are left out as a request body type leaves them out.
      const fields = [...shape.properties.keys()]
        .filter(
          (field) => field !== "" && !hiddenIn(loaded, "request", shape.properties.get(field)!),
        )
        .sort(compareText)
        .map((field) => {
          const encoding = body.encoding?.[field];
          return {
            variable: variables.claim(variableName(field, "field")),
            binding: encoding ? { in: "body" as const, encoding } : BODY,
            key: field,
            required: required && shape.required.has(field),
            type: { schema: shape.properties.get(field)! },
          };
        });
      // A form without fields (Stripe's GET operations) sends no body, so it has no media type.
      return {
        parameters: fields,
        ...(fields.length > 0 ? { contentType: body.mediaType } : {}),
        fileFields: [],
      };
    }
    case "multipart":
      return {
        parameters: [whole("formData", { text: "FormData" })],
        contentType: body.mediaType,
        fileFields: body.schema ? fileFields(loaded, body.schema) : [],
      };
    case "text":
      return {
        parameters: [whole("payload", { text: "string" })],
        contentType: body.mediaType,
        fileFields: [],
      };
    case "binary":
      return {
        parameters: [whole("payload", { text: "Blob" })],
        contentType: body.mediaType,
        fileFields: [],
      };
  }
}

/** A body whose schema is a binary string: the payload is a Blob. */
function isBinaryBody(loaded: LoadedDocument, body: RequestBody): boolean {
  if (body.schema === undefined) return false;
  return dereference(loaded, body.schema.schema, body.schema.pointer).schema.format === "binary";
}

/** Where the body's chosen media type stands in the document. */
function mediaPointer(body: RequestBody): string {
  return appendPointer(body.pointer, "content", body.mediaType);
}

/**
 * An inline object schema is declared as a named type, whose name is made only then; anything
 * else is printed in place.
 */
function namedIfInline(schema: SchemaAt, inlineName: () => string): TypeSource {
  const isInlineObject =
    typeof schema.schema.$ref !== "string" && isObjectSchema(schema.schema as SchemaObject);
  return isInlineObject ? { schema, inlineName: inlineName() } : { schema };
}

/** Fields that carry files: binary or base64 strings, or arrays of them. */
function fileFields(loaded: LoadedDocument, schema: SchemaAt): string[] {
  const shape = mergeObjectShape(loaded, [schema]);
  if (!shape) return [];
  const isFile = (candidate: SchemaObject): boolean =>
    candidate.format === "binary" ||
    candidate.format === "base64" ||
    candidate.contentMediaType !== undefined ||
    candidate.contentEncoding !== undefined;
  return [...shape.properties.entries()]
    .filter(([, property]) => {
      const resolved = dereference(loaded, property.schema, property.pointer).schema;
      if (isFile(resolved)) return true;
      return (
        resolved.items !== undefined &&
        isFile(dereference(loaded, resolved.items, property.pointer).schema)
      );
    })
    .map(([field]) => field)
    .sort(compareText);
}

/**
 * The response is read as the best kind any 2xx response offers; each 2xx response adds its own
 * type to the union, and one without content adds `void`. An event stream or JSON lines (without
 * a JSON alternative) is read as a stream of items instead.
 */
function planResponse(
  loaded: LoadedDocument,
  operation: Operation,
  warnings: Warnings,
  envelope: EnvelopeKeys | undefined,
): Pick<MethodSignature, "responseType" | "returns" | "envelope"> {
  const stream = streamResponse(loaded, operation);
  if (stream !== undefined) return { responseType: "stream", returns: [stream] };
  let unwrapped = 0;
  let whole = 0;
  const kinds = new Set(operation.responses.map((response) => response.kind));
  // Binary, form and multipart responses are all read as a Blob, the type they are returned as.
  // Answers of different reads (a 200 file beside a 202 JSON status) are read by what comes.
  const reads = new Set(
    [...kinds].flatMap((kind) =>
      kind === undefined ? [] : [kind === "json" || kind === "text" ? kind : "blob"],
    ),
  );
  const responseType =
    reads.size > 1
      ? "auto"
      : kinds.has("json")
        ? undefined
        : kinds.has("text")
          ? "text"
          : reads.size > 0
            ? "blob"
            : undefined;
  let inlineNames = 0;
  const returns = operation.responses.map((response): TypeSource => {
    switch (response.kind) {
      case undefined:
        return { text: "void" };
      case "json": {
        const payload =
          envelope && response.schema
            ? envelopeData(loaded, response.schema, envelope, warnings, response.pointer)
            : response.schema;
        if (payload === response.schema) whole++;
        else unwrapped++;
        if (!payload) return { text: "unknown" };
        const source = namedIfInline(payload, () => `${operationTypeStem(operation)}Response`);
        // The first inline response is `<Stem>Response`, later ones carry their status code.
        if ("inlineName" in source && inlineNames++ > 0) {
          return { ...source, inlineName: `${source.inlineName}${response.status.toUpperCase()}` };
        }
        return source;
      }
      case "text":
        return { text: "string" };
      default:
        return { text: "Blob" };
    }
  });
  const mode = unwrapped === 0 ? false : whole === 0 ? "strict" : "auto";
  return {
    ...(responseType ? { responseType } : {}),
    returns: returns.length === 0 ? [{ text: "void" }] : returns,
    ...(unwrapped + whole > 0 ? { envelope: mode } : {}),
  };
}

/** The data field of an envelope response; a response that is not one keeps its own schema. */
function envelopeData(
  loaded: LoadedDocument,
  schema: SchemaAt,
  keys: EnvelopeKeys,
  warnings: Warnings,
  responsePointer: string,
): SchemaAt {
  const envelope = readEnvelope(loaded, schema, keys);
  if (envelope) return envelope.data;
  warnings.add(
    `not an envelope (no "${keys.dataKey}" property); the method returns the body's own type, which the runtime passes through unwrapped`,
    responsePointer,
  );
  return schema;
}
