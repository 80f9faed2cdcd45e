/**
 * Thrown inside the example generator where a schema admits no value it can give: the document
 * contradicts itself there (an integer `enum` of strings, `allOf` parts of different types), or
 * every candidate failed the validator. An optional property or an array item that throws it is
 * left out; otherwise the whole value has none, and `exampleValue` says where and why.
 */
export class NoValue {
  constructor(
    /** The schema's JSON pointer. */
    readonly pointer: string,
    /** Why, as a clause: "its enum lists no integer". */
    readonly reason: string,
    /** Whether no value exists (the document contradicts itself), not only none was found. */
    readonly proven: boolean,
  ) {}
}

/** The declared types of a schema's `type` keyword (empty: any type). */
export function declaredTypes(type: unknown): string[] {
  if (typeof type === "string") return [type];
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === "string") : [];
}

/** A value of none of `types` (for a property that must fail another branch), or undefined. */
export function valueOfOtherType(types: readonly string[]): unknown {
  if (types.length === 0) return undefined;
  if (!types.includes("boolean")) return true;
  if (!types.includes("string")) return "kit";
  if (!types.includes("number") && !types.includes("integer")) return 0;
  return undefined;
}
