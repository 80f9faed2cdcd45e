import { isIdentifier } from "../model/names.js";
import type { NamedType } from "../model/type-expr.js";
import {
  type IndexSignature,
  isUnknown,
  type Property,
  type TupleExpr,
  type TypeExpr,
} from "../model/type-expr.js";
import { docComment } from "./doc-comment.js";
import { literalType } from "./literal.js";

/** A printed type, and whether its text is a union or intersection at the top level. */
interface Printed {
  readonly text: string;
  readonly compound?: "union" | "intersection";
}

/**
 * Prints type trees for one generated file and collects the type imports the printed text needs:
 * a reference to a type declared in another file imports it from there.
 */
export class TypePrinter {
  readonly #homes: ReadonlyMap<NamedType, string>;
  readonly #moduleFor: (file: string) => string | undefined;
  readonly #imports = new Map<string, Set<string>>();

  /** `moduleFor` gives the import specifier of a tag file, undefined for the file being printed. */
  constructor(
    homes: ReadonlyMap<NamedType, string>,
    moduleFor: (file: string) => string | undefined,
  ) {
    this.#homes = homes;
    this.#moduleFor = moduleFor;
  }

  /** For `apis/<tag>.api.ts`: types live in `../types/`. */
  static forApiFile(homes: ReadonlyMap<NamedType, string>): TypePrinter {
    return new TypePrinter(homes, (file) => `../types/${file}`);
  }

  /** For `types/<home>.ts`: siblings are imported from `./`, own types need no import. */
  static forTypeFile(homes: ReadonlyMap<NamedType, string>, home: string): TypePrinter {
    return new TypePrinter(homes, (file) => (file === home ? undefined : `./${file}`));
  }

  /** Imported type names by module specifier. */
  get imports(): ReadonlyMap<string, ReadonlySet<string>> {
    return this.#imports;
  }

  /** The type's text; `indent` is the indentation of the line it starts on. */
  print(type: TypeExpr, indent = ""): string {
    return this.#print(type, indent).text;
  }

  /** Member lines of an object type, with their doc comments, at `indent`. */
  members(
    properties: readonly Property[],
    indexes: readonly IndexSignature[],
    indent: string,
  ): string[] {
    const lines: string[] = [];
    for (const property of properties) {
      for (const line of docComment(property.doc.paragraphs, indent, property.doc.tags)) {
        lines.push(line);
      }
      const name = isIdentifier(property.key) ? property.key : JSON.stringify(property.key);
      const optional = property.optional ? "?" : "";
      lines.push(`${indent}${name}${optional}: ${this.print(property.type, indent)};`);
    }
    for (const { prefix, value } of indexes) {
      const key = prefix === undefined ? "string" : `\`${escapeTemplate(prefix)}\${string}\``;
      lines.push(`${indent}[key: ${key}]: ${this.print(value, indent)};`);
    }
    return lines;
  }

  #print(type: TypeExpr, indent: string): Printed {
    switch (type.kind) {
      case "primitive":
        return { text: type.name };
      case "literal":
        return { text: literalType(type.value) };
      case "ref":
        return { text: this.#reference(type.type) };
      case "array": {
        const item = this.#print(type.item, indent);
        return { text: item.compound ? `(${item.text})[]` : `${item.text}[]` };
      }
      case "tuple":
        return { text: this.#tuple(type, indent) };
      case "record": {
        const value = this.print(type.value, indent);
        if (type.keys !== undefined) {
          return { text: `Partial<Record<${this.print(type.keys, indent)}, ${value}>>` };
        }
        return {
          text: type.literal ? `{ [key: string]: ${value} }` : `Record<string, ${value}>`,
        };
      }
      case "object":
        return {
          text: [
            "{",
            ...this.members(type.properties, type.indexes, `${indent}  `),
            `${indent}}`,
          ].join("\n"),
        };
      case "union":
        return this.#union(type.members, indent);
      case "intersection":
        return this.#intersection(type.members, indent);
      case "runtime": {
        this.#import("@kit/api", type.name);
        const args = type.args.map((arg) => this.print(arg, indent));
        return { text: `${type.name}<${args.join(", ")}>` };
      }
      case "statuses": {
        // A code is a number key, so the runtime compares it with `status` as a number.
        const entries = type.entries.map(({ status, type: body }) => {
          const key =
            /^[0-9]+$/.test(status) || isIdentifier(status) ? status : JSON.stringify(status);
          return `${key}: ${this.print(body, indent)}`;
        });
        return { text: `{ ${entries.join("; ")} }` };
      }
    }
  }

  /**
   * Members flattened, de-duplicated and sorted by text, `null` last; `unknown` absorbs the rest
   * and `never` adds nothing beside other members. Absorbed members are not printed, so the
   * imports only they would need are never made.
   */
  #union(members: readonly TypeExpr[], indent: string): Printed {
    if (members.some(isUnknown)) return { text: "unknown" };
    const branches = new Map<string, Printed>();
    const add = (member: TypeExpr): void => {
      if (member.kind === "union") {
        for (const inner of member.members) add(inner);
        return;
      }
      const printed = this.#print(member, indent);
      branches.set(printed.text, printed);
    };
    for (const member of members) add(member);
    if (branches.size > 1) branches.delete("never");
    const hasNull = branches.delete("null");
    // The default order of strings is code-unit order, as compareText, without a call per pair.
    const sorted = [...branches.keys()].sort();
    if (hasNull) sorted.push("null");
    if (sorted.length === 0) return { text: "never" };
    if (sorted.length === 1) return branches.get(sorted[0]!) ?? { text: "null" };
    return { text: sorted.join(" | "), compound: "union" };
  }

  /** `[A, B?, ...C[]]`; a union is parenthesized where `?` or `[]` follows it. */
  #tuple(type: TupleExpr, indent: string): string {
    const elements = type.elements.map((element, index) => {
      if (index < type.required) return this.print(element, indent);
      const printed = this.#print(element, indent);
      return printed.compound ? `(${printed.text})?` : `${printed.text}?`;
    });
    if (type.rest !== undefined) {
      const item = this.#print(type.rest, indent);
      elements.push(item.compound ? `...(${item.text})[]` : `...${item.text}[]`);
    }
    return `[${elements.join(", ")}]`;
  }

  /** Parts de-duplicated by text, unions parenthesized; `unknown` adds nothing beside others. */
  #intersection(members: readonly TypeExpr[], indent: string): Printed {
    const parts = new Map<string, Printed>();
    for (const member of members) {
      const printed = this.#print(member, indent);
      parts.set(printed.text, printed);
    }
    if (parts.size > 1) parts.delete("unknown");
    const texts = [...parts.values()].map((part) =>
      part.compound === "union" ? `(${part.text})` : part.text,
    );
    if (texts.length !== 1) return { text: texts.join(" & "), compound: "intersection" };
    const [only] = parts.values();
    return only!.compound === "union" ? { text: texts[0]! } : only!;
  }

  /** The name of a named type, imported when it lives in another file. */
  #reference(type: NamedType): string {
    const specifier = this.#moduleFor(this.#homes.get(type)!);
    if (specifier !== undefined) this.#import(specifier, type.name);
    return type.name;
  }

  #import(specifier: string, name: string): void {
    const names = this.#imports.get(specifier) ?? new Set<string>();
    this.#imports.set(specifier, names);
    names.add(name);
  }
}

/** Text for inside a template literal type: backslashes, backticks and `${` are escaped. */
function escapeTemplate(text: string): string {
  return text.replace(/[\\`]|\$\{/g, (match) => `\\${match}`);
}
