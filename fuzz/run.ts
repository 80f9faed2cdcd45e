/**
 * The long fuzz run of the generator: `npm run fuzz [-- --cases N --seed S --batch B]`, that is
 * `tsx --tsconfig packages/cli/test/fuzz/tsconfig.run.json fuzz/run.ts`: the generated clients use
 * legacy decorators, and scratch files below a dot-directory match no project tsconfig.
 * Every case is checked against every property of packages/cli/test/fuzz; the figures and each
 * distinct counterexample are printed, and the counterexample documents are saved for turning into
 * regression tests.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import fc from "fast-check";
import { mangledDocument, openApiDocument } from "../packages/cli/test/fuzz/arbitraries.js";
import { generateOrFail } from "../packages/cli/test/fuzz/properties.js";
import { type CaseReport, runBatch } from "../packages/cli/test/fuzz/run-batch.js";

const { values } = parseArgs({
  options: {
    cases: { type: "string", default: "1000" },
    seed: { type: "string", default: String(Date.now() % 1_000_000) },
    batch: { type: "string", default: "50" },
  },
});
const cases = Number(values.cases);
const seed = Number(values.seed);
const batchSize = Number(values.batch);

const SCRATCH = fileURLToPath(new URL("../packages/cli/.tmp/fuzz-run/", import.meta.url));
const COUNTEREXAMPLES_DIR = join(SCRATCH, "counterexamples");

interface Distinct {
  count: number;
  detail: string;
  file: string;
}

const distinct = new Map<string, Distinct>();
let failedCases = 0;
let generated = 0;
let refused = 0;
const started = performance.now();

async function record(report: CaseReport, label: string): Promise<void> {
  if (report.generated) generated++;
  if (report.failures.length === 0) {
    if (!report.generated) refused++;
    return;
  }
  failedCases++;
  for (const failure of report.failures) {
    const known = distinct.get(failure.signature);
    if (known) {
      known.count++;
      continue;
    }
    const file = join(COUNTEREXAMPLES_DIR, `${distinct.size + 1}.json`);
    await writeFile(file, `${JSON.stringify(report.document, null, 2)}\n`);
    distinct.set(failure.signature, { count: 1, detail: `${label}: ${failure.detail}`, file });
  }
}

await mkdir(COUNTEREXAMPLES_DIR, { recursive: true });
for (let done = 0; done < cases; done += batchSize) {
  const size = Math.min(batchSize, cases - done);
  const batchSeed = seed + done;
  const documents = fc.sample(openApiDocument, { numRuns: size, seed: batchSeed });
  // A folder per batch: imported clients stay cached by URL, so a reused path would meet the old one.
  const reports = await runBatch(documents, join(SCRATCH, `batch-${batchSeed}`), batchSeed);
  for (const [index, report] of reports.entries()) {
    await record(report, `seed ${batchSeed} case ${index}`);
  }
  for (const [index, document] of fc
    .sample(mangledDocument, { numRuns: size, seed: batchSeed })
    .entries()) {
    const outcome = await generateOrFail(document);
    await record(
      {
        document,
        generated: outcome.result !== undefined,
        failures: outcome.failure ? [outcome.failure] : [],
      },
      `seed ${batchSeed} mangled ${index}`,
    );
  }
  process.stderr.write(`\r${Math.min(done + size, cases)}/${cases} documents (+ as many mangled)`);
}
process.stderr.write("\n");

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`seed ${seed}, ${seconds} s`);
console.log(`cases run:                 ${cases * 2} (${cases} documents, ${cases} mangled)`);
console.log(`generated:                 ${generated}`);
console.log(`refused (KitGenerateError): ${refused}`);
console.log(`failing cases:             ${failedCases}`);
console.log(`distinct counterexamples:  ${distinct.size}`);
for (const [signature, { count, detail, file }] of distinct) {
  console.log(
    `\n[${count}×] ${signature}\n  ${detail.split("\n", 1)[0]!.slice(0, 300)}\n  ${file}`,
  );
}
process.exitCode = distinct.size === 0 ? 0 : 1;
