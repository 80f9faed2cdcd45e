import { formatLocation, type SourceLocation, singleLine } from "../errors.js";

/**
 * Collects warnings, each prefixed with the place in the document, once per distinct text, with
 * control characters escaped: messages quote document strings.
 */
export class Warnings {
  readonly #locate: (pointer: string) => SourceLocation;
  readonly #messages: string[] = [];
  readonly #seen = new Set<string>();

  constructor(locate: (pointer: string) => SourceLocation = (pointer) => ({ pointer })) {
    this.#locate = locate;
  }

  add(message: string, pointer: string): void {
    const text = singleLine(`${formatLocation(this.#locate(pointer))}: ${message}`);
    if (this.#seen.has(text)) return;
    this.#seen.add(text);
    this.#messages.push(text);
  }

  get messages(): string[] {
    return [...this.#messages];
  }
}
