/**
 * Turns untrusted document text into TypeScript names. Only ASCII letters and digits survive, so a
 * name can never carry quotes, slashes or other characters that would break the output.
 */

import { pointerSegments } from "../openapi/pointer.js";

const WORD = /[A-Z]+[0-9]*(?![a-z])|[A-Z]?[a-z]+[0-9]*|[0-9]+[a-z]*/g;

/** Words that cannot name a parameter or variable in strict-mode TypeScript. */
const RESERVED_WORDS = new Set([
  "arguments",
  "await",
  "break",
  "case",
  "catch",
  "class",
  "const",
  "continue",
  "debugger",
  "default",
  "delete",
  "do",
  "else",
  "enum",
  "eval",
  "export",
  "extends",
  "false",
  "finally",
  "for",
  "function",
  "if",
  "implements",
  "import",
  "in",
  "instanceof",
  "interface",
  "let",
  "new",
  "null",
  "package",
  "private",
  "protected",
  "public",
  "return",
  "static",
  "super",
  "switch",
  "this",
  "throw",
  "true",
  "try",
  "typeof",
  "undefined",
  "var",
  "void",
  "while",
  "with",
  "yield",
]);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The ASCII words of a text: `petId`, `pet_id`, `pet-id` and `Pet ID` all give `pet`, `Id`/`ID`.
 * Not cached: a cache of the words of Microsoft Graph's texts kept heap for no gain in time.
 */
export function splitWords(text: string): readonly string[] {
  return text.match(WORD) ?? [];
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** `pet store` → `PetStore`; the rest of each word keeps its case (`PetDTO` stays `PetDTO`). */
export function pascalCase(text: string): string {
  return splitWords(text).map(capitalize).join("");
}

/** `Pet store` → `petStore`; a leading acronym is lowered whole (`HTTPServer` → `httpServer`). */
export function camelCase(text: string): string {
  const words = splitWords(text);
  if (words.length === 0) return "";
  return words[0]!.toLowerCase() + words.slice(1).map(capitalize).join("");
}

/** `Pet Store` → `pet-store`: the file-name form, lowercase so case-insensitive file systems agree. */
export function kebabCase(text: string): string {
  return splitWords(text)
    .map((word) => word.toLowerCase())
    .join("-");
}

export function isIdentifier(text: string): boolean {
  return IDENTIFIER.test(text);
}

export function isReservedWord(text: string): boolean {
  return RESERVED_WORDS.has(text);
}

/** A variable name for a wire name: camelCase, `fallback` when no word survives, `_` after keywords. */
export function variableName(text: string, fallback: string): string {
  let name = camelCase(text) || fallback;
  if (/^[0-9]/.test(name)) name = `_${name}`;
  return isReservedWord(name) ? `${name}_` : name;
}

/** A type or class name: PascalCase, `fallback` when no word survives, `_` before a leading digit. */
export function typeName(text: string, fallback: string): string {
  const name = pascalCase(text) || fallback;
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/** Schema keywords and document sections: they say where a schema is, not what it is. */
const STRUCTURAL_SEGMENTS = new Set([
  "additionalProperties",
  "allOf",
  "anyOf",
  "components",
  "content",
  "items",
  "not",
  "oneOf",
  "parameters",
  "paths",
  "prefixItems",
  "properties",
  "requestBodies",
  "responses",
  "schema",
  "schemas",
]);

/**
 * A type name for a `$ref` target that is not a component schema, from the pointer's words:
 * `#/components/schemas/Gateway/properties/ipConfiguration` → `GatewayIpConfiguration`.
 */
export function referencedTypeName(pointer: string): string {
  const words = pointerSegments(pointer).filter((segment) => !STRUCTURAL_SEGMENTS.has(segment));
  return typeName(words.join(" "), "Schema");
}

/** The runtime's placeholder syntax allows `[A-Za-z_$][A-Za-z0-9_$]*`; anything else becomes `_`. */
export function placeholderKey(name: string): string {
  const key = name.replace(/[^A-Za-z0-9_$]/g, "_");
  return /^[A-Za-z_$]/.test(key) ? key : `_${key}`;
}

/** Hands out names unique within one scope: the first asker gets `base`, later ones `base2`, `base3`… */
export class NameScope {
  readonly #taken = new Set<string>();
  /** Where the suffix search for a base continues, so many collisions stay linear. */
  readonly #nextSuffix = new Map<string, number>();
  readonly #fold: (name: string) => string;

  /** `fold` maps names that must not coexist onto one key, e.g. lowercase for file names. */
  constructor(fold: (name: string) => string = (name) => name) {
    this.#fold = fold;
  }

  reserve(name: string): void {
    this.#taken.add(this.#fold(name));
  }

  has(name: string): boolean {
    return this.#taken.has(this.#fold(name));
  }

  /** Returns `base` or the first free `base` + suffix(n), n = 2, 3, …, and marks it taken. */
  claim(base: string, suffix: (n: number) => string = String): string {
    let name = base;
    if (this.has(name)) {
      let n = this.#nextSuffix.get(base) ?? 2;
      do name = base + suffix(n++);
      while (this.has(name));
      this.#nextSuffix.set(base, n);
    }
    this.reserve(name);
    return name;
  }
}
