import { compareText } from "../model/compare.js";

/** `import type { A, B } from "…";` lines, sorted by specifier, names sorted. */
export function typeImportLines(imports: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  return [...imports.keys()].sort(compareText).map((specifier) => {
    const names = [...imports.get(specifier)!].sort(compareText).join(", ");
    return `import type { ${names} } from ${JSON.stringify(specifier)};`;
  });
}

/** `import { A, B } from "…";` with the names sorted. */
export function valueImportLine(names: Iterable<string>, specifier: string): string {
  return `import { ${[...names].sort(compareText).join(", ")} } from ${JSON.stringify(specifier)};`;
}
