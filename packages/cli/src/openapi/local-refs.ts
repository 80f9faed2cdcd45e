import { isObject } from "./is-object.js";
import { pointerOf } from "./pointer.js";
import { assertLocalReference, type Locate } from "./refs.js";

interface Visit {
  value: object;
  parent: Visit | undefined;
  key: string;
}

/**
 * Rejects the first `$ref` (in document order) that points outside the document. Walks with an
 * explicit stack, because hostile documents nest deeper than the call stack allows, and visits each
 * object once, because YAML aliases and caller-built objects may share or even cycle.
 * Pointers are built only for the offending reference, so large documents stay cheap.
 */
export function assertOnlyLocalReferences(document: object, locate: Locate): void {
  const seen = new Set<object>();
  const stack: Visit[] = [{ value: document, parent: undefined, key: "" }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    if (seen.has(visit.value)) continue;
    seen.add(visit.value);
    const { value } = visit;
    if (isObject(value) && typeof value.$ref === "string") {
      assertLocalReference(value.$ref, pointerOf(...segmentsOf(visit)), locate);
    }
    const keys = Object.keys(value);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index]!;
      const child = (value as Record<string, unknown>)[key];
      if (typeof child === "object" && child !== null)
        stack.push({ value: child, parent: visit, key });
    }
  }
}

function segmentsOf(visit: Visit): string[] {
  const segments: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) segments.push(at.key);
  return segments.reverse();
}
