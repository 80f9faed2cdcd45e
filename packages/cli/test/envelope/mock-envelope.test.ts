import { describe, expect, it } from "vitest";
import { parseEnvelopeKeys } from "../../src/config/envelope-keys.js";
import { envelopeAnswer } from "../../src/mock/envelope.js";
import type { EnvelopeKeys } from "../../src/options.js";
import type { ExampleResponse } from "../../src/wire/example-response.js";

const ANSWER: ExampleResponse = {
  status: 200,
  contentType: "application/json",
  body: new TextEncoder().encode('{"id":1}'),
  expected: { kind: "json", value: { id: 1 }, envelope: false },
};

function wrapped(flag: string): unknown {
  const response = envelopeAnswer(ANSWER, parseEnvelopeKeys(flag) as EnvelopeKeys);
  return JSON.parse(new TextDecoder().decode(response.body));
}

describe("kit mock --envelope answers with the success value the keys name", () => {
  it.each([
    ["code,msg,data", { code: 0, msg: "ok", data: { id: 1 } }],
    ["code=20000,msg,data", { code: 20000, msg: "ok", data: { id: 1 } }],
    ["code=00000,message,data", { code: "00000", message: "ok", data: { id: 1 } }],
    ["success=true,message,data", { success: true, message: "ok", data: { id: 1 } }],
    ["code,message,data,success=true", { success: true, code: 0, message: "ok", data: { id: 1 } }],
  ])("%s", (flag, body) => {
    expect(wrapped(flag)).toEqual(body);
  });
});
