import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { outputSize } from "./output-size.mjs";
import { WORK_DIR } from "./paths.mjs";
import { runMeasured } from "./run-measured.mjs";
import { typeCheck } from "./type-check.mjs";

/**
 * Measures every tool on one document: warm-up rounds, then timed rounds, each round running
 * every tool once so that load from other processes spreads evenly over the tools.
 * A tool that fails or passes the time limit is not run again on this document. The peers, which
 * take from seconds to minutes a run, run only in the last `peerRuns` rounds (default: every
 * round).
 */
export async function measureDocument({
  document,
  tools,
  runs,
  warmups,
  peerRuns = warmups + runs,
  timeoutMs,
  onRun,
  check = true,
}) {
  const cases = tools.map((tool) => ({
    tool,
    document,
    dir: join(WORK_DIR, "cases", document.name, slug(tool.name)),
    samples: [],
    status: "ok",
  }));
  for (let round = 0; round < warmups + runs; round++) {
    const timed = round >= warmups;
    const peersRun = round >= warmups + runs - peerRuns;
    for (const entry of cases.filter((candidate) => candidate.status === "ok")) {
      if (entry.tool.peer && !peersRun) continue;
      const run = await generateOnce(entry, timeoutMs);
      onRun({ ...run, tool: entry.tool.name, document: document.name, timed });
      if (run.status !== "ok") {
        entry.status = run.status;
        entry.failure = lastLine(run.logFile);
      } else if (timed) {
        entry.samples.push({ wallMs: run.wallMs, cpuMs: run.cpuMs, rssKb: run.rssKb });
      }
    }
  }
  for (const entry of cases.filter((candidate) => candidate.status === "ok")) {
    entry.size = outputSize(outDir(entry));
    if (!check || entry.tool.typeChecked === false) continue;
    entry.typeCheck = await typeCheck({ outDir: outDir(entry), caseDir: entry.dir, timeoutMs });
  }
  return cases;
}

function generateOnce(entry, timeoutMs) {
  const out = outDir(entry);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const { command, args, env } = entry.tool.command(entry.document.path, out);
  return runMeasured({
    command,
    args,
    env,
    cwd: entry.dir,
    timeoutMs,
    logFile: join(entry.dir, "generate.log"),
  });
}

export function outDir(entry) {
  return join(entry.dir, "out");
}

function slug(name) {
  return name
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
}

function lastLine(logFile) {
  const lines = readFileSync(logFile, "utf8")
    .split("\n")
    .map((line) => line.trim());
  return lines.findLast(Boolean) ?? "(no output)";
}
