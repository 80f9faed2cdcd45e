import { camelCase, typeName } from "./names.js";
import type { Operation } from "./operation.js";

/**
 * The camelCase name of an operation: from `operationId` (dots, dashes and spaces break words),
 * else the verb and the path words, placeholders as `By<Name>` (`GET /pet/{id}` → `getPetById`).
 */
export function operationName(operation: Operation): string {
  let name = names.get(operation);
  if (name === undefined) {
    name = nameOf(operation);
    names.set(operation, name);
  }
  return name;
}

/** Every class an operation appears in, and its inline type names, ask for its name. */
const names = new WeakMap<Operation, string>();

function nameOf(operation: Operation): string {
  const fromId = operation.operationId === undefined ? "" : camelCase(operation.operationId);
  const words = fromId
    ? [fromId]
    : [
        operation.verb,
        ...operation.path
          .split("/")
          .map((segment) => segment.replace(/\{([^}]*)\}/g, (_, name: string) => ` by ${name} `)),
      ];
  const name = fromId || camelCase(words.join(" "));
  if (/^[0-9]/.test(name)) return `_${name}`;
  return UNUSABLE_METHOD_NAMES.has(name) ? `${name}_` : name;
}

/**
 * Names a class member cannot usefully have: `constructor` is not a method, and the runtime's
 * API proxy never answers `then`, `toJSON` or `toString`, so it is never mistaken for a promise.
 */
const UNUSABLE_METHOD_NAMES = new Set(["constructor", "then", "toJSON", "toString"]);

/** The PascalCase stem for an operation's inline types: `<Stem>Payload`, `<Stem>Response`. */
export function operationTypeStem(operation: Operation): string {
  return typeName(operationName(operation), "Operation");
}
