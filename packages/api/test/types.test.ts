import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { QUICK_RUN, TSC_FLAGS } from "../../../vitest.suite.js";

/** Each project compiles one file against the built package. */
const projects = {
  "generated code (types/petstore.ts)": "types/tsconfig.json",
  "the framework integrations (types/frameworks.ts)": "types/tsconfig.frameworks.json",
};
/** Package names; each ships its compiler as `bin/tsc`. */
const compilers = {
  "TypeScript 7": "typescript",
  "TypeScript 5.9": "ts5",
};

function typeCheck(compiler: string, config: string): Promise<{ code: number; output: string }> {
  const project = fileURLToPath(new URL(config, import.meta.url));
  const bin = fileURLToPath(new URL("bin/tsc", import.meta.resolve(`${compiler}/package.json`)));
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, "-p", project, ...TSC_FLAGS], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr });
    });
  });
}

for (const [subject, config] of Object.entries(projects)) {
  describe.concurrent(`types seen by ${subject}, against the built package`, () => {
    for (const [name, compiler] of Object.entries(compilers)) {
      test.skipIf(QUICK_RUN && compiler !== "typescript")(
        `${name} accepts the code and every type assertion in it`,
        async () => {
          const { code, output } = await typeCheck(compiler, config);
          expect(output).toBe("");
          expect(code).toBe(0);
        },
        120_000,
      );
    }
  });
}
