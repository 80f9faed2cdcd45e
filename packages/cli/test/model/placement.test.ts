import { describe, expect, it } from "vitest";
import { TypePlacement } from "../../src/model/placement.js";
import type { Declaration } from "../../src/model/plan-types.js";
import type { NamedType } from "../../src/model/type-expr.js";
import { NO_DOC, type TypeExpr } from "../../src/model/type-expr.js";

const named = (name: string): NamedType => ({ name, pointer: `#/${name}`, schema: {} });
const ref = (type: NamedType): TypeExpr => ({ kind: "ref", type });

/** Placement over declarations given as "type → the types its body refers to". */
function placement(uses: Map<NamedType, NamedType[]>) {
  const declared: string[] = [];
  const place = new TypePlacement((type): Declaration => {
    declared.push(type.name);
    const body: TypeExpr = { kind: "union", members: (uses.get(type) ?? []).map(ref) };
    return { type, doc: NO_DOC, body: { kind: "alias", type: body } };
  });
  const homes = () => Object.fromEntries([...place.homes].map(([type, file]) => [type.name, file]));
  return { place, homes, declared };
}

describe("TypePlacement: a type lives in the first file that refers to it", () => {
  it("puts a type used by two tags in the first, and what it uses with it", () => {
    const [Pet, Tag, Owner] = ["Pet", "Tag", "Owner"].map(named) as [
      NamedType,
      NamedType,
      NamedType,
    ];
    const { place, homes } = placement(new Map([[Pet, [Tag]]]));
    place.place("pet", [ref(Pet)]);
    place.place("store", [ref(Pet), ref(Owner)]);
    expect(homes()).toEqual({ Pet: "pet", Tag: "pet", Owner: "store" });
  });

  it("places a cycle across tags once, without building a declaration twice", () => {
    const [A, B] = ["A", "B"].map(named) as [NamedType, NamedType];
    const { place, homes, declared } = placement(
      new Map([
        [A, [B]],
        [B, [A]],
      ]),
    );
    place.place("store", [ref(B)]);
    place.place("pet", [ref(A)]);
    expect(homes()).toEqual({ B: "store", A: "store" });
    expect(declared).toEqual(["B", "A"]);
  });

  it("follows references in the order they were built, breadth first across declarations", () => {
    const [A, B, C, D] = ["A", "B", "C", "D"].map(named) as NamedType[];
    const { place, declared } = placement(
      new Map([
        [A!, [C!]],
        [B!, [D!]],
      ]),
    );
    place.place("pet", [ref(A!), ref(B!)]);
    expect(declared).toEqual(["A", "B", "C", "D"]);
  });
});
