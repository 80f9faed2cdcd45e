import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { GenerateResult } from "../../src/options.js";
import { writeOutput } from "../support/output-dir.js";

/** Vitest compiles the generated legacy decorators only when the folder's tsconfig asks for them. */
const DECORATOR_TSCONFIG = `${JSON.stringify({ compilerOptions: { target: "ES2022", experimentalDecorators: true } })}\n`;

/** Writes generated files where vitest can import them as a client. */
export async function writeClient(result: GenerateResult, dir: string): Promise<void> {
  await writeOutput(result, dir);
  await writeFile(join(dir, "tsconfig.json"), DECORATOR_TSCONFIG);
}
