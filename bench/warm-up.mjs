// `node bench/warm-up.mjs [documents] [runs]`: what a cold `kit generate` spends beyond the floor,
// split into the parts a design change can move. Run it with the Node to measure on.
//
// - start-up: the command on a one-operation document (loading Kit, reading options, writing);
// - first in-process run: the library's `generateFromOpenAPI` the first time in a process, the
//   engine still compiling;
// - warm in-process run: the same call once the engine has settled (the median of the last runs):
//   the work itself, with no compiling left to do;
// - the floor (bench/generate/floor.mjs) for the same bytes and files;
// - Kit with nothing left to compile: start-up + the warm run + what the floor pays to write the
//   same bytes and files. Above the floor by this much, the cost is the work, not the engine.
//
// - compiling: the time V8's optimizing compilers (TurboFan, and Maglev where there is one) spend
//   on Kit's functions in one cold run of the command, from `--trace-opt`: jobs run on helper
//   threads, and their time is wall time there, an upper bound of their CPU.
//
// CPU is user + system of the whole process, every thread, as the benchmark counts it.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { selectDocuments } from "./generate/documents.mjs";
import { outputSize } from "./generate/output-size.mjs";
import { BENCH_DIR, KIT_BIN, ROOT_DIR } from "./generate/paths.mjs";
import { runMeasured } from "./generate/run-measured.mjs";
import { median } from "./generate/stats.mjs";

const IN_PROCESS_RUNS = 8;
const COMPILED =
  /completed compiling .*\(target (\w+?)(?:_JS)?\).* took ([\d.]+), ([\d.]+), ([\d.]+) ms/g;
// The in-process runs get the V8 flags the `kit` command sets for itself, so they compile as it does.
const { engineFlags } = await import(
  pathToFileURL(join(ROOT_DIR, "packages/cli/dist/cli/engine-flags.js")).href
);
const ENGINE_FLAGS = engineFlags(["generate", "-i", "x.json", "-o", "x"]);
const SETTLED_RUNS = 3;
const RUN_LIMIT_MS = 300_000;
const ONE_OPERATION = {
  openapi: "3.0.3",
  info: { title: "one operation", version: "1" },
  paths: {
    "/ping": {
      get: {
        tags: ["ping"],
        operationId: "ping",
        responses: {
          200: {
            description: "ok",
            content: { "application/json": { schema: { type: "string" } } },
          },
        },
      },
    },
  },
};

const names = (process.argv[2] ?? "github,stripe,graph").split(",");
const runs = Number(process.argv[3] ?? 5);
const work = mkdtempSync(join(tmpdir(), "kit-warm-up-"));
const oneOperation = join(work, "one-operation.json");
writeFileSync(oneOperation, JSON.stringify(ONE_OPERATION));

console.log(
  `Node ${process.version}, ${runs} runs of each command, medians of CPU (user + sys).\n`,
);
console.log(
  "| Document | Kit | floor | Kit / floor | start-up | first in-process run | warm in-process run | warm-up (first − warm) | Kit with nothing left to compile | compiling (jobs) |",
);
console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
const startUp = await medianCpu(() => [KIT_BIN, ...generateArgs(oneOperation)]);
const floorStartUp = await medianCpu(() => floorArgs(oneOperation, 1, 1));
for (const document of selectDocuments(names)) {
  const kit = await medianCpu(() => [KIT_BIN, ...generateArgs(document.path)]);
  const { bytes, files } = outputSize(join(work, "out"));
  const floor = await medianCpu(() => floorArgs(document.path, bytes, files));
  const writing = (await medianCpu(() => floorArgs(oneOperation, bytes, files))) - floorStartUp;
  const inProcess = inProcessRuns(document.path);
  const first = inProcess[0];
  const warm = median(inProcess.slice(-SETTLED_RUNS));
  console.log(
    `| ${document.label} | ${s(kit)} | ${s(floor)} | **${(kit / floor).toFixed(1)}×** | ${s(startUp)} | ${s(first)} | ${s(warm)} | ${s(first - warm)} | ${s(startUp + warm + writing)} (${((startUp + warm + writing) / floor).toFixed(1)}×) | ${compiling(document.path)} |`,
  );
}
rmSync(work, { recursive: true, force: true });

function generateArgs(input) {
  return ["generate", "-i", input, "-o", join(freshOutput(), "api")];
}

function floorArgs(input, bytes, files) {
  return [
    join(BENCH_DIR, "generate", "floor.mjs"),
    input,
    freshOutput(),
    String(bytes),
    String(files),
  ];
}

function freshOutput() {
  const out = join(work, "out");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  return out;
}

/**
 * The median CPU, in seconds, of `runs` runs of this Node on the arguments `argsOf` makes afresh
 * for each run (a new empty output folder), after one untimed run.
 */
async function medianCpu(argsOf) {
  const cpu = [];
  for (let run = 0; run <= runs; run++) {
    const args = argsOf();
    const measured = await runMeasured({
      command: process.execPath,
      args,
      cwd: ROOT_DIR,
      timeoutMs: RUN_LIMIT_MS,
      logFile: join(work, "run.log"),
    });
    if (measured.status !== "ok") throw new Error(`${args.join(" ")}: ${measured.status}`);
    if (run > 0) cpu.push(measured.cpuMs / 1000);
  }
  return median(cpu);
}

/** CPU of each in-process `generateFromOpenAPI` call, in a child so each document starts cold. */
function inProcessRuns(input) {
  const script = `
    const kit = await import(${JSON.stringify(pathToFileURL(join(ROOT_DIR, "packages/cli/dist/index.js")).href)});
    const cpu = [];
    for (let run = 0; run < ${IN_PROCESS_RUNS}; run++) {
      const before = process.cpuUsage();
      await kit.generateFromOpenAPI(${JSON.stringify(input)});
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1e6);
    }
    console.log(JSON.stringify(cpu));`;
  const result = spawnSync(
    process.execPath,
    [...ENGINE_FLAGS, "--input-type=module", "-e", script],
    {
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`in-process runs failed:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** The optimizing compilers' jobs in one cold run of the command, by tier: "0.85 s (152)". */
function compiling(input) {
  const result = spawnSync(process.execPath, ["--trace-opt", KIT_BIN, ...generateArgs(input)], {
    cwd: ROOT_DIR,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  if (result.status !== 0) throw new Error(`traced run failed:\n${result.stderr}`);
  const byTier = new Map();
  for (const match of result.stdout.matchAll(COMPILED)) {
    const [tier, ...phases] = [match[1], match[2], match[3], match[4]];
    const [ms, jobs] = byTier.get(tier) ?? [0, 0];
    byTier.set(tier, [ms + phases.reduce((sum, phase) => sum + Number(phase), 0), jobs + 1]);
  }
  return [...byTier]
    .map(([tier, [ms, jobs]]) => `${tier.toLowerCase()} ${s(ms / 1000)} (${jobs})`)
    .join(", ");
}

function s(seconds) {
  return `${seconds.toFixed(2)} s`;
}
