import type { LoadedDocument } from "../openapi/load.js";
import { dereference } from "../openapi/refs.js";
import type { EnvelopeKeys, GenerateOptions } from "../options.js";
import { compareText } from "./compare.js";
import { jsonResponseSchemas, readEnvelope } from "./envelope.js";
import { suggestEnvelope } from "./envelope-suggestion.js";
import type { Operation } from "./operation.js";
import type { SchemaAt } from "./schema-input.js";
import type { Warnings } from "./warnings.js";

/**
 * What `service.ts` says about envelopes: the keys and the types of the result's `code` and
 * `message` (as TypeScript text; a field left out keeps the runtime's default type), or that
 * the runtime must never unwrap.
 */
export type ServiceEnvelope =
  | { keys: EnvelopeKeys; fieldTypes: { code?: string; message?: string } }
  | "none";

/**
 * Plans the envelope of the generated server from the `envelope` option. Without the option the
 * output is the seed's, and a document whose responses look wrapped gets one suggestion.
 */
export function planEnvelope(
  loaded: LoadedDocument,
  operations: readonly Operation[],
  option: GenerateOptions["envelope"],
  warnings: Warnings,
): ServiceEnvelope | undefined {
  if (option === "none") return "none";
  if (option === undefined) {
    suggestEnvelope(loaded, operations, warnings);
    return undefined;
  }
  const codes: (SchemaAt | undefined)[] = [];
  const messages: (SchemaAt | undefined)[] = [];
  for (const schema of jsonResponseSchemas(operations)) {
    const fields = readEnvelope(loaded, schema, option, "keys");
    codes.push(fields?.code);
    messages.push(fields?.message);
  }
  const code = fieldType(loaded, codes);
  const message = fieldType(loaded, messages);
  return {
    keys: option,
    fieldTypes: { ...(code ? { code } : {}), ...(message ? { message } : {}) },
  };
}

/**
 * The union of the primitive types the envelopes give a field, or undefined when one of them is
 * not a string or number (the runtime copies only those) or no envelope declares the field.
 */
function fieldType(
  loaded: LoadedDocument,
  fields: readonly (SchemaAt | undefined)[],
): string | undefined {
  const types = new Set<string>();
  for (const field of fields) {
    if (field === undefined) continue;
    const type = primitiveType(dereference(loaded, field.schema, field.pointer).schema.type);
    if (type === undefined) return undefined;
    types.add(type);
  }
  return types.size === 0 ? undefined : [...types].sort(compareText).join(" | ");
}

function primitiveType(type: unknown): "number" | "string" | undefined {
  const [single, ...others] = (Array.isArray(type) ? type : [type]).filter((t) => t !== "null");
  if (others.length > 0) return undefined;
  if (single === "integer" || single === "number") return "number";
  return single === "string" ? "string" : undefined;
}
