import { plural } from "../util/plural.js";
import { type ChangeReport, hasChanges } from "./compare-clients.js";

const BREAKING = "[breaking]";

/** The report of a client written where none was. */
export function newClientLine(operations: number): string {
  return `New client: ${plural(operations, "operation")}`;
}

/** The report when the client on disk has no shape to compare with: `file` and what is wrong. */
export function unknownChangesLine(file: string, reason: string): string {
  return `No change report: ${file} ${reason}; kit generate writes it, and later runs report API changes`;
}

/** The short text report: a headline, one line per added or removed operation, the changes. */
export function formatChangeReport(report: ChangeReport): string[] {
  if (report.before === 0 && report.types.removed.length === 0) {
    return [newClientLine(report.after)];
  }
  if (!hasChanges(report)) return [`No API change (${plural(report.after, "operation")})`];
  const counts = [
    `${report.added.length} added`,
    `${report.removed.length} removed`,
    `${report.changed.length} changed`,
  ];
  const lines = [
    `API changes: ${counts.join(", ")}; ${report.breaking} breaking (${report.before} → ${report.after} operations)`,
  ];
  for (const entry of report.added) {
    const parameters = entry.signature.slice(entry.signature.indexOf("("));
    lines.push(`  + ${entry.operation}  ${entry.method}${parameters}`);
  }
  for (const entry of report.removed) {
    lines.push(`  - ${entry.operation}  ${entry.method}  ${BREAKING}`);
  }
  for (const entry of report.changed) {
    lines.push(`  ~ ${entry.operation}  ${entry.method}${entry.breaking ? `  ${BREAKING}` : ""}`);
    for (const change of entry.changes) {
      lines.push(`      ${change.breaking ? `${BREAKING} ` : ""}${change.message}`);
    }
  }
  const { types } = report;
  const typeParts = [
    types.added.length > 0 ? `added ${types.added.join(", ")}` : "",
    types.changed.length > 0 ? `changed ${types.changed.join(", ")}` : "",
    types.removed.length > 0 ? `removed ${types.removed.join(", ")}` : "",
  ].filter((part) => part !== "");
  if (typeParts.length > 0) lines.push(`  types: ${typeParts.join("; ")}`);
  return lines;
}
