import { compareText } from "../model/compare.js";
import type { Declaration } from "../model/plan-types.js";
import type { NamedType } from "../model/type-expr.js";
import { GENERATED_MARKER } from "../options.js";
import { fileText } from "./file-text.js";
import { typeImportLines } from "./imports.js";
import { renderTypeDeclaration } from "./type-declaration.js";
import { TypePrinter } from "./type-printer.js";

/**
 * `types/<home>.ts`: type imports from sibling files, then the declarations sorted by name.
 * `printed` sees each declaration's text as it is printed (for the client's shape).
 */
export function renderTypeFile(
  home: string,
  declarations: readonly Declaration[],
  homes: ReadonlyMap<NamedType, string>,
  printed?: (name: string, text: string) => void,
): string {
  const printer = TypePrinter.forTypeFile(homes, home);
  const body = [...declarations]
    .sort((left, right) => compareText(left.type.name, right.type.name))
    .map((declaration) => {
      const text = renderTypeDeclaration(declaration, printer);
      printed?.(declaration.type.name, text);
      return text;
    })
    .join("\n\n");
  return fileText([GENERATED_MARKER, ...typeImportLines(printer.imports), "", body]);
}
