import type { MethodPlan } from "../model/plan-types.js";
import type { TagGroup } from "../model/tag-group.js";
import type { NamedType } from "../model/type-expr.js";
import { GENERATED_MARKER } from "../options.js";
import { docComment } from "./doc-comment.js";
import { typeImportLines, valueImportLine } from "./imports.js";
import { renderMethod } from "./method.js";
import { TypePrinter } from "./type-printer.js";

/** `apis/<tag>.api.ts`: one `@Api` class with a method per operation, and its ready instance. */
export function renderApiFile(
  group: TagGroup,
  methodPlans: readonly MethodPlan[],
  homes: ReadonlyMap<NamedType, string>,
): string {
  const printer = TypePrinter.forApiFile(homes);
  const decorators = new Set(["Api"]);
  const methods = methodPlans.map((method) => renderMethod(method, printer, decorators));
  const doc = docComment([group.description, group.renamed ? `Tag: ${group.tag}` : undefined], "");
  return `${[
    GENERATED_MARKER,
    valueImportLine(decorators, "@kit/api"),
    valueImportLine(["service"], "../service"),
    ...typeImportLines(printer.imports),
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
