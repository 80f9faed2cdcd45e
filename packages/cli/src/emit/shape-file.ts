import { createHash } from "node:crypto";
import {
  type ClientMethod,
  type ClientParameter,
  type QueryKey,
  SHAPE_VERSION,
} from "../changes/client-shape.js";
import { compareText } from "../model/compare.js";
import type { Declaration, MethodPlan } from "../model/plan-types.js";
import type { NamedType } from "../model/type-expr.js";
import { CLIENT_SHAPE_FILE, GENERATED_MARKER, type GeneratedFile } from "../options.js";
import { TypePrinter } from "./type-printer.js";

/**
 * Collects the shape of a client while it is printed (each method as the printer made it, each
 * declaration's fingerprint) and writes it as `CLIENT_SHAPE_FILE`: JSON with the generated marker
 * as a comment, one method and one type per line so its changes read well in a review. Methods
 * become text as they come, so the printed methods of a large client are not all kept at once.
 */
export class ShapeFile {
  readonly #methods: string[] = [];
  readonly #types: [string, string][] = [];
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
      const parameters = method.parameters.map((parameter, at) =>
        this.#parameter(parameter, plan.parameters[at]!),
      );
      const shape: ClientMethod = {
        operation: method.operation,
        className: method.className,
        method: method.method,
        parameters,
        returns: collapseWhiteSpace(method.returns),
      };
      this.#methods.push(JSON.stringify(shape));
    });
  }

  /** A declaration as printed, doc comments included. */
  addDeclaration(name: string, text: string): void {
    this.#types.push([name, fingerprint(withoutComments(text))]);
  }

  render(): GeneratedFile {
    const types = this.#types
      .sort((left, right) => compareText(left[0], right[0]))
      .map(([name, print]) => `${JSON.stringify(name)}: ${JSON.stringify(print)}`);
    const contents = [
      GENERATED_MARKER,
      "// The client's shape: what the next `kit generate` compares the new client with.",
      "{",
      `  "version": ${SHAPE_VERSION},`,
      ...list('"methods": [', this.#methods, "]", ","),
      ...list('"types": {', types, "}", ""),
      "}",
      "",
    ].join("\n");
    return { path: CLIENT_SHAPE_FILE, contents };
  }

  #parameter(parameter: ClientParameter, plan: MethodPlan["parameters"][number]): ClientParameter {
    const shape: ClientParameter = {
      name: parameter.name,
      optional: parameter.optional,
      type: collapseWhiteSpace(parameter.type),
      decorator: collapseWhiteSpace(parameter.decorator),
    };
    if (plan.queryKeys !== undefined) {
      const keys = this.#queryKeys(plan.type);
      if (keys !== undefined) shape.keys = keys;
    }
    return shape;
  }

  /** The keys a query object's interface declares, as a call's object literal must give them. */
  #queryKeys(type: MethodPlan["parameters"][number]["type"]): QueryKey[] | undefined {
    if (type.kind !== "ref") return undefined;
    const declaration = this.#declarations.get(type.type);
    if (declaration?.body.kind !== "interface") return undefined;
    return declaration.body.properties.map((property) => ({
      key: property.key,
      optional: property.optional,
      type: withoutComments(this.#printer.print(property.type, "  ")),
    }));
  }
}

/** `  "name": [` … `  ],`, one entry per line. */
function list(open: string, entries: readonly string[], close: string, after: string): string[] {
  if (entries.length === 0) return [`  ${open}${close}${after}`];
  const last = entries.length - 1;
  return [
    `  ${open}`,
    ...entries.map((entry, index) => `    ${entry}${index === last ? "" : ","}`),
    `  ${close}${after}`,
  ];
}

/** Long enough that two declarations of one client never share one by chance. */
function fingerprint(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 22);
}

/** The text without its comment lines, white space collapsed: what a type is, not how it reads. */
function withoutComments(text: string): string {
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
