import { median } from "./stats.mjs";

export function seconds(ms) {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export function megabytes(kb) {
  return `${Math.round(kb / 1024)} MB`;
}

export function fileSize(bytes) {
  return bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(1)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Markdown rows for one table line per (document, tool), plus notes for outputs that fail tsc. */
export function comparisonTable(cases, timeoutMs) {
  const lines = [
    "| Document | Tool | Wall time, median (min–max) | CPU, median | Peak RSS, median | Output | Type-checks |",
    "|---|---|---|---|---|---|---|",
  ];
  const notes = [];
  for (const entry of cases) {
    const cells = [entry.document.label, `${entry.tool.name} ${entry.tool.version}`.trim()];
    if (entry.status === "ok") {
      const times = entry.samples.map((sample) => sample.wallMs);
      cells.push(
        `**${seconds(median(times))}** (${seconds(Math.min(...times))}–${seconds(Math.max(...times))})`,
        seconds(medianOf(entry, "cpuMs")),
        megabytes(median(entry.samples.map((sample) => sample.rssKb))),
        `${fileSize(entry.size.bytes)} in ${entry.size.files} file${entry.size.files === 1 ? "" : "s"}`,
        typeCheckCell(entry, notes),
      );
    } else {
      const why =
        entry.status === "timeout" ? `timeout (> ${seconds(timeoutMs)})` : "generation failed";
      cells.push(why, "–", "–", "–", "–");
      if (entry.status === "failed") {
        notes.push(`- ${entry.tool.name} on ${entry.document.label} failed: \`${entry.failure}\``);
      }
    }
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return [...lines, ...(notes.length > 0 ? ["", ...notes] : [])].join("\n");
}

function typeCheckCell(entry, notes) {
  const check = entry.typeCheck;
  if (check === undefined) return "–";
  if (check.status === "ok") return `yes (tsc ${seconds(check.wallMs)})`;
  if (check.status === "timeout") return "tsc timeout";
  notes.push(
    `- ${entry.tool.name} on ${entry.document.label}: ${check.firstError.count} errors, first: \`${check.firstError.text}\``,
  );
  return `no, ${check.firstError.count} errors (tsc ${seconds(check.wallMs)})`;
}

/**
 * One row per document, in CPU time (user + system, GNU time; medians): Kit, the floor, Kit's
 * ratio to the floor (the goal: at most 2.5×), then each peer with how many times Kit's CPU it
 * took (the goal: at least 10× for the fastest).
 */
export function cpuTable(cases) {
  const kitName = (entry) => entry.tool.name === "Kit";
  const peers = [...new Set(cases.filter((entry) => entry.tool.peer).map((e) => e.tool.name))];
  const lines = [
    `| Document | Kit | Floor | Kit / floor |${peers.map((name) => ` ${name} |`).join("")}`,
    `|---|--:|--:|--:|${peers.map(() => "--:|").join("")}`,
  ];
  for (const document of [...new Set(cases.map((entry) => entry.document))]) {
    const of = (name) =>
      cases.find((entry) => entry.document === document && entry.tool.name === name);
    const kit = cases.find((entry) => entry.document === document && kitName(entry));
    const floor = of("floor");
    const kitCpu = kit?.status === "ok" ? medianOf(kit, "cpuMs") : undefined;
    const floorCpu = floor?.status === "ok" ? medianOf(floor, "cpuMs") : undefined;
    const cells = [
      `${document.label} (${fileSize(document.bytes)})`,
      kitCpu === undefined ? "–" : seconds(kitCpu),
      floorCpu === undefined ? "–" : seconds(floorCpu),
      kitCpu === undefined || floorCpu === undefined
        ? "–"
        : `**${(kitCpu / floorCpu).toFixed(1)}×**`,
    ];
    for (const name of peers) {
      const entry = of(name);
      if (entry === undefined) cells.push("–");
      else if (entry.status !== "ok") cells.push(entry.status === "timeout" ? "timeout" : "failed");
      else {
        const cpu = medianOf(entry, "cpuMs");
        cells.push(
          kitCpu === undefined ? seconds(cpu) : `${seconds(cpu)} (${(cpu / kitCpu).toFixed(1)}×)`,
        );
      }
    }
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

/**
 * Kit (and a baseline build, when given) against the floor on each document: medians of wall and
 * CPU time (user + system, GNU time) and their ratios. Documents where a run failed are left out.
 */
export function floorTable(cases) {
  const lines = [
    "| Document | Tool | Wall, median | Floor wall | Ratio | CPU, median | Floor CPU | Ratio |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const floor of cases.filter((entry) => entry.tool.name === "floor")) {
    if (floor.status !== "ok") continue;
    const kits = cases.filter(
      (entry) =>
        entry.document === floor.document &&
        entry.status === "ok" &&
        entry.tool.name.startsWith("Kit"),
    );
    for (const kit of kits) {
      const wall = medianOf(kit, "wallMs");
      const floorWall = medianOf(floor, "wallMs");
      const cpu = medianOf(kit, "cpuMs");
      const floorCpu = medianOf(floor, "cpuMs");
      lines.push(
        `| ${floor.document.label} | ${kit.tool.name} | ${seconds(wall)} | ${seconds(floorWall)} | **${(wall / floorWall).toFixed(2)}×** | ${seconds(cpu)} | ${seconds(floorCpu)} | **${(cpu / floorCpu).toFixed(2)}×** |`,
      );
    }
  }
  return lines.join("\n");
}

function medianOf(entry, field) {
  return median(entry.samples.map((sample) => sample[field]));
}
