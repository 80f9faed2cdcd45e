import type { Declaration } from "../model/plan-types.js";
import { docComment } from "./doc-comment.js";
import type { TypePrinter } from "./type-printer.js";

/** `export interface …` for an object with properties, `export type … = …;` for anything else. */
export function renderTypeDeclaration(declaration: Declaration, printer: TypePrinter): string {
  const { type, doc, body } = declaration;
  const lines = docComment(doc.paragraphs, "", doc.tags);
  if (body.kind === "interface") {
    const members = printer.members(body.properties, body.indexes, "  ");
    return [...lines, `export interface ${type.name} {`, ...members, "}"].join("\n");
  }
  return [...lines, `export type ${type.name} = ${printer.print(body.type)};`].join("\n");
}
