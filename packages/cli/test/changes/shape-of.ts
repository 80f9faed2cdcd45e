import type { ClientShape } from "../../src/changes/client-shape.js";
import { readShapeFile } from "../../src/changes/read-shape.js";
import { renderClient } from "../../src/generate.js";
import { type LoadedDocument, parseOpenAPIDocument } from "../../src/openapi/load.js";
import type { GenerateOptions } from "../../src/options.js";
import { applyWritePlan } from "../../src/write/apply.js";
import { planWrite } from "../../src/write/plan.js";

/** The shape `kit generate` writes for `document`, read back as the next run reads it. */
export function shapeOf(document: object | LoadedDocument, options: GenerateOptions = {}) {
  return readShape(renderClient(loaded(document), options, { shape: true }).shape.contents);
}

export function readShape(text: string): ClientShape {
  const reading = readShapeFile(text);
  if ("unreadable" in reading) throw new Error(`shape file ${reading.unreadable}`);
  return reading.shape;
}

/** Writes the client of `document` into `out` with its shape file, as `kit generate` does. */
export function writeClient(document: object | LoadedDocument, out: string): void {
  const rendered = renderClient(loaded(document), {}, { shape: true });
  applyWritePlan(planWrite({ ...rendered, files: [...rendered.files, rendered.shape] }, out));
}

function loaded(document: object | LoadedDocument): LoadedDocument {
  return "locate" in document
    ? (document as LoadedDocument)
    : parseOpenAPIDocument(JSON.stringify(document));
}
