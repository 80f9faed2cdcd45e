import { compareText } from "../model/compare.js";
import { GENERATED_MARKER } from "../options.js";
import { typeImportLines } from "./imports.js";

/** `types/<tag>.ts`: type imports from sibling files, then the declarations sorted by name. */
export function renderTypeFile(
  declarations: ReadonlyMap<string, string>,
  imports: ReadonlyMap<string, ReadonlySet<string>>,
): string {
  const body = [...declarations.keys()]
    .sort(compareText)
    .map((name) => declarations.get(name)!)
    .join("\n\n");
  return `${[GENERATED_MARKER, ...typeImportLines(imports), "", body].join("\n")}\n`;
}
