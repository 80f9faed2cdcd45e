import type { EnvelopeKeys } from "../options.js";
import type { ExampleResponse } from "../wire/example-response.js";

/**
 * A successful JSON answer wrapped as a `{ code, message, data }` backend sends it, with the first
 * success value the keys name (`code=20000`, `success=true`), else the runtime's default (0). Answers whose schema already declares the
 * envelope, error statuses and non-JSON bodies go out as they are.
 */
export function wrapEnvelope(response: ExampleResponse, keys: EnvelopeKeys): ExampleResponse {
  const { expected } = response;
  if (expected.kind !== "json" || expected.envelope) return response;
  if (response.status < 200 || response.status > 299) return response;
  const success = successValue(keys.successCodes?.[0]);
  const value = {
    ...(keys.successKey === undefined
      ? { [keys.codeKey]: success }
      : { [keys.successKey]: success, [keys.codeKey]: 0 }),
    [keys.messageKey]: "ok",
    [keys.dataKey]: expected.value,
  };
  return {
    ...response,
    body: new TextEncoder().encode(JSON.stringify(value)),
    expected: { kind: "json", value, envelope: true },
  };
}

/** `"20000"` is the number a back end sends, `"00000"` a string code, `"true"` a boolean. */
function successValue(text: string | undefined): string | number | boolean {
  if (text === undefined) return 0;
  if (text === "true" || text === "false") return text === "true";
  return /^(?:0|-?[1-9][0-9]*)$/.test(text) ? Number(text) : text;
}
