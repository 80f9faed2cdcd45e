/**
 * JSON pointers in the form the generator prints them: `#` followed by RFC 6901 segments
 * (`~` as `~0`, `/` as `~1`), without percent-encoding so that messages show keys as written.
 */

export const ROOT_POINTER = "#";

export function pointerOf(...segments: (string | number)[]): string {
  return appendPointer(ROOT_POINTER, ...segments);
}

/**
 * Several segments are joined into one flat string before they are added to `base`: adding them
 * one by one keeps a rope node per segment, and a plan keeps tens of thousands of pointers. One
 * segment, the most common call, is added as it is: an array to join it would allocate more than
 * the rope node it saves.
 */
export function appendPointer(base: string, ...segments: (string | number)[]): string {
  if (segments.length === 1) return base + `/${escapeSegment(String(segments[0]))}`;
  const suffix = [""];
  for (const segment of segments) suffix.push(escapeSegment(String(segment)));
  return base + suffix.join("/");
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
