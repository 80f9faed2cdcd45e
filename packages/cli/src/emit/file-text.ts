import { escapeHidden } from "./hidden-characters.js";

/**
 * A generated file's text: its lines, each ended by a newline, as one flat string. Adding the last
 * newline to a joined text would make a rope, which writing the file flattens into a copy
 * (the whole output allocated a second time while it is written). No character a
 * reader cannot see reaches the file raw.
 */
export function fileText(lines: readonly string[]): string {
  return escapeHidden([...lines, ""].join("\n"));
}
