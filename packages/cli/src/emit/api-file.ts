import type { ClientMethod } from "../changes/client-shape.js";
import type { ApiPlan, MethodPlan } from "../model/plan-types.js";
import { fullRoute, type TagGroup } from "../model/tag-group.js";
import type { NamedType } from "../model/type-expr.js";
import { GENERATED_MARKER } from "../options.js";
import { docComment } from "./doc-comment.js";
import { fileText } from "./file-text.js";
import { typeImportLines, valueImportLine } from "./imports.js";
import { printMethod } from "./method.js";
import { TypePrinter } from "./type-printer.js";
import { layout } from "./wrap.js";

/**
 * `apis/<tag>.api.ts`: one `@Api` class with a method per operation, and its ready instance.
 * `envelope` is the mode the class declares: `false` (the default) when its methods are typed with
 * the whole body, so the runtime never unwraps them.
 */
export function renderApiFile(
  group: TagGroup,
  methodPlans: readonly MethodPlan[],
  homes: ReadonlyMap<NamedType, string>,
  envelope: ApiPlan["envelope"] = false,
): string {
  return printApiFile(group, methodPlans, homes, envelope).contents;
}

/** The file's text, and its methods as printed, for the change report. */
export function printApiFile(
  group: TagGroup,
  methodPlans: readonly MethodPlan[],
  homes: ReadonlyMap<NamedType, string>,
  envelope: ApiPlan["envelope"],
): { contents: string; methods: ClientMethod[] } {
  const printer = TypePrinter.forApiFile(homes);
  const decorators = new Set(["Api"]);
  // The class body's lines, an empty line between two methods: joined once with the file's lines.
  const body: string[] = [];
  const methods: ClientMethod[] = [];
  for (const plan of methodPlans) {
    const { text, signature } = printMethod(plan, printer, decorators);
    if (body.length > 0) body.push("");
    body.push(text);
    methods.push({
      operation: `${plan.verb.toUpperCase()} ${fullRoute(group.prefix, plan.path)}`,
      className: group.className,
      ...signature,
    });
  }
  const doc = docComment([group.description, group.renamed ? `Tag: ${group.tag}` : undefined], "");
  const contents = fileText([
    GENERATED_MARKER,
    valueImportLine(decorators, "@kit/api"),
    valueImportLine(["service"], "../service"),
    ...typeImportLines(printer.imports),
    "",
    ...doc,
    ...layout([
      {
        expression: `@Api(${JSON.stringify(group.prefix)}, { name: ${JSON.stringify(group.className)}, envelope: ${JSON.stringify(envelope)} })`,
      },
    ]),
    `export class ${group.className} {`,
    ...body,
    "}",
    "",
    `export const ${group.instanceName} = service.createApi(${group.className});`,
  ]);
  return { contents, methods };
}
