import { readFile, rm } from "node:fs/promises";
import {
  type GenerateOptions,
  type GenerateResult,
  generateFromOpenAPI,
  isKitGenerateError,
  loadOpenAPIDocument,
  writeGenerated,
} from "@kit/cli";
import { checkRoundTrip } from "../../packages/cli/test/support/roundtrip.js";
import { type AnswerOutcome, checkAnswers } from "./answer-stage.js";
import type { CorpusDocument } from "./directory.js";
import type { DocumentOutcome, StageError } from "./outcome.js";
import { reorderKeys } from "./reorder-keys.js";
import { checkWire, type WireOutcome } from "./wire-stage.js";

/** MSW handlers are generated too, so the batch type-check covers them on every document. */
const OPTIONS = { mock: "msw" } as const;

/** The document as data: YAML through Kit's own reader, so it means what it meant to `generate`. */
async function readDocument(file: string): Promise<unknown> {
  if (/\.json$/i.test(file)) return JSON.parse(await readFile(file, "utf8"));
  return (await loadOpenAPIDocument(file)).document;
}

/**
 * Generates one document into `outDir`, round-trips every operation through the runtime and
 * regenerates from a key-reordered copy. Type-checking happens later, for the whole batch at once.
 */
export async function checkDocument(
  corpus: CorpusDocument,
  outDir: string,
): Promise<DocumentOutcome> {
  const errors: StageError[] = [];
  const queryObject = corpus.queryObject === true;
  const options: GenerateOptions = { ...OPTIONS, queryObject };
  let result: GenerateResult;
  try {
    result = await generateFromOpenAPI(corpus.file, options);
  } catch (error) {
    const generation = isClearRejection(error) ? "rejected" : "crashed";
    return {
      id: corpus.id,
      generation,
      operations: 0,
      errors: [{ stage: "generate", message: describe(error) }],
    };
  }
  const document = await readDocument(corpus.file);
  await rm(outDir, { recursive: true, force: true });
  await writeGenerated(result, outDir);

  const difference = await determinismDifference(result, document, options);
  if (difference !== undefined) errors.push({ stage: "determinism", message: difference });

  let operations = 0;
  const loaded = await loadOpenAPIDocument(document as object);
  try {
    // The checker stops at the first call that does not match the document.
    operations = await checkRoundTrip(outDir, loaded, queryObject);
  } catch (error) {
    errors.push({ stage: "round-trip", message: describe(error) });
  }
  let wire: WireOutcome | undefined;
  try {
    wire = await checkWire(outDir, loaded, { queryObject });
  } catch (error) {
    errors.push({ stage: "wire", message: describe(error) });
  }
  let answers: AnswerOutcome | undefined;
  try {
    answers = checkAnswers(loaded);
  } catch (error) {
    errors.push({ stage: "answers", message: describe(error) });
  }
  return {
    id: corpus.id,
    generation: "generated",
    operations,
    ...(queryObject ? { queryObject: true as const } : {}),
    roundTripExact: !errors.some((error) => error.stage === "round-trip"),
    deterministic: difference === undefined,
    ...(wire ? { wire } : {}),
    ...(answers ? { answers } : {}),
    errors,
  };
}

/** The first file that differs when the document's keys are reordered, or undefined. */
async function determinismDifference(
  result: GenerateResult,
  document: unknown,
  options: GenerateOptions,
): Promise<string | undefined> {
  let again: GenerateResult;
  try {
    again = await generateFromOpenAPI(reorderKeys(document) as object, options);
  } catch (error) {
    return `the key-reordered copy failed: ${describe(error)}`;
  }
  const before = new Map(result.files.map((file) => [file.path, file.contents]));
  const after = new Map(again.files.map((file) => [file.path, file.contents]));
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    if (!before.has(path)) return `${path}: only generated from the key-reordered copy`;
    if (!after.has(path)) return `${path}: missing when generated from the key-reordered copy`;
    if (before.get(path) !== after.get(path))
      return `${path}: ${firstDifferentLine(before.get(path)!, after.get(path)!)}`;
  }
  return undefined;
}

function firstDifferentLine(before: string, after: string): string {
  const a = before.split("\n");
  const b = after.split("\n");
  const index = a.findIndex((line, i) => line !== b[i]);
  const at = index === -1 ? a.length : index;
  return `line ${at + 1} ${JSON.stringify(a[at] ?? "")} became ${JSON.stringify(b[at] ?? "")}`;
}

/** Kit's documented way of refusing a document: a KitGenerateError whose message is one line. */
function isClearRejection(error: unknown): boolean {
  return (
    error instanceof Error && error.name === "KitGenerateError" && !error.message.includes("\n")
  );
}

/** The error's message, and for an unexpected one the frame it was thrown from. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (isKitGenerateError(error)) return error.message;
  const frame = error.stack?.split("\n").find((line) => line.trim().startsWith("at "));
  return `${error.name}: ${error.message}${frame ? ` (${frame.trim()})` : ""}`;
}
