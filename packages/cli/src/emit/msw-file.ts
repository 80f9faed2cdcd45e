import { canonicalJson } from "../model/canonical-json.js";
import type { MockFilePlan, MockHandlerPlan } from "../model/plan-types.js";
import type { NamedType } from "../model/type-expr.js";
import { GENERATED_MARKER } from "../options.js";
import { fileText } from "./file-text.js";
import { typeImportLines, valueImportLine } from "./imports.js";
import { TypePrinter } from "./type-printer.js";

/** `mocks/<tag>.handlers.ts`: MSW handlers for one tag, their examples and per-handler overrides. */
export function renderMswFile(
  file: MockFilePlan,
  homes: ReadonlyMap<NamedType, string>,
  baseUrl: string,
): string {
  const printer = TypePrinter.forApiFile(homes);
  const names = mswNames(file.group.instanceName, file.group.className);
  const examples = file.handlers.flatMap((handler) =>
    handler.body.kind === "json"
      ? [
          `  ${JSON.stringify(handler.name)}: ${literal(handler.body.value, "  ")}${
            handler.body.type === undefined
              ? ""
              : ` satisfies ${printer.print(handler.body.type, "  ")}`
          },`,
        ]
      : [],
  );
  return fileText([
    GENERATED_MARKER,
    valueImportLine(
      [
        "http",
        "HttpResponse",
        file.handlers.some(hasNoMswShortcut) ? "HttpHandler" : "type HttpHandler",
        "type HttpResponseResolver",
      ],
      "msw",
    ),
    ...typeImportLines(printer.imports),
    "",
    `/** The JSON answers of ${file.group.className}'s handlers: what \`kit mock\` answers (seed ${file.seed}). */`,
    `export const ${names.examples} = {`,
    ...examples,
    "};",
    "",
    `/** Resolvers that replace single handlers of ${file.group.className}, by method name. */`,
    `export type ${names.resolvers} = Partial<Record<${
      file.handlers.map((handler) => JSON.stringify(handler.name)).join(" | ") || "never"
    }, HttpResponseResolver>>;`,
    "",
    "/**",
    ` * MSW handlers for every operation of ${file.group.className}, answering the document's example`,
    " * with the declared status; `resolvers` replaces any of them, `baseUrl` is where the API lives.",
    " */",
    `export function ${names.handlers}(`,
    `  resolvers: ${names.resolvers} = {},`,
    `  baseUrl = ${JSON.stringify(trimSlash(baseUrl))},`,
    "): HttpHandler[] {",
    "  return [",
    ...file.handlers.map((handler) => `    ${handlerLine(handler, names.examples)},`),
    "  ];",
    "}",
  ]);
}

/** `mocks/index.ts`: every tag's handlers, and all of them in one list. */
export function renderMswIndex(files: readonly MockFilePlan[], baseUrl: string): string {
  const entries = files.map((file) => ({
    file: file.group.fileName,
    names: mswNames(file.group.instanceName, file.group.className),
  }));
  return fileText([
    GENERATED_MARKER,
    'import type { HttpHandler } from "msw";',
    ...entries.map(({ file, names }) => `import { ${names.handlers} } from "./${file}.handlers";`),
    "",
    ...entries.map(
      ({ file, names }) =>
        `export { ${names.examples}, ${names.handlers}, type ${names.resolvers} } from "./${file}.handlers";`,
    ),
    "",
    "/** Every operation's handler with its example answer; override single ones with each tag's function. */",
    `export function handlers(baseUrl = ${JSON.stringify(trimSlash(baseUrl))}): HttpHandler[] {`,
    `  return [${entries.map(({ names }) => `...${names.handlers}({}, baseUrl)`).join(", ")}];`,
    "}",
  ]);
}

function mswNames(instanceName: string, className: string) {
  return {
    examples: `${instanceName}Examples`,
    handlers: `${instanceName}Handlers`,
    resolvers: `${className}Resolvers`,
  };
}

function handlerLine(handler: MockHandlerPlan, examples: string): string {
  // MSW's path patterns take `:name` for a whole segment; a placeholder glued to text matches any.
  const path = handler.path.replace(/\{[^}]*\}/g, "*");
  const init = `{ status: ${handler.status}${
    handler.contentType === undefined
      ? ""
      : `, headers: { "content-type": ${JSON.stringify(handler.contentType)} }`
  } }`;
  const answer = (() => {
    switch (handler.body.kind) {
      case "json":
        return `HttpResponse.json(${examples}[${JSON.stringify(handler.name)}], ${init})`;
      case "text":
        return `HttpResponse.text(${JSON.stringify(handler.body.value)}, ${init})`;
      case "binary":
        return `new HttpResponse(new Uint8Array([${handler.body.value.join(", ")}]), ${init})`;
      case "empty":
        return `new HttpResponse(null, ${init})`;
    }
  })();
  const rest = `\`\${baseUrl}${escapeTemplate(path)}\`, resolvers[${JSON.stringify(handler.name)}] ?? (() => ${answer})`;
  return hasNoMswShortcut(handler)
    ? `new HttpHandler(${JSON.stringify(handler.verb.toUpperCase())}, ${rest})`
    : `http.${handler.verb}(${rest})`;
}

/** The methods MSW's `http` namespace names; any other (OpenAPI 3.2's `query`) is a `new HttpHandler`. */
const MSW_SHORTCUTS = new Set(["get", "put", "post", "delete", "options", "head", "patch"]);

function hasNoMswShortcut(handler: MockHandlerPlan): boolean {
  return !MSW_SHORTCUTS.has(handler.verb);
}

/**
 * JSON as a TypeScript expression, keys sorted (the same whatever the document's key order);
 * `__proto__` as a computed key, which sets no prototype.
 */
function literal(value: unknown, indent: string): string {
  return (canonicalJson(value, 2) ?? "undefined")
    .replace(/^(\s*)"__proto__":/gm, '$1["__proto__"]:')
    .split("\n")
    .join(`\n${indent}`);
}

function escapeTemplate(text: string): string {
  return text.replace(/[`\\]/g, "\\$&").replaceAll("${", "\\${");
}

function trimSlash(url: string): string {
  return url.endsWith("/") ? url.slice(0, -1) : url;
}
