import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type AllowedEdges,
  forbiddenEdges,
  graphFigures,
  importCircles,
  importGraph,
} from "./import-graph.js";

const source = fileURLToPath(new URL("../../src/", import.meta.url));

/**
 * The generator's layers and what each may import besides itself (ARCHITECTURE.md, "Layers and
 * imports"): lower layers never import higher ones.
 */
const ALLOWED: AllowedEdges = {
  "errors.ts": [],
  "options.ts": [],
  util: [],
  openapi: ["errors.ts", "util"],
  model: ["openapi", "errors.ts", "options.ts", "util"],
  wire: ["model", "openapi", "errors.ts", "options.ts", "util"],
  // The printer records the shape of the client it prints for the change report.
  emit: ["model", "options.ts", "util", "changes/client-shape.ts"],
  write: ["errors.ts", "options.ts", "util"],
  changes: ["model", "write", "errors.ts", "options.ts", "util"],
  config: ["openapi", "errors.ts", "options.ts", "util"],
  mock: ["wire", "model", "openapi", "errors.ts", "options.ts", "util"],
  init: ["emit", "write", "errors.ts", "options.ts", "util"],
  // `generate.ts` hands the printed client's shape to the change report.
  "generate.ts": [
    "mock",
    "emit",
    "model",
    "openapi",
    "errors.ts",
    "options.ts",
    "util",
    "changes/client-shape.ts",
  ],
  cli: ["*"],
  "index.ts": ["*"],
  "bin.ts": ["*"],
};

describe("the generator's imports", () => {
  const graph = importGraph(source);

  it("form no circle: the schema builders recurse through their context's walker", () => {
    expect(graph.size).toBeGreaterThan(80);
    expect(importCircles(graph)).toEqual([]);
    expect(graphFigures(graph).circles).toBe(0);
  });

  it("follow the table of layers: no edge the table does not allow", () => {
    expect(forbiddenEdges(graph, ALLOWED)).toEqual([]);
  });

  it("would name a forbidden edge and a layer missing from the table, so the check can fail", () => {
    const graph = new Map([
      ["model/plan.ts", ["mock/mock-plan.ts", "openapi/load.ts"]],
      ["mock/mock-plan.ts", []],
      ["openapi/load.ts", []],
      ["extra/new.ts", []],
    ]);
    expect(forbiddenEdges(graph, ALLOWED)).toEqual([
      "model/plan.ts → mock/mock-plan.ts",
      "extra/new.ts: the layer extra is not in the table",
    ]);
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
      .filter(([, target]) => graph.has(target))
      .filter(([, target]) => !target.startsWith("emit/") && target !== "options.ts")
      .filter(([, target]) => !printable.includes(target))
      .map(([file, target]) => `${file} → ${target}`);
    expect(outside).toEqual([]);
  });
});
