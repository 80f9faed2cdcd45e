import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { QUICK_RUN } from "../../../../vitest.suite.js";
import { isKitGenerateError } from "../../src/errors.js";
import { generateFromOpenAPI } from "../../src/generate.js";
import { KIT_BIN, runKit } from "../cli/run-kit.js";
import { useTempDirs } from "../write/temp-dir.js";
import {
  aliasBombYaml,
  allOfChain,
  deeplyNested,
  deeplyNestedJson,
  deeplyNestedYaml,
  largeDocumentText,
} from "./documents.js";

const tempDir = useTempDirs();
const run = promisify(execFile);

/** Generates, or fails with the documented error; a RangeError (stack overflow) fails the test. */
async function generateOrKitError(input: string | object): Promise<string> {
  try {
    const result = await generateFromOpenAPI(input);
    return `generated ${result.files.length} files`;
  } catch (error) {
    if (isKitGenerateError(error)) return `KitGenerateError: ${error.message}`;
    throw error;
  }
}

describe("schemas nested 1,000 deep", () => {
  it("from an object: no stack overflow", async () => {
    expect(await generateOrKitError(deeplyNested(1_000))).toMatch(/^generated|^KitGenerateError/);
  });

  it("from a JSON file: no stack overflow", async () => {
    const file = path.join(await tempDir(), "deep.json");
    await writeFile(file, JSON.stringify(deeplyNested(1_000)));
    expect(await generateOrKitError(file)).toMatch(/^generated|^KitGenerateError/);
  });

  it("from a YAML file: no stack overflow", async () => {
    const file = path.join(await tempDir(), "deep.yaml");
    await writeFile(file, deeplyNestedYaml(1_000));
    expect(await generateOrKitError(file)).toMatch(/^generated|^KitGenerateError/);
  });

  it("10,000 deep through the command: one error line or success, never a crash", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "deep.json"), deeplyNestedJson(10_000));
    const run = await runKit(["generate", "-i", "deep.json", "-o", "out", "--dry-run"], dir);
    expect(run.stderr).not.toMatch(/RangeError|Maximum call stack|\n\s+at /);
    if (run.code !== 0) expect(run.stderrLines).toHaveLength(1);
    expect([0, 1]).toContain(run.code);
  });
});

describe("an allOf chain 3,000 schemas deep", () => {
  it("merges every link into one interface without overflowing the stack", async () => {
    const result = await generateFromOpenAPI(allOfChain(3_000));
    const types = result.files.find((file) => file.path === "types/default.ts")!.contents;
    expect(types).toMatch(/^export interface S0 \{$/m);
    expect(types).toContain("  last?: string;");
    expect(types).toContain("  p0?: string;");
    expect(types).toContain("  p2998?: string;");
  });
});

describe("a YAML alias bomb", () => {
  it("is rejected with one error line, quickly", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "bomb.yaml"), aliasBombYaml());
    const started = performance.now();
    const run = await runKit(["generate", "-i", "bomb.yaml", "-o", "out"], dir);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(run.code).toBe(1);
    expect(run.stderrLines).toHaveLength(1);
    expect(run.stderrLines[0]).toMatch(/^kit: .*bomb\.yaml.*alias/i);
  });
});

/** Prints the child's peak resident memory in kilobytes on stderr as it exits. */
const REPORT_PEAK_MEMORY = `data:text/javascript,process.on("exit",()=>process.stderr.write("maxRSS="+process.resourceUsage().maxRSS))`;

describe.skipIf(QUICK_RUN)("a 50 MB document", () => {
  it("generates within a 512 MB heap and stays under 1 GB resident", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "large.json"), largeDocumentText(50));
    const args = ["--max-old-space-size=512", "--import", REPORT_PEAK_MEMORY, KIT_BIN];
    const { stderr } = await run(
      process.execPath,
      [...args, "generate", "-i", "large.json", "-o", "out", "--dry-run"],
      { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
    );
    const peakKilobytes = Number(/maxRSS=(\d+)/.exec(stderr)?.[1]);
    expect(peakKilobytes).toBeGreaterThan(0);
    expect(peakKilobytes).toBeLessThan(1024 * 1024);
  }, 120_000);
});

describe("long lists and long texts", () => {
  /** A YAML document with one schema; `schemaLines` are its lines below `components.schemas.S`. */
  const yamlWithSchema = (schemaLines: string) =>
    [
      "openapi: 3.0.3",
      "info: { title: t, version: '1' }",
      "paths:",
      "  /s:",
      "    get:",
      "      operationId: getS",
      "      responses:",
      "        '200':",
      "          description: ok",
      "          content:",
      "            application/json:",
      "              schema: { $ref: '#/components/schemas/S' }",
      "components:",
      "  schemas:",
      "    S:",
      schemaLines,
    ].join("\n");

  it("a YAML sequence of 200,000 items generates (no spread into one call's arguments)", async () => {
    const items = Array.from({ length: 200_000 }, (_, index) => `        - v${index}`).join("\n");
    const file = path.join(await tempDir(), "long-list.yaml");
    await writeFile(file, yamlWithSchema(`      type: string\n      enum:\n${items}`));
    const result = await generateFromOpenAPI(file);
    const types = result.files.find((entry) => entry.path === "types/default.ts")!.contents;
    expect(types).toContain('| "v199999"');
  }, 60_000);

  it("a description of 150,000 lines on a property becomes its doc comment", async () => {
    const lines = Array.from({ length: 150_000 }, (_, index) => `            line ${index}`);
    const file = path.join(await tempDir(), "long-text.yaml");
    const property = `      type: object\n      properties:\n        name:\n          type: string\n          description: |\n${lines.join("\n")}`;
    await writeFile(file, yamlWithSchema(property));
    const result = await generateFromOpenAPI(file);
    const types = result.files.find((entry) => entry.path === "types/default.ts")!.contents;
    expect(types).toContain("   * line 149999\n");
    expect(types).toContain("  name?: string;");
  }, 60_000);
});
