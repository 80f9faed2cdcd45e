import { isObject } from "./is-object.js";
import { pointerOf } from "./pointer.js";
import { assertLocalReference, isLocalReference, type Locate } from "./refs.js";

interface Visit {
  value: object;
  parent: Visit | undefined;
  key: string;
}

/**
 * Rejects the first `$ref` (in document order) that points outside the document; data (examples,
 * defaults, see `DATA_KEYS`) is not looked into. Walks with an
 * explicit stack, because hostile documents nest deeper than the call stack allows, and visits each
 * object once, because YAML aliases and caller-built objects may share or even cycle; parsed JSON
 * (`isTree`) cannot, and skipping the visited set there saves most of the walk's time on large
 * documents. The walk that checks keeps no paths; only a failure walks again to name the
 * offending pointer.
 */
export function assertOnlyLocalReferences(document: object, locate: Locate, isTree: boolean): void {
  const holder = firstForeignReference(document, isTree ? undefined : new Set());
  if (holder === undefined) return;
  assertLocalReference(holder.$ref, pointerOf(...pathTo(holder, document)), locate);
}

/**
 * Keys whose value is data, not document structure: example and default values, `const`/`enum`
 * values, an Example Object's `value`, extensions. A `$ref` key inside them is data
 * (`example: {members: [{$ref: "https://…"}]}`) and not a reference.
 */
const DATA_KEYS = new Set(["example", "examples", "default", "const", "enum", "value"]);

/**
 * Keys whose object maps names to document parts (`properties`, `schemas`, `examples`, …): a name
 * under them is never a data key, so a property called `default` is still walked.
 */
const NAMED_MAPS = new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
  "schemas",
  "responses",
  "parameters",
  "examples",
  "requestBodies",
  "headers",
  "securitySchemes",
  "links",
  "callbacks",
  "pathItems",
  "paths",
  "webhooks",
  "content",
  "encoding",
  "variables",
]);

function isData(key: string, child: object, inNamedMap: boolean): boolean {
  if (inNamedMap) return false;
  if (key.startsWith("x-")) return true;
  // `examples` is a map of Example Objects (walked, their `value` skipped) or a 3.1 schema's list.
  if (key === "examples") return Array.isArray(child);
  return DATA_KEYS.has(key);
}

function firstForeignReference(
  document: object,
  seen: Set<object> | undefined,
): { $ref: string } | undefined {
  const stack: object[] = [document];
  // Parallel to `stack`: whether the object is a map of names (see NAMED_MAPS).
  const named: boolean[] = [false];
  for (let value = stack.pop(); value; value = stack.pop()) {
    const inNamedMap = named.pop()!;
    if (seen?.has(value)) continue;
    seen?.add(value);
    if (isObject(value) && typeof value.$ref === "string" && !isLocalReference(value.$ref)) {
      return value as { $ref: string };
    }
    const keys = Object.keys(value);
    const isArray = Array.isArray(value);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index]!;
      const child = (value as Record<string, unknown>)[key];
      if (typeof child !== "object" || child === null) continue;
      if (!isArray && isData(key, child, inNamedMap)) continue;
      stack.push(child);
      named.push(!isArray && !inNamedMap && NAMED_MAPS.has(key) && !Array.isArray(child));
    }
  }
  return undefined;
}

/** The segments leading to `target`, found by the same walk, so it is the same first visit. */
function pathTo(target: object, document: object): string[] {
  const seen = new Set<object>();
  const stack: Visit[] = [{ value: document, parent: undefined, key: "" }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    if (seen.has(visit.value)) continue;
    seen.add(visit.value);
    if (visit.value === target) return segmentsOf(visit);
    const keys = Object.keys(visit.value);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index]!;
      const child = (visit.value as Record<string, unknown>)[key];
      if (typeof child === "object" && child !== null)
        stack.push({ value: child, parent: visit, key });
    }
  }
  return [];
}

function segmentsOf(visit: Visit): string[] {
  const segments: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) segments.push(at.key);
  return segments.reverse();
}
