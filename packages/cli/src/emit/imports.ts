import { compareText } from "../model/compare.js";
import { importLines } from "./wrap.js";

/** `import type { A, B } from "…";` lines, sorted by specifier, names sorted; long ones wrapped. */
export function typeImportLines(imports: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  return [...imports.keys()].sort(compareText).flatMap((specifier) => {
    const names = [...imports.get(specifier)!].sort(compareText);
    return importLines("import type", names, JSON.stringify(specifier));
  });
}

/** `import { A, B } from "…";` with the names sorted; one name per line when it is too long. */
export function valueImportLine(names: Iterable<string>, specifier: string): string {
  return importLines("import", [...names].sort(compareText), JSON.stringify(specifier)).join("\n");
}
