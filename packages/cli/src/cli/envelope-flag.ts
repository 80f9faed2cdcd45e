import type { EnvelopeKeys } from "../options.js";
import type { UsageError } from "./command.js";

const FORMAT =
  '"none" or three different keys <codeKey>,<messageKey>,<dataKey>, e.g. code,msg,data';

/** `--envelope code,msg,data` or `--envelope none`; anything else is a usage error. */
export function parseEnvelopeFlag(
  value: string | undefined,
): EnvelopeKeys | "none" | UsageError | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === "none") return "none";
  const keys = value.split(",").map((key) => key.trim());
  const [codeKey, messageKey, dataKey] = keys;
  if (
    keys.length !== 3 ||
    codeKey === undefined ||
    messageKey === undefined ||
    dataKey === undefined ||
    keys.includes("") ||
    new Set(keys).size !== 3
  ) {
    return { command: "usage-error", message: `--envelope must be ${FORMAT}; got "${value}"` };
  }
  return { codeKey, messageKey, dataKey };
}
