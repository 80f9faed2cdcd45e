// `npm run bench:growth`: how Kit's time and memory grow with the document, along each dimension
// that once grew faster than linearly (keys per mapping, warnings, nesting depth, operations, an
// allOf chain), in JSON and YAML. Each document is grown ×1, ×2, ×4, ×8; the growth exponent is
// the least-squares slope of log(time) over log(document bytes): 1 is linear, 2 quadratic.
// DESIGN §2.3 asks for at most 1.1. Each run is a fresh process; medians of --runs runs.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { fileSize, seconds } from "./generate/format.mjs";
import { ROOT_DIR, WORK_DIR } from "./generate/paths.mjs";
import { ensureFile } from "./generate/prerequisites.mjs";
import { growthExponent, median } from "./generate/stats.mjs";
import { DIMENSIONS, jsonText, yamlText } from "./growth/documents.mjs";

const SCALES = [1, 2, 4, 8];
const LIMIT = 1.1;
const { values } = parseArgs({
  options: { runs: { type: "string", default: "3" }, only: { type: "string" } },
});
const runs = Number(values.runs);
ensureFile(join(ROOT_DIR, "packages/cli/dist/index.js"), "build first (npm run build)");
const dir = join(WORK_DIR, "growth");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const FORMATS = [
  { name: "JSON", extension: "json", text: (value) => `${jsonText(value)}\n` },
  { name: "YAML", extension: "yaml", text: (value) => `${yamlText(value)}\n` },
];

/** Peak RSS of a process that generates from an empty document, subtracted from each sample. */
const baselineKb = measure(
  writeDocument("baseline.json", {
    openapi: "3.0.3",
    info: { title: "b", version: "1" },
    paths: {},
  }),
).rssKb;

const rows = [];
for (const dimension of DIMENSIONS) {
  if (values.only && !dimension.name.includes(values.only)) continue;
  for (const format of FORMATS) {
    const points = SCALES.map((scale) => {
      const count = dimension.count(scale);
      const file = writeDocument(
        `${dimension.name.replaceAll(" ", "-")}-${scale}.${format.extension}`,
        dimension.build(count),
        format.text,
      );
      const samples = Array.from({ length: runs }, () => measure(file));
      const point = {
        scale,
        count,
        bytes: statSync(file).size,
        ms: median(samples.map((sample) => sample.ms)),
        extraKb: Math.max(1, median(samples.map((sample) => sample.rssKb)) - baselineKb),
        warnings: samples[0].warnings,
      };
      console.error(
        `${dimension.name}\t${format.name}\t×${scale}\t${fileSize(point.bytes)}\t${seconds(point.ms)}\t${point.warnings} warnings`,
      );
      return point;
    });
    rows.push({ dimension, format, points });
  }
}

const lines = [
  `Growth of \`kit generate\` (generateFromOpenAPI in a fresh process, median of ${runs} runs); exponent = slope of log(time) over log(bytes), ×1 to ×8.`,
  "",
  "| Dimension | Format | ×1 | ×2 | ×4 | ×8 | Time exponent | Memory exponent | ≤ 1.1 |",
  "|---|---|---|---|---|---|---|---|---|",
];
let worst = 0;
for (const { dimension, format, points } of rows) {
  const time = growthExponent(points.map((point) => ({ x: point.bytes, y: point.ms })));
  const memory = growthExponent(points.map((point) => ({ x: point.bytes, y: point.extraKb })));
  worst = Math.max(worst, time);
  const cells = points.map(
    (point) =>
      `${point.count.toLocaleString("en")}: ${fileSize(point.bytes)}, ${seconds(point.ms)}`,
  );
  lines.push(
    `| ${dimension.name} (${dimension.unit}) | ${format.name} | ${cells.join(" | ")} | **${time.toFixed(2)}** | ${memory.toFixed(2)} | ${time <= LIMIT ? "yes" : "**no**"} |`,
  );
}
lines.push("", `Largest time exponent: ${worst.toFixed(2)} (limit ${LIMIT}).`);
console.log(lines.join("\n"));

function writeDocument(name, value, text = JSON.stringify) {
  const file = join(dir, name);
  writeFileSync(file, text(value));
  return file;
}

function measure(file) {
  const output = execFileSync(
    process.execPath,
    [join(import.meta.dirname, "growth", "measure-one.mjs"), file],
    {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(output);
}
