import { fileSize, seconds } from "./format.mjs";
import { outDir } from "./measure-case.mjs";
import { median } from "./stats.mjs";
import { typeCheck } from "./type-check.mjs";

/** What a user pays in `tsc --noEmit` for each generated client, rounds interleaved. */
export async function measureTypeCheckCost({ cases, runs, timeoutMs }) {
  const samples = new Map(cases.map((entry) => [entry, []]));
  for (let round = 0; round < runs; round++) {
    for (const entry of cases) {
      const run = await typeCheck({ outDir: outDir(entry), caseDir: entry.dir, timeoutMs });
      samples.get(entry).push(run.wallMs);
    }
  }
  const rows = cases.map((entry) => {
    const times = samples.get(entry);
    return `| ${entry.tool.name} ${entry.tool.version} | ${fileSize(entry.size.bytes)} | ${seconds(median(times))} (${seconds(Math.min(...times))}–${seconds(Math.max(...times))}) |`;
  });
  return [
    `| Output for ${cases[0].document.label} | Size | tsc --noEmit, median (min–max) |`,
    "|---|---|---|",
    ...rows,
  ].join("\n");
}
