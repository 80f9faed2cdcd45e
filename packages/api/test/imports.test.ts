import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type AllowedEdges,
  forbiddenEdges,
  graphFigures,
  importCircles,
  importGraph,
} from "../../cli/test/architecture/import-graph.js";

const source = fileURLToPath(new URL("../src/", import.meta.url));

/**
 * The runtime's layers and what each may import besides itself (ARCHITECTURE.md, "The runtime").
 * `core/` is the bottom: it reads the metadata the decorators record and the message types of
 * the entries, file by file; every entry builds on `core/`.
 */
const ALLOWED: AllowedEdges = {
  core: [
    "decorators/metadata.ts",
    "decorators/member.ts",
    "decorators/messages.ts",
    "frameworks/messages.ts",
    "messages/messages.ts",
    "plugins/messages.ts",
    "stream/messages.ts",
  ],
  decorators: ["core"],
  plugins: ["core"],
  stream: ["core"],
  progress: ["core"],
  download: ["core"],
  form: ["core"],
  frameworks: ["core", "stream", "progress", "download"],
  vue: ["core", "frameworks"],
  react: ["core", "frameworks"],
  "tanstack-query": ["core", "frameworks", "stream"],
  // The message catalogues of every entry, in each language.
  messages: ["core", "decorators", "frameworks", "plugins", "stream"],
  "index.ts": ["core", "decorators", "stream"],
};

describe("the runtime's imports", () => {
  const graph = importGraph(source);

  it("form no circle, type-only imports included", () => {
    expect(graph.size).toBeGreaterThan(40);
    expect(importCircles(graph)).toEqual([]);
    expect(graphFigures(graph).circles).toBe(0);
  });

  it("finds a circle when there is one, so the check above can fail", () => {
    const circular = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
    ]);
    expect(importCircles(circular)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  it("follow the table of layers: no edge the table does not allow", () => {
    expect(forbiddenEdges(graph, ALLOWED)).toEqual([]);
  });

  it("would name an entry that reaches into another entry, so the check can fail", () => {
    const graph = new Map([
      ["plugins/cache.ts", ["vue/index.ts", "core/result.ts"]],
      ["vue/index.ts", []],
      ["core/result.ts", []],
    ]);
    expect(forbiddenEdges(graph, ALLOWED)).toEqual(["plugins/cache.ts → vue/index.ts"]);
  });

  it("confine axios to the transport and its redirect rules, the server's setup and the stream module's adapter choice", () => {
    const users = [...graph].filter(([, imports]) => imports.includes("axios")).map(([f]) => f);
    expect(users.sort()).toEqual([
      "core/exchange.ts",
      "core/options.ts",
      "core/redirect-follower.ts",
      "core/redirects.ts",
      "core/server.ts",
      "stream/connect.ts",
    ]);
  });
});
