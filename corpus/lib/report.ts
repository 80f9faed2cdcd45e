import { type DocumentOutcome, isFailure, type Summary, summarize } from "./outcome.js";

const COLUMNS = [
  "documents",
  "generated",
  "tsc-clean",
  "round-trip exact",
  "deterministic",
  "clear rejections",
  "crashes",
  "operations called",
  "requests valid",
  "results exact",
  "type/value mismatches",
  "answers",
  "generated valid",
  "unsatisfiable",
  "served valid",
] as const;

function figures(summary: Summary): (number | string)[] {
  return [
    summary.documents,
    summary.generated,
    summary.tscClean,
    summary.roundTripExact,
    summary.deterministic,
    summary.clearRejections,
    summary.crashes,
    summary.wireOperations,
    percent(summary.requestsValid, summary.wireOperations),
    percent(summary.resultsExact, summary.wireOperations),
    summary.typeMismatches,
    summary.answers,
    percent(summary.generatedValid, summary.answers),
    summary.unsatisfiable,
    percent(summary.servedValid, summary.answers),
  ];
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "-" : `${((100 * part) / whole).toFixed(1)}%`;
}

/** Wire-stage failures by class, most frequent first: one markdown row each. */
export function renderClasses(summary: Summary): string {
  const rows = Object.entries(summary.wireClasses).sort(
    ([a, x], [b, y]) => y - x || a.localeCompare(b),
  );
  if (rows.length === 0) return "wire stage: no failures\n";
  return `${["| failure class | operations |", "|---|--:|", ...rows.map(([kind, count]) => `| ${kind} | ${count} |`)].join("\n")}\n`;
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
  return `${parts.join(" · ")} · round-trip operations ${summary.operations} · ${seconds.toFixed(1)} s`;
}

/** Each failed or rejected document with the first error of each failed stage, one per line. */
export function renderFailures(outcomes: readonly DocumentOutcome[]): string {
  const lines = outcomes.flatMap((outcome) => [
    ...(isFailure(outcome) || outcome.generation === "rejected"
      ? outcome.errors.map((error) => {
          const stage = outcome.generation === "rejected" ? "rejected" : error.stage;
          return `${outcome.id}\t${stage}\t${oneLine(error.message)}`;
        })
      : []),
    ...(outcome.wire?.failures ?? []).map((failure) => `${outcome.id}\twire\t${oneLine(failure)}`),
    ...(outcome.answers?.failures ?? []).map(
      (failure) => `${outcome.id}\tanswers\t${oneLine(failure)}`,
    ),
  ]);
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

function oneLine(message: string): string {
  return message.replace(/\s*\n\s*/g, " ⏎ ");
}
