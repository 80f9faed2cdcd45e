/**
 * True under `npm run test:quick`: vitest.quick.config.ts sets KIT_TEST_RUN=quick, and the tests
 * that only the full run (`npm test`, what CI runs) needs skip themselves, such as the TypeScript
 * 5.x compiles beside the TypeScript 7 one.
 */
export const QUICK_RUN = process.env.KIT_TEST_RUN === "quick";

/**
 * Flags the tests add to every `tsc` run. The quick run leaves TypeScript's own lib files
 * (lib.dom.d.ts and the ES ones) unchecked: checking them is most of a small project's compile and
 * says nothing about Kit. Kit's declarations and the generated files are checked as before
 * (`skipLibCheck` stays false).
 */
export const TSC_FLAGS: readonly string[] = QUICK_RUN ? ["--skipDefaultLibCheck"] : [];
