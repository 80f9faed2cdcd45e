import { execFile } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import ts from "ts5";
import { beforeAll, describe, expect, it } from "vitest";
import { TSC_FLAGS } from "../../../../vitest.suite.js";
import { generateFromOpenAPI } from "../../src/generate.js";
import { SCRATCH_DIR, USER_COMPILER_OPTIONS, writeOutput } from "../support/output-dir.js";
import { documentWithPayloads, INJECTED, PAYLOADS } from "./hostile-strings.js";

const run = promisify(execFile);
const TSC = fileURLToPath(new URL("../../../../node_modules/typescript/bin/tsc", import.meta.url));
const DIR = join(SCRATCH_DIR, "security");
const EMITTED = join(DIR, "js");

/**
 * Uses of `INJECTED` as an expression: a call, an operand, a statement. The generator may turn the
 * payload's words into names (a parameter called `kitInjected`), which is harmless; a payload that
 * escaped its literal or comment would instead run as code.
 */
function injectedExpressions(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === INJECTED && !namesADeclaration(node)) {
      found.push(node.parent.getText(tree));
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** The name of a class, method, parameter, variable or property: it names, it does not run. */
function namesADeclaration(identifier: ts.Identifier): boolean {
  return (identifier.parent as ts.Node & { name?: ts.Node }).name === identifier;
}

async function emittedFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("strings from the document", () => {
  beforeAll(async () => {
    const result = await generateFromOpenAPI(documentWithPayloads());
    await writeOutput(result, join(DIR, "src"));
    const options = { ...USER_COMPILER_OPTIONS, noEmit: false, outDir: "js", rootDir: "src" };
    await writeFile(
      join(DIR, "tsconfig.json"),
      JSON.stringify({ compilerOptions: options, include: ["src/**/*.ts"] }),
    );
    await run(process.execPath, [TSC, "-p", "tsconfig.json", ...TSC_FLAGS], { cwd: DIR }).catch(
      (error: { stdout?: string }) => {
        throw new Error(`the generated code does not compile:\n${error.stdout}`);
      },
    );
  }, 60_000);

  it("compile, and no payload became code in the emitted JavaScript", async () => {
    const files = await emittedFiles(EMITTED);
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const source = await readFile(file, "utf8");
      expect(injectedExpressions(file, source), file).toEqual([]);
    }
  });

  it("keep every enum payload as an exact string literal type", async () => {
    const typeFiles = (await readdir(join(DIR, "src", "types"))).filter((f) => f !== "index.ts");
    const literals = new Set<string>();
    for (const name of typeFiles) {
      const source = await readFile(join(DIR, "src", "types", name), "utf8");
      const tree = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isStringLiteral(node)) literals.add(node.text);
        ts.forEachChild(node, visit);
      };
      visit(tree);
    }
    for (const payload of PAYLOADS) expect(literals.has(payload), payload).toBe(true);
  });
});
