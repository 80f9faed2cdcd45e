import { describe, expect, it } from "vitest";
import { buildOperations } from "../../src/model/build-operations.js";
import { DEFAULT_ENVELOPE_KEYS, readEnvelope } from "../../src/model/envelope.js";
import { Warnings } from "../../src/model/warnings.js";
import { pointerOf } from "../../src/openapi/pointer.js";
import { exampleResponse } from "../../src/wire/example-response.js";
import { inlineDocument } from "../support/fixtures.js";

const schemas = {
  Wrapped: {
    type: "object",
    properties: {
      code: { type: "integer" },
      message: { type: "string" },
      data: { type: "string" },
    },
    required: ["code", "message", "data"],
  },
  // A Kubernetes ConfigMap or a Stripe list: `data` is the API's own field.
  DataOnly: {
    type: "object",
    properties: { data: { type: "string" } },
    required: ["data"],
  },
  // An envelope spelled through allOf and a $ref.
  Composed: {
    allOf: [
      { $ref: "#/components/schemas/DataOnly" },
      { properties: { code: { type: "integer" } } },
    ],
  },
  Plain: { type: "object", properties: { id: { type: "integer" } } },
};
const names = Object.keys(schemas);
const loaded = inlineDocument({
  paths: Object.fromEntries(
    names.map((name) => [
      `/${name}`,
      {
        get: {
          tags: ["t"],
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": { schema: { $ref: `#/components/schemas/${name}` } },
              },
            },
          },
        },
      },
    ]),
  ),
  components: { schemas },
});
const at = (name: string) => ({
  schema: { $ref: `#/components/schemas/${name}` },
  pointer: pointerOf("x", name),
});

describe("the envelope rule, decided in one place for the generator and the mock", () => {
  it("with configured keys, an object declaring the data key is an envelope", () => {
    const envelopes = names.filter((name) =>
      readEnvelope(loaded, at(name), DEFAULT_ENVELOPE_KEYS, "keys"),
    );
    expect(envelopes).toEqual(["Wrapped", "DataOnly", "Composed"]);
  });

  it('as the runtime\'s "auto" reads a body, the code or message key must stand beside data', () => {
    const envelopes = names.filter((name) =>
      readEnvelope(loaded, at(name), DEFAULT_ENVELOPE_KEYS, "auto"),
    );
    expect(envelopes).toEqual(["Wrapped", "Composed"]);
  });

  it("the mock's example answers say envelope by the same rule", () => {
    const operations = buildOperations(loaded, { warnings: new Warnings() });
    const envelope = Object.fromEntries(
      operations.map((operation) => {
        const { expected } = exampleResponse(loaded, operation);
        return [operation.path.slice(1), expected.kind === "json" && expected.envelope];
      }),
    );
    expect(envelope).toEqual({ Wrapped: true, DataOnly: false, Composed: true, Plain: false });
  });
});
