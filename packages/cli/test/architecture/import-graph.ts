import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Relative imports of every `.ts` file under `root`, keyed and valued by path from `root`. */
export function importGraph(root: string): Map<string, string[]> {
  const files = readdirSync(root, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => file.split(path.sep).join("/"));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    const targets = [...text.matchAll(/\bfrom\s+"(\.{1,2}\/[^"]+)"/g)].map((match) =>
      path.posix.join(path.posix.dirname(file), match[1]!.replace(/\.js$/, ".ts")),
    );
    graph.set(file, targets);
  }
  return graph;
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
