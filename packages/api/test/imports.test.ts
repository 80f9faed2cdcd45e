import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "ts5";
import { describe, expect, it } from "vitest";

const source = resolve(import.meta.dirname, "../src");

/** Every module of the runtime with the modules and packages it imports, type-only ones included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(source, { recursive: true, encoding: "utf8" }).filter((file) =>
    file.endsWith(".ts"),
  );
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(source, file), "utf8"), true);
    graph.set(
      file,
      importedFiles.map(({ fileName }) =>
        fileName.startsWith(".")
          ? relative(source, resolve(source, dirname(file), fileName)).replace(/\.js$/, ".ts")
          : fileName,
      ),
    );
  }
  return graph;
}

/** The first import circle found, as the modules along it, or `undefined`. */
function findCircle(graph: Map<string, string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    const start = path.indexOf(file);
    if (start >= 0) return [...path.slice(start), file];
    if (done.has(file) || !graph.has(file)) return undefined;
    path.push(file);
    for (const next of graph.get(file)!) {
      const circle = visit(next);
      if (circle) return circle;
    }
    path.pop();
    done.add(file);
    return undefined;
  };
  for (const file of graph.keys()) {
    const circle = visit(file);
    if (circle) return circle;
  }
  return undefined;
}

describe("the runtime's imports", () => {
  const graph = importGraph();

  it("form no circle, type-only imports included", () => {
    expect(graph.size).toBeGreaterThan(40);
    expect(findCircle(graph)?.join(" → ")).toBeUndefined();
  });

  it("finds a circle when there is one, so the check above can fail", () => {
    const circular = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
    ]);
    expect(findCircle(circular)).toEqual(["a.ts", "b.ts", "c.ts", "a.ts"]);
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
