import {
  buildOperation,
  listOperations,
  sharedReads,
} from "../../packages/cli/src/model/build-operations.js";
import { Warnings } from "../../packages/cli/src/model/warnings.js";
import type { LoadedDocument } from "../../packages/cli/src/openapi/load.js";
import { exampleValue, SchemaCheck } from "../../packages/cli/src/wire/index.js";

/** What the answer stage learnt about one document's generated answers. */
export interface AnswerOutcome {
  /** JSON response schemas of every declared status (streams aside). */
  answers: number;
  /** Values generated from the schema alone that the validator accepts. */
  generatedValid: number;
  /**
   * Invalid generated values whose schema the generator shows contradicts itself (no value
   * exists: an integer enum of strings, `allOf` parts of different types): not counted invalid.
   */
  unsatisfiable: number;
  /** Values served by default (the schema's own `example`/`default` first) that it accepts. */
  servedValid: number;
  /** The first few invalid generated values: `pointer: problem`; then the unsatisfiable ones. */
  failures: string[];
}

/**
 * Generates a value for every JSON response schema of the document, as `kit mock` and the MSW
 * handlers answer, and checks it against that schema on the response side (`readOnly` kept,
 * `writeOnly` left out): once from the schema alone (the generator's own work) and once with the
 * document's schema examples first (what is served; a document's wrong example shows there).
 * The generator is given the validator, as `kit mock` and the MSW handlers give it.
 */
export function checkAnswers(loaded: LoadedDocument): AnswerOutcome {
  const warnings = new Warnings(loaded.locate);
  const shared = sharedReads();
  const check = new SchemaCheck(loaded.document, () => {}, "response");
  const outcome: AnswerOutcome = {
    answers: 0,
    generatedValid: 0,
    unsatisfiable: 0,
    servedValid: 0,
    failures: [],
  };
  const contradictions: string[] = [];
  for (const entry of listOperations(loaded, { warnings })) {
    const operation = buildOperation(loaded, entry, warnings, shared);
    for (const response of operation.responses) {
      if (response.kind !== "json" || response.schema === undefined || response.stream) continue;
      const { schema, pointer } = response.schema;
      outcome.answers++;
      let proven: string | undefined;
      const generated = exampleValue(loaded.document, schema, pointer, {
        direction: "response",
        useExamples: false,
        check: (value, at) => check.problems(value, at),
        onNoValue: (problem) => {
          if (problem.proven) proven = `${problem.pointer}: ${problem.reason}`;
        },
      });
      const problems = check.problems(generated, pointer);
      if (problems.length === 0) outcome.generatedValid++;
      else if (proven !== undefined) {
        outcome.unsatisfiable++;
        if (contradictions.length < 5) contradictions.push(`${pointer}: unsatisfiable, ${proven}`);
      } else if (outcome.failures.length < 5) outcome.failures.push(`${pointer}: ${problems[0]}`);
      const served = exampleValue(loaded.document, schema, pointer, {
        direction: "response",
        check: (value, at) => check.problems(value, at),
      });
      if (check.problems(served, pointer).length === 0) outcome.servedValid++;
    }
  }
  outcome.failures.push(...contradictions);
  return outcome;
}
