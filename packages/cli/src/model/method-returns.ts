import type { LoadedDocument } from "../openapi/load.js";
import type { EnvelopeKeys } from "../options.js";
import { readEnvelope } from "./envelope.js";
import type { Operation } from "./operation.js";
import { operationTypeStem } from "./operation-name.js";
import type { EnvelopeMode } from "./plan-types.js";
import type { SchemaAt } from "./schema-input.js";
import { type StreamResponse, streamResponse } from "./stream-response.js";
import { namedIfInline, type TypeSource } from "./type-source.js";
import type { Warnings } from "./warnings.js";

/** A branch of the return type: a type, or a stream of items typed by a schema (else `unknown`). */
export type ReturnSource = TypeSource | StreamResponse;

/** How a method reads its response, and the branches of its return type. */
export interface MethodReturns {
  responseType?: "text" | "blob" | "stream" | "auto";
  /** Union branches of the return type, or `void`. */
  returns: ReturnSource[];
  /**
   * What the runtime must do with a JSON body so that it is what `returns` says: `"strict"` unwrap
   * every body (each 2xx JSON response is typed as an envelope's data), `false` never (each is typed
   * whole), `"auto"` by the body's shape (both kinds). Absent without a 2xx JSON response.
   */
  envelope?: EnvelopeMode;
}

/**
 * The response is read as the best kind any 2xx response offers; each 2xx response adds its own
 * type to the union, and one without content adds `void`. An event stream or JSON lines (without
 * a JSON alternative) is read as a stream of items instead. With `envelope` keys, a 2xx JSON response
 * that is an envelope returns the type of its data field.
 */
export function planReturns(
  loaded: LoadedDocument,
  operation: Operation,
  warnings: Warnings,
  envelope: EnvelopeKeys | undefined,
): MethodReturns {
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
  const envelope = readEnvelope(loaded, schema, keys, "keys");
  if (envelope) return envelope.data;
  warnings.add(
    `not an envelope (no "${keys.dataKey}" property); the method returns the body's own type, which the runtime passes through unwrapped`,
    responsePointer,
  );
  return schema;
}
