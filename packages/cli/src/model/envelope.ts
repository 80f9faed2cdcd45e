import type { LoadedDocument } from "../openapi/load.js";
import type { EnvelopeKeys } from "../options.js";
import { mergeObjectShape } from "./merge-object-shape.js";
import type { Operation } from "./operation.js";
import type { SchemaAt } from "./schema-input.js";

/** The fields of a response envelope; `code` and `message` only when the envelope declares them. */
export interface EnvelopeFields {
  data: SchemaAt;
  code?: SchemaAt;
  message?: SchemaAt;
}

/**
 * Reads a response schema as the runtime will read the body: an object (after `$ref` and `allOf`)
 * that has the data key is an envelope. Anything else is not, and the runtime passes it through.
 */
export function readEnvelope(
  loaded: LoadedDocument,
  schema: SchemaAt,
  keys: EnvelopeKeys,
): EnvelopeFields | undefined {
  const properties = mergeObjectShape(loaded, [schema])?.properties;
  const data = properties?.get(keys.dataKey);
  if (properties === undefined || data === undefined) return undefined;
  const code = properties.get(keys.codeKey);
  const message = properties.get(keys.messageKey);
  return { data, ...(code ? { code } : {}), ...(message ? { message } : {}) };
}

/** The schemas of every 2xx JSON response, each operation once. */
export function jsonResponseSchemas(operations: readonly Operation[]): SchemaAt[] {
  return operations.flatMap((operation) =>
    operation.responses.flatMap((response) =>
      response.kind === "json" && response.schema ? [response.schema] : [],
    ),
  );
}
