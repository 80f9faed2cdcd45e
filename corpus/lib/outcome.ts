import type { AnswerOutcome } from "./answer-stage.js";
import type { WireOutcome } from "./wire-stage.js";

/** What the corpus learnt about one document. */
export interface DocumentOutcome {
  /** Directory id (`github.com/api.github.com.json`) or the path given on the command line. */
  id: string;
  /** `generated`: files came out; `rejected`: a one-line KitGenerateError; `crashed`: anything else. */
  generation: "generated" | "rejected" | "crashed";
  /** Undefined until the batch has been type-checked, and for documents that did not generate. */
  tscClean?: boolean;
  roundTripExact?: boolean;
  deterministic?: boolean;
  operations: number;
  /** Generated with `--query-object`, and called that way. */
  queryObject?: true;
  /** The wire stage: requests checked against the document, results against what was sent. */
  wire?: WireOutcome;
  /** The answer stage: generated response values checked against their schemas. */
  answers?: AnswerOutcome;
  /** The first error of each failed stage, in pipeline order. */
  errors: StageError[];
}

export interface StageError {
  stage: "generate" | "tsc" | "round-trip" | "determinism" | "wire" | "answers" | "worker";
  message: string;
}

export interface Summary {
  documents: number;
  generated: number;
  tscClean: number;
  roundTripExact: number;
  deterministic: number;
  clearRejections: number;
  crashes: number;
  operations: number;
  /** Wire stage: operations called, requests valid against the document, results exact. */
  wireOperations: number;
  requestsValid: number;
  resultsExact: number;
  /** Wire stage: JSON results that are not the value their method's declared type describes. */
  typeMismatches: number;
  /** Failed operations per failure class, over all documents. */
  wireClasses: Record<string, number>;
  /** Answer stage: JSON response schemas, generated values valid, served values valid. */
  answers: number;
  generatedValid: number;
  /** Generated values that are invalid because their schema contradicts itself. */
  unsatisfiable: number;
  servedValid: number;
}

export function summarize(outcomes: readonly DocumentOutcome[]): Summary {
  const count = (test: (outcome: DocumentOutcome) => boolean | undefined) =>
    outcomes.filter(test).length;
  return {
    documents: outcomes.length,
    generated: count((o) => o.generation === "generated"),
    tscClean: count((o) => o.tscClean),
    roundTripExact: count((o) => o.roundTripExact),
    deterministic: count((o) => o.deterministic),
    clearRejections: count((o) => o.generation === "rejected"),
    crashes: count((o) => o.generation === "crashed"),
    operations: outcomes.reduce((sum, o) => sum + o.operations, 0),
    wireOperations: outcomes.reduce((sum, o) => sum + (o.wire?.operations ?? 0), 0),
    requestsValid: outcomes.reduce((sum, o) => sum + (o.wire?.requestsValid ?? 0), 0),
    resultsExact: outcomes.reduce((sum, o) => sum + (o.wire?.resultsExact ?? 0), 0),
    typeMismatches: outcomes.reduce((sum, o) => sum + (o.wire?.typeMismatches ?? 0), 0),
    wireClasses: addClasses(outcomes),
    answers: outcomes.reduce((sum, o) => sum + (o.answers?.answers ?? 0), 0),
    generatedValid: outcomes.reduce((sum, o) => sum + (o.answers?.generatedValid ?? 0), 0),
    unsatisfiable: outcomes.reduce((sum, o) => sum + (o.answers?.unsatisfiable ?? 0), 0),
    servedValid: outcomes.reduce((sum, o) => sum + (o.answers?.servedValid ?? 0), 0),
  };
}

/** A generated document passes when it type-checks, round-trips exactly and is deterministic. */
export function isFailure(outcome: DocumentOutcome): boolean {
  if (outcome.generation === "rejected") return false;
  if (outcome.generation === "crashed") return true;
  return !(outcome.tscClean && outcome.roundTripExact && outcome.deterministic);
}

function addClasses(outcomes: readonly DocumentOutcome[]): Record<string, number> {
  const classes: Record<string, number> = {};
  for (const outcome of outcomes) {
    for (const [kind, count] of Object.entries(outcome.wire?.classes ?? {})) {
      classes[kind] = (classes[kind] ?? 0) + count;
    }
  }
  return Object.fromEntries(Object.entries(classes).sort(([a], [b]) => a.localeCompare(b)));
}
