import type { TagGroup } from "../model/tag-group.js";
import { GENERATED_MARKER } from "../options.js";
import { docComment } from "./doc-comment.js";
import { typeImportLines, valueImportLine } from "./imports.js";
import { renderMethod } from "./method.js";
import type { RenderContext } from "./render-context.js";

/**
 * `apis/<tag>.api.ts`: one `@Api` class with a method per operation, and its ready instance.
 * `context` must be made for this file (`RenderContext.forApiFile`); it collects the type imports.
 */
export function renderApiFile(group: TagGroup, context: RenderContext): string {
  const decorators = new Set(["Api"]);
  const methods = group.methods.map((method) => renderMethod(method, context, decorators));
  const doc = docComment([group.description, group.renamed ? `Tag: ${group.tag}` : undefined], "");
  return `${[
    GENERATED_MARKER,
    valueImportLine(decorators, "@kit/api"),
    valueImportLine(["service"], "../service"),
    ...typeImportLines(context.imports),
    "",
    ...doc,
    `@Api(${JSON.stringify(group.prefix)}, { name: ${JSON.stringify(group.className)} })`,
    `export class ${group.className} {`,
    methods.join("\n\n"),
    "}",
    "",
    `export const ${group.instanceName} = service.createApi(${group.className});`,
  ].join("\n")}\n`;
}
