import { declarationRoots } from "./declaration.js";
import type { Declaration } from "./plan-types.js";
import type { NamedType } from "./type-expr.js";
import { forEachReference, type TypeExpr } from "./type-expr.js";

/**
 * Decides the file each named type is declared in by walking references: the files are visited
 * in order, and a type goes to the first file whose methods refer to it, directly or through the
 * types placed there before it. `declare` builds a type's declaration, once, when it is placed.
 */
export class TypePlacement {
  readonly #declare: (type: NamedType) => Declaration;
  readonly #homes = new Map<NamedType, string>();
  readonly #declarations: Declaration[] = [];

  constructor(declare: (type: NamedType) => Declaration) {
    this.#declare = declare;
  }

  /** Places what `roots` (one file's method types) refer to that has no file yet into `file`. */
  place(file: string, roots: readonly TypeExpr[]): void {
    const queue: NamedType[] = [];
    const claim = (type: NamedType): void => {
      if (this.#homes.has(type)) return;
      this.#homes.set(type, file);
      queue.push(type);
    };
    for (const root of roots) forEachReference(root, claim);
    for (let index = 0; index < queue.length; index++) {
      const declaration = this.#declare(queue[index]!);
      this.#declarations.push(declaration);
      for (const root of declarationRoots(declaration)) forEachReference(root, claim);
    }
  }

  /** The file of every placed type. */
  get homes(): ReadonlyMap<NamedType, string> {
    return this.#homes;
  }

  /** Every placed type's declaration, in the order they were placed. */
  get declarations(): readonly Declaration[] {
    return this.#declarations;
  }
}
