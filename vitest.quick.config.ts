import { defineConfig, mergeConfig } from "vitest/config";
import full from "./vitest.config.js";

/**
 * `npm run test:quick`: the suite without what needs the network (the corpus and Prism, installed
 * from the registry on first use), a browser, or minutes of CPU. CI runs the full suite.
 */
export default mergeConfig(
  full,
  defineConfig({
    test: {
      env: { KIT_TEST_RUN: "quick" },
      exclude: [
        "**/node_modules/**",
        "examples/test/**",
        "packages/cli/test/corpus/**",
        "packages/cli/test/changes/report.test.ts",
        "packages/cli/test/cli/engine-flags.test.ts",
        "packages/cli/test/mock/prism-agreement.test.ts",
        "packages/cli/test/compile/ts-matrix.test.ts",
        "packages/cli/test/package/hygiene.test.ts",
        "packages/api/test/faults/leaks.test.ts",
        "packages/api/test/faults/soak.test.ts",
      ],
    },
  }),
);
