import { DEFAULT_ENVELOPE_KEYS } from "../model/envelope.js";
import { isObject } from "../openapi/is-object.js";
import type { EnvelopeKeys } from "../options.js";
import type { ExampleResponse } from "../wire/example-response.js";

/**
 * The business codes a generated client accepts as success, first the one the mock sends. This
 * is the one place they enter the mock: the keys' success values (`code=20000`, `success=true`),
 * else the runtime's default, 0 and 200.
 */
export function successCodes(keys?: EnvelopeKeys): readonly (number | string | boolean)[] {
  return keys?.successCodes?.map(successValue) ?? [0, 200];
}

/** `"20000"` is the number a back end sends, `"00000"` a string code, `"true"` a boolean. */
function successValue(text: string): string | number | boolean {
  if (text === "true" || text === "false") return text === "true";
  return /^(?:0|-?[1-9][0-9]*)$/.test(text) ? Number(text) : text;
}

/**
 * A 2xx JSON answer as the generated client accepts it. With `keys` (`--envelope`) a body that is
 * not yet an envelope is wrapped as `{ code, message, data }`; an envelope the schema declares
 * gets a success code where the example or the generator gave another one (springdoc's `code`
 * has no example, and a generated integer is 1). `businessCode` (`Prefer: envelope-code=…`) puts
 * that code instead, to show a business error on purpose. Error statuses and non-JSON bodies go
 * out as they are.
 */
export function envelopeAnswer(
  response: ExampleResponse,
  keys: EnvelopeKeys | undefined,
  businessCode?: string,
): ExampleResponse {
  const { expected } = response;
  if (expected.kind !== "json" || response.status < 200 || response.status > 299) return response;
  const codes = successCodes(keys);
  const [success] = codes;
  const chosen = (current: unknown): unknown => {
    if (businessCode !== undefined)
      return typeof current === "string" || !/^-?\d+$/.test(businessCode)
        ? businessCode
        : Number(businessCode);
    if (codes.some((code) => String(code) === String(current))) return current;
    return typeof current === "string" ? String(success) : success;
  };
  let value: unknown;
  if (keys !== undefined && !expected.envelope)
    value = {
      // A success field beside the code carries the success value; the code is then informative.
      ...(keys.successKey === undefined
        ? { [keys.codeKey]: chosen(success) }
        : { [keys.successKey]: chosen(success), [keys.codeKey]: 0 }),
      [keys.messageKey]: "ok",
      [keys.dataKey]: expected.value,
    };
  else if (expected.envelope && isObject(expected.value)) {
    const { codeKey, successKey = codeKey } = keys ?? DEFAULT_ENVELOPE_KEYS;
    if (!(successKey in expected.value) && businessCode === undefined) return response;
    value = { ...expected.value, [successKey]: chosen(expected.value[successKey]) };
  } else return response;
  return {
    ...response,
    body: new TextEncoder().encode(JSON.stringify(value)),
    expected: { kind: "json", value, envelope: true },
  };
}
