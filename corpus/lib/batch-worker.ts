import { mkdir } from "node:fs/promises";
import path from "node:path";
import { outputSlug } from "./batches.js";
import { checkDocument } from "./check-document.js";
import type { BatchRequest, WorkerMessage } from "./messages.js";
import type { DocumentOutcome } from "./outcome.js";
import { typecheckOutputs } from "./typecheck.js";

/** Child-process entry: checks one batch, type-checks its outputs in one compiler run, exits. */
async function runBatch(request: BatchRequest): Promise<DocumentOutcome[]> {
  const outRoot = path.join(request.workDir, "out");
  await mkdir(outRoot, { recursive: true });
  const outcomes: DocumentOutcome[] = [];
  for (const document of request.documents) {
    report({ kind: "started", id: document.id });
    outcomes.push(await checkDocument(document, path.join(outRoot, outputSlug(document.id))));
  }
  report({ kind: "typechecking" });
  const generated = outcomes.filter((outcome) => outcome.generation === "generated");
  const dirs = new Map(generated.map((outcome) => [`out/${outputSlug(outcome.id)}`, outcome]));
  const errors = await typecheckOutputs(request.workDir, request.name, [...dirs.keys()]);
  for (const [dir, outcome] of dirs) {
    const error = errors.get(dir);
    outcome.tscClean = error === undefined;
    if (error !== undefined) outcome.errors.unshift({ stage: "tsc", message: error });
  }
  return outcomes;
}

function report(message: WorkerMessage): void {
  process.send!(message);
}

process.once("message", async (request: BatchRequest) => {
  report({ kind: "finished", outcomes: await runBatch(request) });
  process.disconnect!();
});
