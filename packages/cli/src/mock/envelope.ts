import type { EnvelopeKeys } from "../options.js";
import type { ExampleResponse } from "../wire/example-response.js";

/**
 * A successful JSON answer wrapped as a `{ code, message, data }` backend sends it, with the
 * success code the runtime accepts by default (0). Answers whose schema already declares the
 * envelope, error statuses and non-JSON bodies go out as they are.
 */
export function wrapEnvelope(response: ExampleResponse, keys: EnvelopeKeys): ExampleResponse {
  const { expected } = response;
  if (expected.kind !== "json" || expected.envelope) return response;
  if (response.status < 200 || response.status > 299) return response;
  const value = { [keys.codeKey]: 0, [keys.messageKey]: "ok", [keys.dataKey]: expected.value };
  return {
    ...response,
    body: new TextEncoder().encode(JSON.stringify(value)),
    expected: { kind: "json", value, envelope: true },
  };
}
