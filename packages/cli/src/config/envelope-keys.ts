import type { EnvelopeKeys } from "../options.js";

/** The forms `parseEnvelopeKeys` reads, as a usage error names them. */
export const ENVELOPE_FORMAT =
  '"none" or <codeKey>[=<success>|…],<messageKey>,<dataKey>[,<successKey>=<success>|…] with three different keys, e.g. code,msg,data or code=20000,msg,data or code,message,data,success=true';

/** A key, optionally `=` success values separated by `|`: `code=0|20000`, `success=true`. */
const ITEM = /^([^=|]+?)\s*(?:=\s*([^=]+))?$/;

/**
 * The envelope as text, from `--envelope` or a config file's string: `code,msg,data` (keys),
 * `code=20000,msg,data` (success codes of the code field), `success=true,msg,data` (a success
 * field instead of a code), `code,msg,data,success=true` (a success field beside the code), or
 * `none`; undefined for anything else, which each caller refuses in its own words.
 */
export function parseEnvelopeKeys(value: string): EnvelopeKeys | "none" | undefined {
  if (value.trim() === "none") return "none";
  const items = value.split(",").map((item) => ITEM.exec(item.trim()));
  if (items.length < 3 || items.length > 4 || items.some((item) => item === null)) {
    return undefined;
  }
  const [code, message, data, success] = items as RegExpExecArray[];
  const keys = [code!, message!, data!].map((item) => item[1]!);
  const successCodes = success ? success[2] : code![2];
  if (
    message![2] !== undefined ||
    data![2] !== undefined ||
    (success !== undefined && (success[2] === undefined || code![2] !== undefined)) ||
    new Set(success ? [...keys, success[1]] : keys).size !== keys.length + (success ? 1 : 0)
  ) {
    return undefined;
  }
  const codes = successCodes?.split("|").map((text) => text.trim());
  if (codes?.includes("")) return undefined;
  const [codeKey, messageKey, dataKey] = keys as [string, string, string];
  return {
    codeKey,
    messageKey,
    dataKey,
    ...(codes ? { successCodes: codes } : {}),
    ...(success ? { successKey: success[1]! } : {}),
  };
}
