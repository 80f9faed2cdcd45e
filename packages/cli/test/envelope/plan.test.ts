import { describe, expect, it } from "vitest";
import { renderDocument } from "../../src/generate.js";
import type { EnvelopeKeys, GenerateResult } from "../../src/options.js";
import { inlineDocument } from "../support/fixtures.js";

const CODE_MSG_DATA: EnvelopeKeys = { codeKey: "code", messageKey: "msg", dataKey: "data" };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({
  description: "OK",
  content: { "application/json": { schema } },
});
/** `GET /<name>` with operationId `<name>` in tag `t`, answering `schema`. */
const get = (schema: unknown, tags = ["t"]) => ({
  get: { tags, responses: { "200": json(schema) } },
});
const envelope = (data: unknown, code: unknown = { type: "integer" }) => ({
  type: "object",
  properties: { code, msg: { type: "string" }, data },
});
const THING = { type: "object", properties: { id: { type: "integer" } }, required: ["id"] };

function render(parts: Record<string, unknown>, envelopeOption?: EnvelopeKeys | "none") {
  return renderDocument(
    inlineDocument(parts),
    envelopeOption === undefined ? {} : { envelope: envelopeOption },
  );
}

function contents(result: GenerateResult, path: string): string {
  return result.files.find((file) => file.path === path)?.contents ?? "";
}

/** `name(): Promise<Type>` lines of the tag file, by method name. */
function returns(result: GenerateResult): Record<string, string> {
  const lines = contents(result, "apis/t.api.ts").matchAll(/^ {2}(\w+)\(.*\): Promise<(.+)> \{$/gm);
  return Object.fromEntries([...lines].map((match) => [match[1], match[2]]));
}

describe("with envelope keys, a 2xx JSON response", () => {
  it("that is an object with the data key returns the data field's type", () => {
    const result = render(
      {
        paths: {
          "/one": get(ref("WrappedThing")),
          "/list": get(ref("WrappedList")),
          "/count": get(envelope({ type: "integer" })),
        },
        components: {
          schemas: {
            Thing: THING,
            WrappedThing: envelope(ref("Thing")),
            WrappedList: envelope({ type: "array", items: ref("Thing") }),
          },
        },
      },
      CODE_MSG_DATA,
    );
    expect(returns(result)).toEqual({
      getCount: "number",
      getList: "Thing[]",
      getOne: "Thing",
    });
    expect(contents(result, "types/t.ts")).not.toMatch(/Wrapped/);
    expect(result.warnings).toEqual([]);
  });

  it("is an envelope after allOf and $ref resolution", () => {
    const result = render(
      {
        paths: { "/one": get({ allOf: [ref("Base"), { properties: { data: ref("Thing") } }] }) },
        components: {
          schemas: {
            Thing: THING,
            Base: { type: "object", properties: { code: { type: "integer" }, msg: {} } },
          },
        },
      },
      CODE_MSG_DATA,
    );
    expect(returns(result)).toEqual({ getOne: "Thing" });
  });

  it("that is not an envelope keeps its type, with one warning naming the response", () => {
    const result = render(
      {
        paths: {
          "/list": get({ type: "array", items: ref("Thing") }, ["t", "u"]),
          "/either": get({ oneOf: [ref("Thing"), { type: "string" }] }),
          "/plain": get(ref("Thing")),
        },
        components: { schemas: { Thing: THING } },
      },
      CODE_MSG_DATA,
    );
    expect(returns(result)).toEqual({
      getEither: "Thing | string",
      getList: "Thing[]",
      getPlain: "Thing",
    });
    expect(result.warnings).toEqual([
      '#/paths/~1either/get/responses/200 (line 1): not an envelope (no "data" property); the method returns the body\'s own type, which the runtime passes through unwrapped',
      '#/paths/~1list/get/responses/200 (line 1): not an envelope (no "data" property); the method returns the body\'s own type, which the runtime passes through unwrapped',
      '#/paths/~1plain/get/responses/200 (line 1): not an envelope (no "data" property); the method returns the body\'s own type, which the runtime passes through unwrapped',
    ]);
  });

  it("uses the data key given, not the word data", () => {
    const result = render(
      {
        paths: {
          "/one": get({
            type: "object",
            properties: { status: { type: "string" }, result: ref("Thing"), data: {} },
          }),
        },
        components: { schemas: { Thing: THING } },
      },
      { codeKey: "status", messageKey: "msg", dataKey: "result" },
    );
    expect(returns(result)).toEqual({ getOne: "Thing" });
    expect(contents(result, "service.ts")).toContain(
      '@Server({ baseURL: "/api", codeKey: "status", messageKey: "msg", dataKey: "result", ...options })\nexport class Service extends KitServer<{ code: string }> {}',
    );
  });
});

describe("the server class of service.ts", () => {
  const serviceClass = (schemas: unknown[]) => {
    const paths = Object.fromEntries(schemas.map((schema, index) => [`/p${index}`, get(schema)]));
    const service = contents(render({ paths }, CODE_MSG_DATA), "service.ts");
    return service.match(/^export class Service extends (.*) \{\}$/m)?.[1];
  };

  it("carries the code and message types the envelopes declare", () => {
    expect(serviceClass([envelope({ type: "integer" })])).toBe(
      "KitServer<{ code: number; message: string }>",
    );
  });

  it("unites the types when envelopes disagree", () => {
    expect(
      serviceClass([envelope({}, { type: "integer" }), envelope({}, { type: ["string", "null"] })]),
    ).toBe("KitServer<{ code: number | string; message: string }>");
  });

  it("leaves a field to the runtime's default when an envelope gives it another type", () => {
    expect(serviceClass([envelope({}, { type: "object" }), envelope({})])).toBe(
      "KitServer<{ message: string }>",
    );
  });

  it("stays untyped when no response is an envelope", () => {
    expect(serviceClass([{ type: "string" }])).toBe("KitServer");
  });
});

describe("without the flag", () => {
  const wrapped = {
    type: "object",
    properties: { status: { type: "integer" }, msg: { type: "string" }, result: THING },
  };

  it("suggests the keys once when most 2xx JSON responses look like envelopes", () => {
    const paths = Object.fromEntries(
      Array.from({ length: 5 }, (_, index) => [`/w${index}`, get(wrapped)]),
    );
    const result = render({ paths: { ...paths, "/plain": get(THING) } });
    expect(result.warnings).toEqual([
      '#/paths/~1w0/get/responses/200/content/application~1json/schema (line 1): 5 of 6 2xx JSON responses look like {status, msg, result} envelopes; their methods are typed as, and return, the whole envelope, and a failing code is not checked; pass --envelope status,msg,result (or set envelope in the config file) to return the type of "result", unwrap it with those keys and reject failing codes',
    ]);
    expect(contents(result, "service.ts")).toContain('@Server({ baseURL: "/api", ...options })');
  });

  it("says nothing when at most half of them do", () => {
    const result = render({ paths: { "/wrapped": get(wrapped), "/plain": get(THING) } });
    expect(result.warnings).toEqual([]);
  });

  it("says nothing when no object has data beside code or message", () => {
    const result = render({
      paths: {
        "/list": get({ type: "object", properties: { object: { type: "string" }, data: THING } }),
        "/status": get({ type: "object", properties: { code: { type: "integer" } } }),
      },
    });
    expect(result.warnings).toEqual([]);
  });

  it("says nothing where a body typed as a whole has data beside code or message: its class never unwraps", () => {
    const result = render({
      paths: {
        "/a": get({ type: "object", properties: { code: { type: "integer" }, data: THING } }),
        "/b": get({ type: "object", properties: { message: { type: "string" }, data: THING } }),
        "/c": get(THING),
        "/d": get(THING),
      },
    });
    expect(result.warnings).toEqual([]);
    const classes = result.files.filter((file) => file.path.startsWith("apis/"));
    expect(classes.length).toBeGreaterThan(0);
    for (const { contents } of classes) expect(contents).toContain("envelope: false })");
  });
});
