import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { megabytes, seconds } from "./format.mjs";
import { measureDocument } from "./measure-case.mjs";
import { WORK_DIR } from "./paths.mjs";
import { replicateDocument } from "./replicate-document.mjs";
import { growthExponent, median } from "./stats.mjs";

export const SCALE_FACTORS = [1, 2, 4];

/** Kit on 1×, 2× and 4× a document; the growth exponents are log-log slopes over file size. */
export async function measureScaling({ base, kit, runs, warmups, timeoutMs, onRun }) {
  const original = JSON.parse(readFileSync(base.path, "utf8"));
  const dir = join(WORK_DIR, "scale");
  mkdirSync(dir, { recursive: true });
  const points = [];
  for (const factor of SCALE_FACTORS) {
    const path = join(dir, `${base.name}-x${factor}.json`);
    writeFileSync(path, JSON.stringify(replicateDocument(original, factor)));
    const document = {
      name: `${base.name}-x${factor}`,
      label: `${base.label} ×${factor}`,
      path,
      bytes: statSync(path).size,
    };
    const [entry] = await measureDocument({
      document,
      tools: [kit],
      runs,
      warmups,
      timeoutMs,
      onRun,
      check: false,
    });
    if (entry.status !== "ok") return { table: `Kit ${entry.status} on ${document.label}.` };
    points.push({
      factor,
      bytes: document.bytes,
      wallMs: median(entry.samples.map((sample) => sample.wallMs)),
      rssKb: median(entry.samples.map((sample) => sample.rssKb)),
    });
  }
  const timeExponent = growthExponent(points.map((p) => ({ x: p.bytes, y: p.wallMs })));
  const memoryExponent = growthExponent(points.map((p) => ({ x: p.bytes, y: p.rssKb })));
  const rows = points.map(
    (p) =>
      `| ×${p.factor} | ${(p.bytes / 1024 / 1024).toFixed(1)} MB | ${seconds(p.wallMs)} | ${megabytes(p.rssKb)} |`,
  );
  const table = [
    `| ${base.label} | Document | Kit wall time, median | Kit peak RSS, median |`,
    "|---|---|---|---|",
    ...rows,
    "",
    `Growth exponent (log-log slope over document size): time **${timeExponent.toFixed(2)}**, memory **${memoryExponent.toFixed(2)}**.`,
  ].join("\n");
  return { table, timeExponent, memoryExponent };
}
