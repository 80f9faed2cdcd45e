import { KitGenerateError } from "../errors.js";
import type { GeneratedFile } from "../options.js";
import type { ClientOnDisk } from "./client-on-disk.js";
import { type ClientShape, emptyClient } from "./client-shape.js";
import { type ChangeReport, compareClients, unchangedClient } from "./compare-clients.js";
import { readShapeFile } from "./read-shape.js";

/** The changes a run reports, or why it cannot tell them (`unknown`, a reason). */
export type Changes = { report?: ChangeReport } | { unknown: string };

/**
 * What changed between the client on disk and the new one, whose shape file is `shape`. A new
 * client is compared only for a `full` report (its text report is one line); a shape file equal to
 * the new one is an unchanged client, without comparing.
 */
export function changesSince(
  onDisk: ClientOnDisk,
  shape: GeneratedFile,
  methodCount: number,
  full: boolean,
): Changes {
  if (onDisk.kind === "unknown") return { unknown: onDisk.reason };
  if (onDisk.kind === "none") {
    return full ? { report: compareClients(emptyClient(), ownShape(shape)) } : {};
  }
  if (onDisk.text === shape.contents) return { report: unchangedClient(methodCount) };
  const before = readShapeFile(onDisk.text);
  if ("unreadable" in before) return { unknown: before.unreadable };
  return { report: compareClients(before.shape, ownShape(shape)) };
}

function ownShape(shape: GeneratedFile): ClientShape {
  const reading = readShapeFile(shape.contents);
  // Kit reads what it has just written: failing here is a bug in the shape file's writer.
  if ("unreadable" in reading) {
    throw new KitGenerateError(`the new client's shape ${reading.unreadable}`, {
      file: shape.path,
    });
  }
  return reading.shape;
}
