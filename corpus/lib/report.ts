import { type DocumentOutcome, isFailure, type Summary, summarize } from "./outcome.js";

const COLUMNS = [
  "documents",
  "generated",
  "tsc-clean",
  "round-trip exact",
  "deterministic",
  "clear rejections",
  "crashes",
] as const;

function figures(summary: Summary): number[] {
  return [
    summary.documents,
    summary.generated,
    summary.tscClean,
    summary.roundTripExact,
    summary.deterministic,
    summary.clearRejections,
    summary.crashes,
  ];
}

/** `github.com/api.github.com.json` → `github.com`; `xkcd.com.json` → `xkcd.com`. */
export function providerOf(id: string): string {
  return id.split("/")[0]!.replace(/\.json$/, "");
}

/** One markdown row per provider, so the whole directory still gives a readable table. */
export function renderTable(outcomes: readonly DocumentOutcome[]): string {
  const byProvider = new Map<string, DocumentOutcome[]>();
  for (const outcome of outcomes) {
    const provider = providerOf(outcome.id);
    const group = byProvider.get(provider) ?? [];
    group.push(outcome);
    byProvider.set(provider, group);
  }
  const rows = [...byProvider.keys()]
    .sort()
    .map((provider) => [provider, ...figures(summarize(byProvider.get(provider)!))]);
  const lines = [
    `| provider | ${COLUMNS.join(" | ")} |`,
    `|---|${COLUMNS.map(() => "--:").join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ];
  return `${lines.join("\n")}\n`;
}

export function renderSummaryLine(summary: Summary, seconds: number): string {
  const parts = COLUMNS.map((column, index) => `${column} ${figures(summary)[index]}`);
  return `${parts.join(" · ")} · operations ${summary.operations} · ${seconds.toFixed(1)} s`;
}

/** Each failed or rejected document with the first error of each failed stage, one per line. */
export function renderFailures(outcomes: readonly DocumentOutcome[]): string {
  const lines = outcomes
    .filter((outcome) => isFailure(outcome) || outcome.generation === "rejected")
    .flatMap((outcome) =>
      outcome.errors.map((error) => {
        const stage = outcome.generation === "rejected" ? "rejected" : error.stage;
        return `${outcome.id}\t${stage}\t${oneLine(error.message)}`;
      }),
    );
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

function oneLine(message: string): string {
  return message.replace(/\s*\n\s*/g, " ⏎ ");
}
