import { hash } from "node:crypto";
import { type ClientMethod, type ClientParameter, SHAPE_VERSION } from "../changes/client-shape.js";
import { compareText } from "../model/compare.js";
import type { Declaration, MethodPlan } from "../model/plan-types.js";
import type { NamedType } from "../model/type-expr.js";
import { CLIENT_SHAPE_FILE, GENERATED_MARKER, type GeneratedFile } from "../options.js";
import { TypePrinter } from "./type-printer.js";

/**
 * A type or decorator longer than this, not a name (it has a space), goes to `texts`: Graph's
 * `$select` unions recur on hundreds of methods, while a name or a short type reads better where
 * it is.
 */
const LONG_TEXT = 60;

/**
 * Collects the shape of a client while it is printed (each method as the printer made it, each
 * declaration's fingerprint) and writes it as `CLIENT_SHAPE_FILE`: JSON with the generated marker
 * as a comment, one method and one type per line so its changes read well in a review. A method is
 * an array, not an object with its keys repeated; a long text (Graph's `$select` unions) is written
 * once in `texts` under a key derived from it, so a new text never renames the others.
 * Methods become text as they come, so the printed methods of a large client are not all kept.
 */
export class ShapeFile {
  /** Each class's method lines, in the order their files are printed. */
  readonly #classes = new Map<string, string[]>();
  readonly #types: [string, string][] = [];
  /** A printed text → how the file writes it: its JSON string, or the JSON of its key in `texts`. */
  readonly #tokens = new Map<string, string>();
  /** `texts`: key → long text. */
  readonly #texts = new Map<string, string>();
  readonly #declarations: ReadonlyMap<NamedType, Declaration>;
  readonly #printer: TypePrinter;

  constructor(declarations: readonly Declaration[], homes: ReadonlyMap<NamedType, string>) {
    this.#declarations = new Map(
      declarations.map((declaration) => [declaration.type, declaration]),
    );
    // Prints query keys' types by name; the imports it collects are not used.
    this.#printer = new TypePrinter(homes, () => undefined);
  }

  /** The methods of one API file as printed, with the plans they were printed from. */
  addMethods(methods: readonly ClientMethod[], plans: readonly MethodPlan[]): void {
    methods.forEach((method, index) => {
      const plan = plans[index]!;
      let line = `[${JSON.stringify(method.operation)}, ${JSON.stringify(method.method)}, ${this.#token(method.returns)}`;
      method.parameters.forEach((parameter, at) => {
        line += `, ${this.#parameter(parameter, plan.parameters[at]!)}`;
      });
      const lines = this.#classes.get(method.className);
      if (lines === undefined) this.#classes.set(method.className, [`${line}]`]);
      else lines.push(`${line}]`);
    });
  }

  /** A declaration as printed, doc comments included. */
  addDeclaration(name: string, text: string): void {
    this.#types.push([name, fingerprint(withoutComments(text))]);
  }

  render(): GeneratedFile {
    const lines = [
      GENERATED_MARKER,
      "// The client's shape: what the next `kit generate` compares the new client with. A method is",
      "// [verb and route, name, result, ...parameters], a parameter [name (? if optional), type,",
      '// decorator, query object keys as [key, type, optional]]; a text "#..." is the one in texts.',
      "{",
      `  "version": ${SHAPE_VERSION},`,
      '  "classes": {',
    ];
    let classes = this.#classes.size;
    for (const [name, methods] of this.#classes) {
      lines.push(`    ${JSON.stringify(name)}: [`);
      entries(lines, methods, "      ");
      lines.push(--classes === 0 ? "    ]" : "    ],");
    }
    const texts = [...this.#texts].sort((left, right) => compareText(left[0], right[0]));
    const types = this.#types.sort((left, right) => compareText(left[0], right[0]));
    lines.push("  },");
    object(lines, "texts", texts, ",");
    object(lines, "types", types, "");
    lines.push("}", "");
    return { path: CLIENT_SHAPE_FILE, contents: lines.join("\n") };
  }

  #parameter(parameter: ClientParameter, plan: MethodPlan["parameters"][number]): string {
    const name = JSON.stringify(parameter.optional ? `${parameter.name}?` : parameter.name);
    let text = `[${name}, ${this.#token(parameter.type)}, ${this.#token(parameter.decorator)}`;
    if (plan.queryKeys !== undefined) {
      const keys = this.#queryKeys(plan.type);
      if (keys !== undefined) text += `, [${keys.join(", ")}]`;
    }
    return `${text}]`;
  }

  /** The keys a query object's interface declares, as a call's object literal must give them. */
  #queryKeys(type: MethodPlan["parameters"][number]["type"]): string[] | undefined {
    if (type.kind !== "ref") return undefined;
    const declaration = this.#declarations.get(type.type);
    if (declaration?.body.kind !== "interface") return undefined;
    return declaration.body.properties.map((property) => {
      const printed = withoutComments(this.#printer.print(property.type, "  "));
      return `[${JSON.stringify(property.key)}, ${this.#token(printed)}, ${property.optional}]`;
    });
  }

  /** How the file writes a printed text; each distinct text is looked at once. */
  #token(printed: string): string {
    let token = this.#tokens.get(printed);
    if (token === undefined) {
      token = this.#newToken(collapseWhiteSpace(printed));
      this.#tokens.set(printed, token);
    }
    return token;
  }

  #newToken(text: string): string {
    if (text.length <= LONG_TEXT || !text.includes(" ")) return JSON.stringify(text);
    const key = `#${fingerprint(text).slice(0, 8)}`;
    const taken = this.#texts.get(key);
    // Two texts with one key (a chance of one in 2^48 a pair): the later one is written out.
    if (taken !== undefined && taken !== text) return JSON.stringify(text);
    this.#texts.set(key, text);
    return JSON.stringify(key);
  }
}

/** Adds `values` to `lines`, one a line at `indent`, with a comma but the last. */
function entries(lines: string[], values: readonly string[], indent: string): void {
  const last = values.length - 1;
  values.forEach((value, index) => {
    lines.push(`${indent}${value}${index === last ? "" : ","}`);
  });
}

/** Adds `  "name": {`, a member a line, `  }` to `lines`. */
function object(
  lines: string[],
  name: string,
  members: readonly [string, string][],
  after: string,
): void {
  if (members.length === 0) {
    lines.push(`  "${name}": {}${after}`);
    return;
  }
  lines.push(`  "${name}": {`);
  entries(lines, members.map(member), "    ");
  lines.push(`  }${after}`);
}

/** `"name": "value"`. */
function member([name, value]: readonly [string, string]): string {
  return `${JSON.stringify(name)}: ${JSON.stringify(value)}`;
}

/** Long enough that two declarations of one client never share one by chance. */
function fingerprint(text: string): string {
  return hash("sha256", text, "base64url").slice(0, 22);
}

/** The text without its comment lines, white space collapsed: what a type is, not how it reads. */
function withoutComments(text: string): string {
  if (!(text.includes("/*") || text.includes("//"))) return collapseWhiteSpace(text);
  const kept: string[] = [];
  for (const line of text.split("\n")) {
    const trimmed = line.trimStart();
    if (!(trimmed.startsWith("/**") || trimmed.startsWith("*") || trimmed.startsWith("//"))) {
      kept.push(line);
    }
  }
  return collapseWhiteSpace(kept.join("\n"));
}

/**
 * Runs of white space that are not already one plain space: printed code is mostly single spaces,
 * and replacing each of those with itself made a new string piece per space.
 */
const NOT_ONE_SPACE = /\s{2,}|[^\S ]/g;

function collapseWhiteSpace(text: string): string {
  return text.replace(NOT_ONE_SPACE, " ").trim();
}
