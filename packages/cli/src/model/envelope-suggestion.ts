import type { LoadedDocument } from "../openapi/load.js";
import { dereference } from "../openapi/refs.js";
import type { SchemaObject } from "../openapi/types.js";
import { once } from "../util/once.js";
import { compareText } from "./compare.js";
import { jsonResponseSchemas } from "./envelope.js";
import { mergeObjectShape } from "./merge-object-shape.js";
import type { Operation } from "./operation.js";
import type { SchemaAt } from "./schema-input.js";
import type { Warnings } from "./warnings.js";

/** Common spellings of each envelope field, preferred first. */
const SPELLINGS = {
  code: ["code", "status"],
  message: ["message", "msg"],
  data: ["data", "result"],
} as const;

/**
 * One warning for the whole document when more than half of its 2xx JSON responses are objects
 * with a code-, a message- and a data-like key: their methods are typed as, and return, the whole
 * envelope, and no business code is checked. The warning names the keys seen most often and the
 * first such response. The keys are never applied without the flag: the seed forbids guessing them.
 */
export function suggestEnvelope(
  loaded: LoadedDocument,
  operations: readonly Operation[],
  warnings: Warnings,
): void {
  const schemas = jsonResponseSchemas(operations);
  // Each schema the responses lead to is merged once (Graph's 7,444 lead to 1,957).
  const merged = new Map<SchemaObject, ReadonlyMap<string, unknown> | undefined>();
  const keySets = schemas.map((schema) => {
    const target = dereference(loaded, schema.schema, schema.pointer);
    return once(merged, target.schema, () => mergeObjectShape(loaded, [target])?.properties);
  });
  const seen = new Map<string, number>();
  let first: SchemaAt | undefined;
  for (const [index, schema] of schemas.entries()) {
    const keys = envelopeLikeKeys(keySets[index]);
    if (keys === undefined) continue;
    first ??= schema;
    seen.set(keys, (seen.get(keys) ?? 0) + 1);
  }
  const wrapped = [...seen.values()].reduce((sum, count) => sum + count, 0);
  if (first === undefined || wrapped * 2 <= schemas.length) return;
  const [keys] = [...seen.entries()].sort(
    ([leftKeys, left], [rightKeys, right]) => right - left || compareText(leftKeys, rightKeys),
  )[0]!;
  warnings.add(
    `${wrapped} of ${schemas.length} 2xx JSON responses look like {${keys.replaceAll(",", ", ")}} envelopes; their methods are typed as, and return, the whole envelope, and a failing code is not checked; pass --envelope ${keys} (or set envelope in the config file) to return the type of "${keys.split(",")[2]}", unwrap it with those keys and reject failing codes`,
    first.pointer,
  );
}

/**
 * `code,msg,data` when the properties (of an object schema, undefined for anything else) have one
 * spelling of each field, else undefined.
 */
function envelopeLikeKeys(
  properties: ReadonlyMap<string, unknown> | undefined,
): string | undefined {
  if (properties === undefined) return undefined;
  const keys = Object.values(SPELLINGS).map((spellings) =>
    spellings.find((key) => properties.has(key)),
  );
  return keys.every((key) => key !== undefined) ? keys.join(",") : undefined;
}
