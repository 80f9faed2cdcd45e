import { isKitGenerateError } from "../../src/errors.js";
import { generateFromOpenAPI } from "../../src/generate.js";
import type { GenerateResult } from "../../src/options.js";
import { resolveOutputPath } from "../../src/write/output-path.js";
import { shuffleKeys } from "./arbitraries.js";
import { type Failure, failure } from "./failure.js";

/** The only shapes a generated path may take: below `apis/` or `types/`, or the two root files. */
const OUTPUT_PATH =
  /^(?:apis\/[A-Za-z0-9_-]+\.api\.ts|types\/[A-Za-z0-9_-]+\.ts|service\.ts|service\.config\.ts|index\.ts)$/;

/**
 * Generates from `document`. A documented `KitGenerateError` is an allowed outcome (no result);
 * anything else thrown is a failure.
 */
export async function generateOrFail(
  document: object,
): Promise<{ result?: GenerateResult; failure?: Failure }> {
  try {
    return { result: await generateFromOpenAPI(structuredClone(document)) };
  } catch (error) {
    if (isKitGenerateError(error)) {
      if (!error.message.includes("\n")) return {};
      return { failure: failure("throws", `multi-line KitGenerateError: ${error.message}`) };
    }
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const stack = error instanceof Error ? (error.stack ?? "") : "";
    return { failure: failure("throws", `${text}\n${stack}`) };
  }
}

/** Every path stays inside the output root, has a plain name, and differs from the others case-insensitively. */
export function outputPathFailures(result: GenerateResult): Failure[] {
  const failures: Failure[] = [];
  const seen = new Set<string>();
  for (const { path } of result.files) {
    if (!OUTPUT_PATH.test(path) || resolveOutputPath("/out", path) === undefined) {
      failures.push(failure("output-path", `unexpected output path ${JSON.stringify(path)}`));
    }
    if (seen.has(path.toLowerCase())) {
      failures.push(
        failure("output-path", `two files differ only in case: ${JSON.stringify(path)}`),
      );
    }
    seen.add(path.toLowerCase());
  }
  return failures;
}

/** The document with every object's keys permuted generates the same bytes. */
export async function shuffleFailure(
  document: object,
  result: GenerateResult,
  seed: number,
): Promise<Failure | undefined> {
  const shuffled = await generateOrFail(shuffleKeys(document, seed) as object);
  if (shuffled.result === undefined) {
    return failure("shuffle", "the key-shuffled document failed to generate");
  }
  const before = new Map(result.files.map((file) => [file.path, file.contents]));
  for (const file of shuffled.result.files) {
    if (before.get(file.path) !== file.contents) {
      return failure("shuffle", `${file.path} differs after shuffling keys`);
    }
  }
  if (shuffled.result.files.length !== result.files.length) {
    return failure("shuffle", "a different set of files after shuffling keys");
  }
  return undefined;
}
