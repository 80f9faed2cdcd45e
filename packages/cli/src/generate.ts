import { renderApiFile } from "./emit/api-file.js";
import { renderBarrelFile, renderTypesBarrelFile } from "./emit/barrel-file.js";
import { RenderContext } from "./emit/render-context.js";
import { renderServiceFile } from "./emit/service-file.js";
import { renderTypeDeclaration } from "./emit/type-declaration.js";
import { renderTypeFile } from "./emit/type-file.js";
import { documentBaseUrl } from "./model/base-url.js";
import { buildOperations } from "./model/build-operations.js";
import { compareText } from "./model/compare.js";
import { planEnvelope } from "./model/envelope-plan.js";
import { groupOperations } from "./model/group-operations.js";
import { checkTagFilter } from "./model/tag-filter.js";
import type { TagGroup } from "./model/tag-group.js";
import { TypeRegistry } from "./model/type-registry.js";
import { Warnings } from "./model/warnings.js";
import { type LoadedDocument, loadOpenAPIDocument } from "./openapi/load.js";
import type { OpenAPIDocument } from "./openapi/types.js";
import type { GeneratedFile, GenerateOptions, GenerateResult } from "./options.js";

/** Loads a document (a path or a parsed object) and renders it; writes nothing. */
export async function generateFromOpenAPI(
  input: string | object,
  options: GenerateOptions = {},
): Promise<GenerateResult> {
  return renderDocument(await loadOpenAPIDocument(input), options);
}

/** Renders every generated file of a loaded document. Pure: the same input gives the same bytes. */
export function renderDocument(
  loaded: LoadedDocument,
  options: GenerateOptions = {},
): GenerateResult {
  checkTagFilter(loaded, options);
  const warnings = new Warnings(loaded.locate);
  const operations = buildOperations(loaded, {
    ...(options.tags ? { tags: options.tags } : {}),
    ...(options.excludeTags ? { excludeTags: options.excludeTags } : {}),
    warnings,
  });
  const groups = groupOperations(operations, {
    descriptions: tagDescriptions(loaded.document),
    warnings,
  });
  const envelope = planEnvelope(loaded, operations, options.envelope, warnings);
  const envelopeKeys = typeof envelope === "object" ? envelope.keys : undefined;
  const registry = new TypeRegistry(loaded.document, {
    reserved: groups.map((group) => group.className),
    warnings,
  });

  const files: GeneratedFile[] = [];
  const typeFiles: string[] = [];
  for (const group of groups) {
    const apiContext = RenderContext.forApiFile(
      loaded,
      registry,
      warnings,
      group.fileName,
      envelopeKeys,
    );
    files.push({
      path: `apis/${group.fileName}.api.ts`,
      contents: renderApiFile(group, apiContext),
    });
    const types = renderTypesOf(group, loaded, registry, warnings);
    if (types !== undefined) {
      files.push({ path: `types/${group.fileName}.ts`, contents: types });
      typeFiles.push(group.fileName);
    }
  }
  const baseUrl = options.baseUrl ?? documentBaseUrl(loaded.document);
  files.push(
    {
      path: "service.ts",
      contents: renderServiceFile({
        baseUrl,
        ...nameOption(options),
        ...(envelope ? { envelope } : {}),
      }),
    },
    { path: "index.ts", contents: renderBarrelFile(groups) },
    { path: "types/index.ts", contents: renderTypesBarrelFile(typeFiles) },
  );
  files.sort((left, right) => compareText(left.path, right.path));
  return { files, warnings: warnings.messages };
}

/**
 * Declares the types the group's API file used first, and the types those use in turn, in the
 * group's type file. Returns undefined when the group introduced no type.
 */
function renderTypesOf(
  group: TagGroup,
  loaded: LoadedDocument,
  registry: TypeRegistry,
  warnings: Warnings,
): string | undefined {
  const context = RenderContext.forTypeFile(loaded, registry, warnings, group.fileName);
  const declarations = new Map<string, string>();
  for (let pending = registry.takePending(); pending.length > 0; pending = registry.takePending()) {
    for (const type of pending) declarations.set(type.name, renderTypeDeclaration(type, context));
  }
  return declarations.size === 0 ? undefined : renderTypeFile(declarations, context.imports);
}

function nameOption(options: GenerateOptions): { name?: string } {
  return options.name === undefined ? {} : { name: options.name };
}

function tagDescriptions(document: OpenAPIDocument): Map<string, string> {
  const descriptions = new Map<string, string>();
  for (const tag of Array.isArray(document.tags) ? document.tags : []) {
    if (
      typeof tag?.name === "string" &&
      typeof tag.description === "string" &&
      !descriptions.has(tag.name)
    ) {
      descriptions.set(tag.name, tag.description);
    }
  }
  return descriptions;
}
