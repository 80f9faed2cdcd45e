import { describe, expect, it } from "vitest";
import { buildOperations } from "../../src/model/build-operations.js";
import { errorResponses } from "../../src/model/error-responses.js";
import { Warnings } from "../../src/model/warnings.js";
import { inlineDocument } from "../support/fixtures.js";

function errorsOf(responses: Record<string, unknown>) {
  const loaded = inlineDocument({ paths: { "/x": { get: { responses } } } });
  const [operation] = buildOperations(loaded, { warnings: new Warnings() });
  return errorResponses(operation!).map(({ status, type }) => [
    status,
    "text" in type ? type.text : type.schema.pointer,
  ]);
}

describe("errorResponses", () => {
  it("keys statuses as the runtime's KitErrors map reads them, one per status", () => {
    const text = { description: "t", content: { "text/plain": {} } };
    expect(errorsOf({ "4xx": text, "4XX": text, "404": text, default: text })).toEqual([
      ["404", "string"],
      ["4XX", "string"],
      ["default", "string"],
    ]);
  });

  it("types JSON by its schema, and no content or JSON without a schema as unknown", () => {
    expect(
      errorsOf({
        "400": {
          description: "a",
          content: { "application/json": { schema: { type: "object" } } },
        },
        "401": { description: "b", content: { "application/json": {} } },
        "500": { description: "c" },
      }),
    ).toEqual([
      ["400", "#/paths/~1x/get/responses/400/content/application~1json/schema"],
      ["401", "unknown"],
      ["500", "unknown"],
    ]);
  });
});
