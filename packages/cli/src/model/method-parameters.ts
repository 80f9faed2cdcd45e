import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer } from "../openapi/pointer.js";
import { dereference } from "../openapi/refs.js";
import type { ParameterLocation, SchemaObject } from "../openapi/types.js";
import { compareText } from "./compare.js";
import { essence, isMediaRange } from "./media.js";
import { mergeObjectShape } from "./merge-object-shape.js";
import { NameScope, variableName } from "./names.js";
import type { Operation, RequestBody } from "./operation.js";
import { operationTypeStem } from "./operation-name.js";
import { placeholderKeys } from "./path-template.js";
import { hiddenIn } from "./read-write.js";
import type { SchemaAt } from "./schema-input.js";
import { namedIfInline, type TypeSource } from "./type-source.js";
import type { Warnings } from "./warnings.js";
import type { WireBinding } from "./wire-binding.js";

/** One parameter of a method, before its type is built: the document's, or the body's. */
export interface MethodParameter {
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

/** A method's parameters, and what its decorators and doc comment say about them. */
export interface MethodParameters {
  /** Required parameters first, then optional ones. */
  parameters: MethodParameter[];
  /** `@ContentType`: the body's media type, where the runtime's default is not it. */
  contentType?: string;
  /** Cookie parameter wire names, for the doc comment. */
  cookies: string[];
  /** Multipart file field names, for the doc comment. */
  fileFields: string[];
}

/** Plans the parameter list of an operation: its parameters, then its body's. */
export function planParameters(
  loaded: LoadedDocument,
  operation: Operation,
  warnings: Warnings,
): MethodParameters {
  const variables = new NameScope();
  const pathKeys = placeholderKeys(operation.path);
  const parameters: MethodParameter[] = [];
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
  return {
    parameters: [
      ...parameters.filter((parameter) => parameter.required),
      ...parameters.filter((parameter) => !parameter.required),
    ],
    ...(body.contentType ? { contentType: body.contentType } : {}),
    cookies,
    fileFields: body.fileFields,
  };
}

const BODY: WireBinding = { in: "body" };

function planBody(
  loaded: LoadedDocument,
  operation: Operation,
  variables: NameScope,
  warnings: Warnings,
): { parameters: MethodParameter[]; contentType?: string; fileFields: string[] } {
  const body = operation.requestBody;
  if (body === undefined) return { parameters: [], fileFields: [] };
  const required = body.required;
  if (body.schema === undefined && (body.kind === "json" || body.kind === "form")) {
    const typed = body.kind === "json" ? "unknown" : "string";
    warnings.add(`request body has no schema; typed ${typed}`, mediaPointer(body));
  }
  const whole = (variable: string, type: TypeSource): MethodParameter => ({
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
            body.schema === undefined
              ? { text: "unknown" }
              : // Bytes sent whole (class 13); inside a JSON value a binary string is text.
                isBinaryBody(loaded, body)
                ? { text: "Blob" }
                : namedIfInline(body.schema, () => `${operationTypeStem(operation)}Payload`),
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
