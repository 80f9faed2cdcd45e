import { isObject } from "../openapi/is-object.js";
import type { EnvelopeKeys } from "../options.js";
import type { ExampleResponse } from "../wire/example-response.js";

/** The keys of the envelope the runtime unwraps when none are configured. */
const DEFAULT_KEYS: EnvelopeKeys = { codeKey: "code", messageKey: "message", dataKey: "data" };

/**
 * The business codes a generated client accepts as success, first the one the mock sends. This
 * is the one place they enter the mock: the runtime's default accepts 0 and 200.
 */
export function successCodes(): readonly (number | string)[] {
  return [0, 200];
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
  const [success] = successCodes();
  const chosen = (current: unknown): unknown => {
    if (businessCode !== undefined)
      return typeof current === "string" || !/^-?\d+$/.test(businessCode)
        ? businessCode
        : Number(businessCode);
    if (successCodes().some((code) => String(code) === String(current))) return current;
    return typeof current === "string" ? String(success) : success;
  };
  let value: unknown;
  if (keys !== undefined && !expected.envelope)
    value = {
      [keys.codeKey]: chosen(success),
      [keys.messageKey]: "ok",
      [keys.dataKey]: expected.value,
    };
  else if (expected.envelope && isObject(expected.value)) {
    const { codeKey } = keys ?? DEFAULT_KEYS;
    if (!(codeKey in expected.value) && businessCode === undefined) return response;
    value = { ...expected.value, [codeKey]: chosen(expected.value[codeKey]) };
  } else return response;
  return {
    ...response,
    body: new TextEncoder().encode(JSON.stringify(value)),
    expected: { kind: "json", value, envelope: true },
  };
}
