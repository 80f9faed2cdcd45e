import type { EnvelopeKeys } from "../options.js";
import { errorResponses } from "./error-responses.js";
import { multipartFormType } from "./form-type.js";
import { type MethodParameter, planParameters } from "./method-parameters.js";
import { planReturns, type ReturnSource } from "./method-returns.js";
import type { Operation } from "./operation.js";
import { parameterTag } from "./parameter-doc.js";
import type { Declaration, MethodPlan, ParameterPlan, QueryKeyPlan } from "./plan-types.js";
import { foldQueryParameters, type PlannedParameter } from "./query-object.js";
import { queryObjectType } from "./query-object-type.js";
import type { SchemaContext } from "./schema/schema-context.js";
import { buildSchemaType } from "./schema/schema-type.js";
import type { StreamKind } from "./stream-media.js";
import type { ApiMethod } from "./tag-group.js";
import {
  docOf,
  isUnknown,
  type NamedType,
  primitive,
  type RuntimeType,
  type TypeExpr,
  union,
} from "./type-expr.js";

const STREAM_TYPES: Record<StreamKind, RuntimeType> = {
  events: "KitServerSentEvents",
  "json-lines": "KitJsonLines",
  // Read with the same `jsonLines`, which drops each record's leading separator.
  "json-seq": "KitJsonLines",
};

/**
 * The types a method declares itself, which have no schema of their own to build from: query
 * objects and multipart forms. `queryObject`: the query parameters are one `query` object.
 */
export interface MethodTypes {
  readonly declared: Map<NamedType, Declaration>;
  readonly queryObject: boolean;
}

/**
 * Plans one method from its operation: its parameters and how each goes on the wire, its body's
 * media type and its response's reading, then builds the parameter and return types, in that
 * order. With `envelope` keys, a 2xx JSON response that is an envelope returns its data's type.
 */
export function planMethod(
  method: ApiMethod,
  context: SchemaContext,
  envelope: EnvelopeKeys | undefined,
  types: MethodTypes = { declared: new Map(), queryObject: false },
): MethodPlan {
  const { operation } = method;
  const { loaded, warnings } = context;
  const planned = planParameters(loaded, operation, warnings);
  const reads = planReturns(loaded, operation, warnings, envelope);
  const parameters: readonly PlannedParameter[] = types.queryObject
    ? foldQueryParameters(planned.parameters).parameters
    : planned.parameters;
  const notes = [
    planned.cookies.length > 0
      ? `Cookie parameters (${planned.cookies.join(", ")}) are not sent by this method: write them into the Cookie header yourself.`
      : undefined,
    planned.fileFields.length > 0
      ? `Multipart file fields: ${planned.fileFields.join(", ")}.`
      : undefined,
    method.streamOf !== undefined ? streamNote(method.streamOf, operation) : undefined,
  ];
  // A query object's parameters are documented on its type's keys.
  const parameterTags = planned.parameters.flatMap((parameter) =>
    parameters.includes(parameter) ? (parameterTag(loaded, operation, parameter) ?? []) : [],
  );
  const doc = docOf(
    [
      operation.summary,
      operation.description,
      ...responseSummaries(operation),
      ...notes,
      `${operation.verb.toUpperCase()} ${operation.path}`,
    ],
    [...parameterTags, ...(operation.deprecated ? ["@deprecated"] : [])],
  );
  const parameterPlans = parameters.map((parameter): ParameterPlan => {
    const source = parameter.type;
    return {
      variable: parameter.variable,
      binding: parameter.binding,
      ...(parameter.key !== undefined ? { key: parameter.key } : {}),
      ...("queryKeys" in source ? { queryKeys: source.queryKeys.map(queryKey) } : {}),
      required: parameter.required,
      type:
        "queryKeys" in source
          ? queryObjectType(operation, source.queryKeys, context, types.declared)
          : context.inView("request", () => sourceType(source, context)),
    };
  });
  const returns = context.inView("response", () =>
    union(reads.returns.map((source) => sourceType(source, context))),
  );
  // Error bodies are responses too: readOnly properties stay, writeOnly ones are left out.
  const errors = context.inView("response", () => errorsType(operation, context));
  const form = multipartFormType(operation, context, types.declared);
  return {
    name: method.name,
    verb: operation.verb,
    path: method.path,
    doc,
    ...(planned.contentType !== undefined ? { contentType: planned.contentType } : {}),
    ...(reads.responseType !== undefined ? { responseType: reads.responseType } : {}),
    ...(reads.envelope !== undefined ? { envelope: reads.envelope } : {}),
    parameters: parameterPlans,
    returns,
    ...(errors !== undefined ? { errors } : {}),
    ...(form !== undefined ? { form } : {}),
  };
}

/** The doc of the method that reads the stream an operation offers beside another answer. */
function streamNote(other: string, operation: Operation): string {
  const types = [...new Set(operation.responses.map((response) => `\`${response.mediaType}\``))];
  return `Reads the ${types.join(" or ")} answer as a stream (\`${other}\` reads the other); it asks for it by \`Accept\`, and an API that decides by a body field (\`stream: true\`) needs that set too.`;
}

/** How the runtime sends one key of a query object: its wire name and binding. */
function queryKey(parameter: MethodParameter): QueryKeyPlan {
  return { key: parameter.key!, binding: parameter.binding };
}

/**
 * `KitErrors<{ … }>` of the declared error responses; none when every body is `unknown`, which
 * would add nothing a caught error could use.
 */
function errorsType(operation: Operation, context: SchemaContext): TypeExpr | undefined {
  const entries = errorResponses(operation).map(({ status, type }) => ({
    status,
    type: sourceType(type, context),
  }));
  if (entries.every(({ type }) => isUnknown(type))) return undefined;
  return { kind: "runtime", name: "KitErrors", args: [{ kind: "statuses", entries }] };
}

/**
 * A parameter, body or response type; an inline object body or response is a named type, a
 * stream the runtime's stream type around the type of one item.
 */
function sourceType(source: ReturnSource, context: SchemaContext): TypeExpr {
  if ("text" in source) return primitive(source.text);
  if ("stream" in source) {
    const item = source.item
      ? buildSchemaType(source.item.schema, source.item.pointer, context)
      : primitive("unknown");
    return { kind: "runtime", name: STREAM_TYPES[source.stream], args: [item] };
  }
  const { schema, pointer } = source.schema;
  if (source.inlineName !== undefined) {
    return context.reference(context.registry.nameInline(pointer, source.inlineName, schema));
  }
  return buildSchemaType(schema, pointer, context);
}

/** OpenAPI 3.2's response summaries, one paragraph per status that has one. */
function responseSummaries(operation: Operation): string[] {
  return [...operation.responses, ...operation.errors].flatMap((response) =>
    response.summary === undefined ? [] : [`Response ${response.status}: ${response.summary}`],
  );
}
