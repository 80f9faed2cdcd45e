import { isObjectValue, objectItems } from "./form-encoding.js";
import { formValue } from "./query.js";

/**
 * The text of a header parameter's value. Headers have one OpenAPI style, `simple`: an array's
 * items joined with commas; an object's keys and values joined (`role,admin,size,2`), or each key
 * to its value with `explode` (`role=admin,size=2`). An object without a declared style is sent as
 * JSON text, as a header described by a JSON media type is; never as `[object Object]`.
 */
export function headerText(value: unknown, simpleExplode: boolean | undefined): string {
  if (Array.isArray(value)) {
    return value
      .filter((item) => item != null)
      .map(formValue)
      .join(",");
  }
  if (simpleExplode !== undefined && isObjectValue(value)) {
    const items = objectItems(value);
    if (!simpleExplode) return items.join(",");
    const pairs: string[] = [];
    for (let i = 0; i < items.length; i += 2) pairs.push(`${items[i]}=${items[i + 1]}`);
    return pairs.join(",");
  }
  return formValue(value);
}
