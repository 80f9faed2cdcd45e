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

/** The keys of the envelope the runtime unwraps when none are configured (`KitServer`'s). */
export const DEFAULT_ENVELOPE_KEYS: EnvelopeKeys = {
  codeKey: "code",
  messageKey: "message",
  dataKey: "data",
};

/**
 * The generator's one envelope rule: whether a response schema is an envelope, read as the runtime
 * (`core/envelope.ts`) will read the body. The schema must be an object (after `$ref` and
 * `allOf`) that declares the data key. With `"keys"` (keys configured, `--envelope`) that is
 * enough: the method is typed with the data field. With `"auto"` (the runtime's default, the
 * rule of `@Envelope("auto")`) the code or message key must stand beside it, so an API's own
 * object with `data` alone is the data. Anything else is not an envelope, and the runtime passes
 * it through.
 */
export function readEnvelope(
  loaded: LoadedDocument,
  schema: SchemaAt,
  keys: EnvelopeKeys,
  rule: "keys" | "auto",
): EnvelopeFields | undefined {
  const properties = mergeObjectShape(loaded, [schema])?.properties;
  const data = properties?.get(keys.dataKey);
  if (properties === undefined || data === undefined) return undefined;
  const code = properties.get(keys.codeKey);
  const message = properties.get(keys.messageKey);
  if (rule === "auto" && code === undefined && message === undefined) return undefined;
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
