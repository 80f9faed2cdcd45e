import type { CorpusDocument } from "./directory.js";
import type { DocumentOutcome } from "./outcome.js";

/** What the parent sends a batch worker: the documents to check and where to write. */
export interface BatchRequest {
  name: string;
  workDir: string;
  documents: CorpusDocument[];
}

/** What a batch worker reports, in order: each document as it starts, then all outcomes. */
export type WorkerMessage =
  | { kind: "started"; id: string }
  | { kind: "typechecking" }
  | { kind: "finished"; outcomes: DocumentOutcome[] };
