// `node bench/profile.mjs [document] [runs]`: CPU profile of Kit's generator, the share of each
// step of a run and the top functions by self time. Run it with the Node to profile on; the raw
// .cpuprofile files stay in bench/.work/profile/ for DevTools or speedscope.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { selectDocuments } from "./generate/documents.mjs";
import { KIT_BIN, ROOT_DIR, WORK_DIR } from "./generate/paths.mjs";

const TOP = 25;
const SAMPLING_INTERVAL_US = 250;

/**
 * The steps of a run, each named by the functions that do it; a sample belongs to the innermost
 * of them on its stack (a layout inside printing is wrapping, the `$ref` walk inside reading is
 * the walk).
 */
const STEPS = [
  ["print: the shape file", ["addMethods", "addDeclaration", "render"]],
  ["print: wrapping", ["layout", "importLines"]],
  ["the walk for foreign $refs", ["validateOpenAPIDocument"]],
  [
    "read and parse",
    [
      "parseJsonText",
      "parseYamlText",
      "parseOpenAPIDocument",
      "loadOpenAPIDocument",
      "readOpenAPIDocument",
    ],
  ],
  ["plan", ["planDocument", "planMocks"]],
  ["print", ["printPlan"]],
  ["write", ["planAndCarryOut", "withOutputLock"]],
];
const STEP_OF = new Map(STEPS.flatMap(([step, names]) => names.map((name) => [name, step])));
const [document] = selectDocuments([process.argv[2] ?? "github"]);
const runs = Number(process.argv[3] ?? 3);
const dir = join(WORK_DIR, "profile");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

for (let run = 0; run < runs; run++) profileOnce();
const profiles = readdirSync(dir)
  .filter((name) => name.endsWith(".cpuprofile"))
  .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")));
const { rows, samples } = selfSamples(profiles);
const totals = totalSamples(profiles);
const busyMs = profiles.reduce((sum, p) => sum + busyShare(p) * (p.endTime - p.startTime), 0);
const busyMsPerRun = busyMs / 1000 / runs;
console.log(
  `Kit on ${document.label}: ${runs} profiled run(s), ${busyMsPerRun.toFixed(0)} ms busy per run, ${samples} samples.`,
);
console.log("Busy samples by step (the innermost function on the stack that names one):\n");
console.log("| step | % | ≈ ms |\n|---|---:|---:|");
for (const [step, count] of stepSamples(profiles)) {
  const share = count / samples;
  console.log(`| ${step} | ${(100 * share).toFixed(1)} | ${(share * busyMsPerRun).toFixed(0)} |`);
}

console.log(`\nTop ${TOP} functions by self time (share of busy samples, ≈ ms per run):\n`);
console.log("| self % | ≈ ms | function | location |\n|---:|---:|---|---|");
for (const row of rows.slice(0, TOP)) {
  const share = row.samples / samples;
  console.log(
    `| ${(100 * share).toFixed(1)} | ${(share * busyMsPerRun).toFixed(0)} | ${row.name} | ${row.location} |`,
  );
}

console.log(`\nTop ${TOP} of Kit's own functions by total time (self and callees):\n`);
console.log("| total % | ≈ ms | function | location |\n|---:|---:|---|---|");
for (const row of totals.slice(0, TOP)) {
  const share = row.samples / samples;
  console.log(
    `| ${(100 * share).toFixed(1)} | ${(share * busyMsPerRun).toFixed(0)} | ${row.name} | ${row.location} |`,
  );
}

/** Into an empty directory, as the benchmark runs it: a run over an earlier output also compares. */
function profileOnce() {
  const out = join(dir, "out");
  rmSync(out, { recursive: true, force: true });
  const generator = spawnSync(
    process.execPath,
    [
      "--cpu-prof",
      `--cpu-prof-interval=${SAMPLING_INTERVAL_US}`,
      `--cpu-prof-dir=${dir}`,
      KIT_BIN,
      "generate",
      "-i",
      document.path,
      "-o",
      out,
    ],
    { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" },
  );
  if (generator.status !== 0) {
    throw new Error(`kit generate exited with ${generator.status}:\n${generator.stderr}`);
  }
}

/**
 * Busy samples per step, most first. Outside the steps: loading modules (Node's module loader or
 * bootstrap on the stack) is start-up; the garbage collector and V8's work outside JavaScript
 * (`(program)`) are their own rows.
 */
function stepSamples(profiles) {
  const bySteps = new Map();
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parents = new Map();
    for (const node of profile.nodes) {
      for (const child of node.children ?? []) parents.set(child, node.id);
    }
    const stepOfNode = new Map();
    for (const id of profile.samples) {
      const name = nodes.get(id).callFrame.functionName;
      if (name === "(idle)") continue;
      if (!stepOfNode.has(id)) stepOfNode.set(id, stepOf(id, nodes, parents));
      const step = stepOfNode.get(id);
      bySteps.set(step, (bySteps.get(step) ?? 0) + 1);
    }
  }
  return [...bySteps].sort((a, b) => b[1] - a[1]);
}

function stepOf(id, nodes, parents) {
  const name = nodes.get(id).callFrame.functionName;
  if (name === "(garbage collector)") return "garbage collector";
  if (name === "(program)") return "V8 outside JavaScript";
  let loading = false;
  for (let at = id; at !== undefined; at = parents.get(at)) {
    const frame = nodes.get(at).callFrame;
    const step = STEP_OF.get(frame.functionName);
    if (step !== undefined) return step;
    if (/^node:internal\/(modules|bootstrap)\//.test(frame.url)) loading = true;
  }
  return loading ? "start-up (loading modules)" : "other";
}

/** The share of a profile's samples that were not idle (waiting on I/O or timers). */
function busyShare(profile) {
  const idle = profile.nodes.find((node) => node.callFrame.functionName === "(idle)");
  const idleSamples = profile.samples.filter((id) => id === idle?.id).length;
  return 1 - idleSamples / profile.samples.length;
}

/**
 * Samples per function, summed over every call-tree node that runs it. Counting samples rather
 * than summing time deltas keeps a pause of the whole process (another job holding the CPU) from
 * being charged to whatever function happened to run just before it.
 */
function selfSamples(profiles) {
  const byFunction = new Map();
  let samples = 0;
  for (const profile of profiles) {
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    for (const id of profile.samples) {
      const frame = frames.get(id);
      if (frame.functionName === "(idle)") continue;
      count(byFunction, frame);
      samples += 1;
    }
  }
  return { rows: sortedRows(byFunction), samples };
}

/** Samples in which a function of packages/cli is on the stack, each sample counted once. */
function totalSamples(profiles) {
  const byFunction = new Map();
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parents = new Map();
    for (const node of profile.nodes) {
      for (const child of node.children ?? []) parents.set(child, node.id);
    }
    for (const id of profile.samples) {
      const onStack = new Map();
      for (let at = id; at !== undefined; at = parents.get(at)) {
        const frame = nodes.get(at).callFrame;
        if (frame.url.includes("/packages/cli/")) onStack.set(frameKey(frame), frame);
      }
      for (const frame of onStack.values()) count(byFunction, frame);
    }
  }
  return sortedRows(byFunction);
}

function count(byFunction, frame) {
  const key = frameKey(frame);
  const row = byFunction.get(key) ?? { ...describe(frame), samples: 0 };
  row.samples += 1;
  byFunction.set(key, row);
}

function frameKey(frame) {
  return `${frame.functionName} ${frame.url}:${frame.lineNumber}`;
}

function describe(frame) {
  const location = frame.url
    ? `${relative(ROOT_DIR, new URL(frame.url).pathname)}:${frame.lineNumber + 1}`
    : "(native)";
  return { name: frame.functionName || "(anonymous)", location };
}

function sortedRows(byFunction) {
  return [...byFunction.values()].sort((a, b) => b.samples - a.samples);
}
