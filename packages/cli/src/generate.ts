import { printApiFile } from "./emit/api-file.js";
import { renderBarrelFile, renderTypesBarrelFile } from "./emit/barrel-file.js";
import { renderMswFile, renderMswIndex } from "./emit/msw-file.js";
import { renderServiceConfigFile } from "./emit/service-config-file.js";
import { renderServiceFile } from "./emit/service-file.js";
import { ShapeFile } from "./emit/shape-file.js";
import { renderTypeFile } from "./emit/type-file.js";
import { planMocks } from "./mock/mock-plan.js";
import { compareText } from "./model/compare.js";
import { planDocument } from "./model/plan.js";
import type { Declaration, GenerationPlan } from "./model/plan-types.js";
import { checkTagFilter } from "./model/tag-filter.js";
import { Warnings } from "./model/warnings.js";
import { type LoadedDocument, loadOpenAPIDocument } from "./openapi/load.js";
import type { GeneratedFile, GenerateOptions, GenerateResult } from "./options.js";

/** Loads a document (a path or a parsed object) and renders it; writes nothing. */
export async function generateFromOpenAPI(
  input: string | object,
  options: GenerateOptions = {},
): Promise<GenerateResult> {
  return renderDocument(await loadOpenAPIDocument(input), options);
}

/**
 * Plans a loaded document completely, then prints the plan. Pure: the same input gives the same
 * bytes.
 */
export function renderDocument(
  loaded: LoadedDocument,
  options: GenerateOptions = {},
): GenerateResult {
  const { files, warnings } = renderClient(loaded, options, { shape: false });
  return { files, warnings };
}

/** A rendered client: how many methods it has, and its shape file when it was asked for. */
export type RenderedClient = GenerateResult & {
  methodCount: number;
  shape?: GeneratedFile;
};

/**
 * `renderDocument`, with the shape file `kit generate` writes beside the client for the next
 * run's change report (`keep.shape`).
 */
export function renderClient(
  loaded: LoadedDocument,
  options: GenerateOptions,
  keep: { shape: true },
): RenderedClient & { shape: GeneratedFile };
export function renderClient(
  loaded: LoadedDocument,
  options: GenerateOptions,
  keep: { shape: boolean },
): RenderedClient;
export function renderClient(
  loaded: LoadedDocument,
  options: GenerateOptions,
  keep: { shape: boolean },
): RenderedClient {
  checkTagFilter(loaded, options);
  const warnings = new Warnings(loaded.locate);
  const plan = planDocument(loaded, options, warnings);
  const { files, shape } = printPlan(plan, keep.shape);
  if (options.mock === "msw") {
    const mocks = planMocks(loaded, plan, options.mockSeed ?? 0, (message, pointer) =>
      warnings.add(`MSW handlers: ${message}`, pointer),
    );
    for (const file of mocks) {
      files.push({
        path: `mocks/${file.group.fileName}.handlers.ts`,
        contents: renderMswFile(file, plan.homes, plan.service.baseUrl),
      });
    }
    files.push({ path: "mocks/index.ts", contents: renderMswIndex(mocks, plan.service.baseUrl) });
    files.sort((left, right) => compareText(left.path, right.path));
  }
  const methodCount = plan.apis.reduce((count, api) => count + api.methods.length, 0);
  return { files, warnings: warnings.messages, methodCount, ...(shape ? { shape } : {}) };
}

/** Every generated file of a plan, sorted by path, and the client's shape file when asked for. */
function printPlan(
  plan: GenerationPlan,
  keepShape: boolean,
): {
  files: GeneratedFile[];
  shape: GeneratedFile | undefined;
} {
  const byHome = new Map<string, Declaration[]>();
  for (const declaration of plan.declarations) {
    const home = plan.homes.get(declaration.type)!;
    const list = byHome.get(home);
    if (list) list.push(declaration);
    else byHome.set(home, [declaration]);
  }
  const files: GeneratedFile[] = [];
  const shape = keepShape ? new ShapeFile(plan.declarations, plan.homes) : undefined;
  const printed = shape && ((name: string, text: string) => shape.addDeclaration(name, text));
  for (const api of plan.apis) {
    const { group } = api;
    const path = `apis/${group.fileName}.api.ts`;
    const file = printApiFile(group, api.methods, plan.homes, api.envelope);
    files.push({ path, contents: file.contents });
    shape?.addMethods(file.methods, api.methods);
    const declarations = byHome.get(group.fileName);
    if (declarations !== undefined) {
      files.push({
        path: `types/${group.fileName}.ts`,
        contents: renderTypeFile(group.fileName, declarations, plan.homes, printed),
      });
    }
  }
  files.push(
    { path: "service.config.ts", contents: renderServiceConfigFile(), handWritten: true },
    { path: "service.ts", contents: renderServiceFile(plan.service) },
    { path: "index.ts", contents: renderBarrelFile(plan.apis.map((api) => api.group)) },
    { path: "types/index.ts", contents: renderTypesBarrelFile([...byHome.keys()]) },
  );
  files.sort((left, right) => compareText(left.path, right.path));
  return { files, shape: shape?.render() };
}
