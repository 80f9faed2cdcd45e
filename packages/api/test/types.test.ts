import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const project = fileURLToPath(new URL("types/tsconfig.json", import.meta.url));
/** Package names; each ships its compiler as `bin/tsc`. */
const compilers = {
  "TypeScript 7": "typescript",
  "TypeScript 5.9": "ts5",
};

function typeCheck(compiler: string): Promise<{ code: number; output: string }> {
  const bin = fileURLToPath(new URL("bin/tsc", import.meta.resolve(`${compiler}/package.json`)));
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, "-p", project], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr });
    });
  });
}

describe.concurrent("types seen by generated code (types/petstore.ts, against the built package)", () => {
  for (const [name, compiler] of Object.entries(compilers)) {
    test(`${name} accepts the code and every type assertion in it`, async () => {
      const { code, output } = await typeCheck(compiler);
      expect(output).toBe("");
      expect(code).toBe(0);
    }, 60_000);
  }
});
