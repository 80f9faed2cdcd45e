import { isObjectValue, objectItems } from "./form-encoding.js";
import { formValue } from "./query.js";

/**
 * The text of a header parameter's value. Headers have one OpenAPI style, `simple`: an array's
 * items joined with commas. An object without a declared style is sent as JSON text, as a header
 * described by a JSON media type is; never as `[object Object]`.
 */
export function headerText(value: unknown): string {
  if (Array.isArray(value)) {
    return value
      .filter((item) => item != null)
      .map(formValue)
      .join(",");
  }
  return formValue(value);
}

/**
 * The text of a header declared in the `simple` style: an object's keys and values joined
 * (`role,admin,size,2`), or each key to its value with `explode` (`role=admin,size=2`).
 */
export function simpleHeaderText(explode: boolean): (value: unknown) => string {
  const objectText = explode ? keyValuePairs : (items: string[]) => items.join(",");
  return (value) =>
    isObjectValue(value) && !Array.isArray(value)
      ? objectText(objectItems(value))
      : headerText(value);
}

function keyValuePairs(items: string[]): string {
  const pairs: string[] = [];
  for (let i = 0; i < items.length; i += 2) pairs.push(`${items[i]}=${items[i + 1]}`);
  return pairs.join(",");
}
