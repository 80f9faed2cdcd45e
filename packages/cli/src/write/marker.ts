import { GENERATED_MARKER } from "../options.js";

/** True when the first line of `text` is the generated marker: only such files are ours to replace. */
export function hasGeneratedMarker(text: string): boolean {
  if (!text.startsWith(GENERATED_MARKER)) return false;
  const next = text.charAt(GENERATED_MARKER.length);
  return next === "" || next === "\n" || next === "\r";
}
