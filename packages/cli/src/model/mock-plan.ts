import type { LoadedDocument } from "../openapi/load.js";
import { exampleResponse } from "../wire/example-response.js";
import type { GenerationPlan, MockFilePlan } from "./plan-types.js";
import { fullRoute } from "./tag-group.js";

/**
 * MSW handlers for every method of the plan, answering what `kit mock` answers by default (the
 * same example generator, seed 0): the examples are computed here, so the handlers need neither
 * the document nor the generator in the browser. A JSON example is checked against the method's
 * return type (`satisfies`) unless the runtime unwraps an envelope, whose type is its data's.
 */
export function planMocks(loaded: LoadedDocument, plan: GenerationPlan): MockFilePlan[] {
  const unwraps = typeof plan.service.envelope === "object";
  return plan.apis.map(({ group, methods }) => ({
    group,
    handlers: group.methods.map((method, index) => {
      const response = exampleResponse(loaded, method.operation);
      const { expected } = response;
      const full = fullRoute(group.prefix, method.path).split(/[?#]/, 1)[0]!;
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
                ...(unwraps || expected.envelope ? {} : { type: methods[index]!.returns }),
              }
            : expected.kind === "binary"
              ? { kind: "binary", value: [...expected.value] }
              : expected,
      };
    }),
  }));
}
