import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "ts5";

/**
 * The imports of every `.ts` file under `root`, keyed by path from `root`: a relative import as
 * the path from `root` of the file it names, a package by its name. Type-only imports, re-exports
 * and dynamic `import()` count: each is an edge a reader follows. Shared by both packages'
 * architecture tests.
 */
export function importGraph(root: string): Map<string, string[]> {
  const files = readdirSync(root, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), "utf8"), true);
    graph.set(
      file,
      importedFiles.map(({ fileName }) =>
        fileName.startsWith(".")
          ? path.posix.join(path.posix.dirname(file), fileName.replace(/\.js$/, ".ts"))
          : fileName,
      ),
    );
  }
  return graph;
}

/** Modules, edges between them (package imports left out) and circles, as the docs quote them. */
export function graphFigures(graph: ReadonlyMap<string, readonly string[]>): {
  modules: number;
  edges: number;
  circles: number;
} {
  const edges = [...graph.values()].reduce(
    (sum, targets) => sum + new Set(targets.filter((target) => graph.has(target))).size,
    0,
  );
  return { modules: graph.size, edges, circles: importCircles(graph).length };
}

/** The import circles: strongly connected components with more than one file (Tarjan). */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) circles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return circles;
}

/** A folder (`model`) or a file at the root of `src/` (`errors.ts`): the unit of the layer table. */
export function layerOf(file: string): string {
  const slash = file.indexOf("/");
  return slash === -1 ? file : file.slice(0, slash);
}

/**
 * What each layer may import besides itself: other layers (`"model"`, `"errors.ts"`), single
 * files of a layer (`"changes/client-shape.ts"`), or `"*"` for anything.
 */
export type AllowedEdges = Readonly<Record<string, readonly string[]>>;

/**
 * The imports the table does not allow, as `file → target`; a file in a layer the table does not
 * list is one too, so a new folder has to be given its place.
 */
export function forbiddenEdges(
  graph: ReadonlyMap<string, readonly string[]>,
  allowed: AllowedEdges,
): string[] {
  const forbidden: string[] = [];
  for (const [file, targets] of graph) {
    const layer = layerOf(file);
    const rule = allowed[layer];
    if (rule === undefined) {
      forbidden.push(`${file}: the layer ${layer} is not in the table`);
      continue;
    }
    for (const target of targets) {
      if (!graph.has(target)) continue;
      const to = layerOf(target);
      if (to === layer || rule.includes("*") || rule.includes(to) || rule.includes(target)) {
        continue;
      }
      forbidden.push(`${file} → ${target}`);
    }
  }
  return forbidden;
}
