import { fitsDeclaredShape } from "../model/fits-declared-shape.js";
import type { GenerationPlan, MockFilePlan } from "../model/plan-types.js";
import { fullRoute } from "../model/tag-group.js";
import type { LoadedDocument } from "../openapi/load.js";
import { clientResponse, type ExampleResponse } from "../wire/example-response.js";
import { formatCheck, SchemaCheck } from "../wire/schema-check.js";
import { type AnswerCheck, chooseResponse } from "./choose-response.js";
import { envelopeAnswer } from "./envelope.js";
import { SureCheck } from "./sure-check.js";

/**
 * MSW handlers for every method of the plan, answering what `kit mock` answers by default (the
 * same `chooseResponse` and envelope, the same seed, no `Prefer`): the examples are computed here, so the
 * handlers need neither the document nor the generator in the browser. A JSON value is checked
 * against the method's return type (`satisfies`) unless it is an envelope, whose method type is
 * its data's, or it does not stay within the declared shape (documents' examples often carry
 * keys their schema does not name, which TypeScript refuses in a literal).
 */
export function planMocks(
  loaded: LoadedDocument,
  plan: GenerationPlan,
  seed = 0,
  notice: AnswerCheck["notice"] = () => {},
): MockFilePlan[] {
  const keys = typeof plan.service.envelope === "object" ? plan.service.envelope.keys : undefined;
  const generated = new Map<string, unknown>();
  // The answers `kit mock` serves: a document example that breaks its schema is passed over.
  const schemas = new SchemaCheck(loaded.document, () => {}, "response");
  let sure: SureCheck | undefined;
  const check: AnswerCheck = {
    problems: (value, pointer) => schemas.problems(value, pointer),
    notice,
    // A value the quick reading finds valid is; Ajv decides (and says why) the others.
    surelyValid: (value, pointer) => {
      const { schema, root } = schemas.schemaAt(pointer);
      sure ??= new SureCheck(root, formatCheck);
      return sure.valid(value, schema);
    },
  };
  return plan.apis.map(({ group, methods }) => ({
    group,
    seed,
    handlers: group.methods.map((method, index) => {
      const chosen = chooseResponse(
        loaded,
        method.operation,
        {},
        undefined,
        seed,
        generated,
        check,
        keys,
      );
      // Without `Prefer`, every operation has an answer.
      const response = envelopeAnswer(chosen as ExampleResponse, keys);
      const { expected } = response;
      const full = fullRoute(group.prefix, method.path).split(/[?#]/, 1)[0]!;
      // The schema the method's return type was printed from; a value with keys it does not
      // declare would fail TypeScript's excess-property check, so it goes without `satisfies`.
      const read = clientResponse(method.operation.responses);
      const typed =
        expected.kind === "json" &&
        !expected.envelope &&
        read?.kind === "json" &&
        read.schema !== undefined &&
        String(response.status) === read.status &&
        fitsDeclaredShape(loaded, read.schema, expected.value);
      return {
        name: method.name,
        verb: method.operation.verb,
        path: full === "" ? "/" : full,
        status: response.status,
        ...(response.contentType === undefined ? {} : { contentType: response.contentType }),
        body:
          expected.kind === "json"
            ? {
                kind: "json",
                value: expected.value,
                ...(typed ? { type: methods[index]!.returns } : {}),
              }
            : expected.kind === "binary"
              ? { kind: "binary", value: [...expected.value] }
              : expected,
      };
    }),
  }));
}
