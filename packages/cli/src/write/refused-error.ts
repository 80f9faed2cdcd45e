import { KitGenerateError } from "../errors.js";
import type { PlannedWrite } from "./plan-types.js";

/** A run that would overwrite files it must not; nothing was written. */
export class WriteRefusedError extends KitGenerateError {
  readonly refused: readonly PlannedWrite[];

  /** `display` names each path in the message, e.g. relative to the user's working directory. */
  constructor(
    refused: readonly PlannedWrite[],
    display: (entry: PlannedWrite) => string = (entry) => entry.target,
  ) {
    const count = refused.length === 1 ? "1 file" : `${refused.length} files`;
    const listed = refused.map((entry) => `${display(entry)} (${entry.reason})`).join(", ");
    super(`refused to write ${count}, nothing written: ${listed}`);
    this.refused = refused;
  }
}
