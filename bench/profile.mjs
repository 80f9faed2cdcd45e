// `node bench/profile.mjs [document] [runs]`: CPU profile of Kit's generator, top functions by
// self time. The raw .cpuprofile files stay in bench/.work/profile/ for DevTools or speedscope.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { selectDocuments } from "./generate/documents.mjs";
import { KIT_BIN, ROOT_DIR, WORK_DIR } from "./generate/paths.mjs";

const TOP = 25;
const SAMPLING_INTERVAL_US = 250;
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
console.log(`Top ${TOP} functions by self time (share of busy samples, ≈ ms per run):\n`);
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
