import { defineConfig, mergeConfig } from "vitest/config";
import full from "./vitest.config.js";

/**
 * `npm run test:quick`: the suite without what needs the network (the corpus and Prism, installed
 * from the registry on first use), a browser, or many seconds of CPU (the leak and soak runs, the
 * TypeScript matrix; tests marked `skipIf(QUICK_RUN)`, see vitest.suite.ts). CI runs the full
 * suite, `npm test`.
 */
export default mergeConfig(
  full,
  defineConfig({
    test: {
      env: { KIT_TEST_RUN: "quick" },
      // Worker threads that keep the modules they loaded from one file to the next, one per core:
      // separate processes that each load vitest, axios and the generator again cost twice the
      // CPU. A test must leave no global state behind (timers, messages, listeners); the full
      // run, as CI has always run it, keeps each file in a process of its own.
      pool: "threads",
      isolate: false,
      maxWorkers: "100%",
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
