/**
 * JSON pointers in the form the generator prints them: `#` followed by RFC 6901 segments
 * (`~` as `~0`, `/` as `~1`), without percent-encoding so that messages show keys as written.
 */

export const ROOT_POINTER = "#";

export function pointerOf(...segments: (string | number)[]): string {
  return appendPointer(ROOT_POINTER, ...segments);
}

export function appendPointer(base: string, ...segments: (string | number)[]): string {
  let pointer = base;
  for (const segment of segments) pointer += `/${escapeSegment(String(segment))}`;
  return pointer;
}

/** The unescaped segments of a pointer made by `pointerOf`; `#` and `""` are the root. */
export function pointerSegments(pointer: string): string[] {
  const path = pointer.startsWith("#") ? pointer.slice(1) : pointer;
  if (path === "") return [];
  return path.slice(1).split("/").map(unescapeSegment);
}

function escapeSegment(segment: string): string {
  // Most keys need no escape; the scan is cheaper than two replaceAll copies.
  if (!segment.includes("~") && !segment.includes("/")) return segment;
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

export function unescapeSegment(segment: string): string {
  return segment.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** Whether a segment names an array item: a canonical non-negative integer, as RFC 6901 requires. */
export function isArrayIndex(segment: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(segment);
}
