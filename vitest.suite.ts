/**
 * True under `npm run test:quick`: vitest.quick.config.ts sets KIT_TEST_RUN=quick, and the tests
 * that only the full run (`npm test`, what CI runs) needs skip themselves, such as the TypeScript
 * 5.x compiles beside the TypeScript 7 one.
 */
export const QUICK_RUN = process.env.KIT_TEST_RUN === "quick";
