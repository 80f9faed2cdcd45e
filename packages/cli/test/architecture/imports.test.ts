import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importCircles, importGraph } from "./import-graph.js";

const source = fileURLToPath(new URL("../../src/", import.meta.url));

describe("the generator's imports", () => {
  const graph = importGraph(source);

  it("form no circle: the schema builders recurse through their context's walker", () => {
    expect(graph.size).toBeGreaterThan(80);
    expect(importCircles(graph)).toEqual([]);
  });

  it("finds a circle when there is one, so the check above can fail", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
    ]);
    expect(importCircles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  it("keep the printer to printing: emit/ imports the plan's data, nothing from openapi/ or that plans", () => {
    const printable = [
      "model/plan-types.ts",
      "model/type-expr.ts",
      "model/tag-group.ts",
      "model/compare.ts",
      "model/canonical-json.ts",
      "model/names.ts",
      // The shape of a printed client, which the printer records for the change report.
      "changes/client-shape.ts",
    ];
    const outside = [...graph]
      .filter(([file]) => file.startsWith("emit/"))
      .flatMap(([file, imports]) => imports.map((target) => [file, target] as const))
      .filter(([, target]) => !target.startsWith("emit/") && target !== "options.ts")
      .filter(([, target]) => !printable.includes(target))
      .map(([file, target]) => `${file} → ${target}`);
    expect(outside).toEqual([]);
  });
});
