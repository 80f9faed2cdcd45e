import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { QUICK_RUN, TSC_FLAGS } from "../../../../vitest.suite.js";
import { generateFromOpenAPI } from "../../src/generate.js";
import { SCRATCH_DIR, writeOutput, writeTsconfig } from "../support/output-dir.js";
import { CASES, type FidelityCase } from "./cases.js";

const run = promisify(execFile);
const REPO = fileURLToPath(new URL("../../../../", import.meta.url));
const DIR = join(SCRATCH_DIR, "fidelity");

/**
 * One document per case: its schemas as components, and one operation that returns `T`, or that
 * sends it as its request body when the case says `sent`.
 */
function documentOf(test: FidelityCase): object {
  const content = { "application/json": { schema: { $ref: "#/components/schemas/T" } } };
  const operation = test.sent
    ? {
        post: {
          operationId: "sendT",
          requestBody: { content },
          responses: { "204": { description: "done" } },
        },
      }
    : { get: { operationId: "getT", responses: { "200": { description: "ok", content } } } };
  return {
    openapi: test.version === "3.0" ? "3.0.3" : "3.1.0",
    info: { title: test.name, version: "1" },
    paths: { "/t": operation },
    components: { schemas: test.schemas },
  };
}

/** The user's file: every valid value is a `T`, every invalid one is not. */
function checkFile(test: FidelityCase): string {
  const lines = ['import type { T } from "./types";', ""];
  for (const [index, value] of test.valid.entries()) {
    lines.push(`export const valid${index}: T = ${value};`);
  }
  for (const [index, value] of test.invalid.entries()) {
    lines.push("// @ts-expect-error", `export const invalid${index}: T = ${value};`);
  }
  return `${lines.join("\n")}\n`;
}

const warnings = new Map<string, string[]>();
const printed = new Map<string, string>();

async function tsc(compiler: string): Promise<string> {
  try {
    await run(
      process.execPath,
      [join(REPO, compiler), "-p", join(DIR, "tsconfig.json"), ...TSC_FLAGS],
      {
        cwd: REPO,
      },
    );
    return "";
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return `${failure.stdout ?? ""}${failure.stderr ?? ""}`;
  }
}

describe("schema fidelity: each keyword means in TypeScript what it means in the document", () => {
  beforeAll(async () => {
    for (const test of CASES) {
      const result = await generateFromOpenAPI(documentOf(test));
      const dir = join(DIR, test.name);
      await writeOutput(result, dir);
      await writeFile(join(dir, "check.ts"), checkFile(test));
      warnings.set(test.name, result.warnings);
      printed.set(
        test.name,
        result.files.find((file) => file.path === "types/default.ts")?.contents ?? "",
      );
    }
    await writeTsconfig(DIR, ["**/*.ts"]);
  }, 120_000);

  it.each(CASES.map((test) => [test.name, test] as const))(
    "%s: prints and warns as stated",
    (_, test) => {
      expect(warnings.get(test.name)).toEqual(test.warnings ?? []);
      for (const text of test.prints ?? []) expect(printed.get(test.name)).toContain(text);
    },
  );

  it("valid values are assignable and invalid ones are not, with TypeScript 7", async () => {
    expect(await tsc("node_modules/typescript/bin/tsc")).toBe("");
  }, 180_000);

  it.skipIf(QUICK_RUN)(
    "the same with TypeScript 5.9",
    async () => {
      expect(await tsc("node_modules/ts5/bin/tsc")).toBe("");
    },
    180_000,
  );
});
