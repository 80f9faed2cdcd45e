import { compareText } from "../model/compare.js";
import { GENERATED_MARKER } from "../options.js";
import { fileText } from "./file-text.js";

/** The root `index.ts`: every API instance and `service`. */
export function renderBarrelFile(
  apis: readonly { instanceName: string; fileName: string }[],
): string {
  const lines = [...apis]
    .sort((left, right) => compareText(left.fileName, right.fileName))
    .map((api) => `export { ${api.instanceName} } from "./apis/${api.fileName}.api";`);
  return fileText([GENERATED_MARKER, ...lines, 'export { service } from "./service";']);
}

/** `types/index.ts`: `export type *` from every type file; an empty module when there are none. */
export function renderTypesBarrelFile(fileNames: readonly string[]): string {
  const lines = [...fileNames].sort(compareText).map((file) => `export type * from "./${file}";`);
  return fileText([GENERATED_MARKER, ...(lines.length > 0 ? lines : ["export {};"])]);
}
