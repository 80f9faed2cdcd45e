import { describe, expect, it } from "vitest";
import { buildOperations } from "../../src/model/build-operations.js";
import { Warnings } from "../../src/model/warnings.js";
import { loadOpenAPIDocument } from "../../src/openapi/load.js";
import {
  exampleValue,
  RequestValidator,
  SchemaCheck,
  toJsonSchemaDocument,
  type WireRequest,
} from "../../src/wire/index.js";

const schemas = {
  Pet: {
    type: "object",
    required: ["id", "name", "tag"],
    properties: {
      id: { type: "integer", readOnly: true },
      name: { type: "string", minLength: 12, maxLength: 20 },
      tag: { type: "string", nullable: true, pattern: "^[a-z]{3}-[0-9]{2}$" },
      age: { type: "number", minimum: 0, exclusiveMinimum: true, multipleOf: 0.5 },
      kind: { oneOf: [{ $ref: "#/components/schemas/Cat" }, { type: "string", format: "uuid" }] },
      born: { type: "string", format: "date-time" },
      parent: { $ref: "#/components/schemas/Pet" },
    },
  },
  Cat: {
    allOf: [{ type: "object", required: ["meow"], properties: { meow: { type: "boolean" } } }],
  },
  Reviewers: {
    type: "object",
    nullable: true,
    properties: {
      reviewers: { type: "array", items: { type: "string" } },
      team: { type: "string" },
    },
    anyOf: [{ required: ["reviewers"] }, { required: ["team"] }],
  },
  CheckRun: {
    type: "object",
    required: ["name"],
    properties: {
      name: { type: "string" },
      status: { enum: ["queued", "completed"] },
      conclusion: { enum: ["success", "failure"] },
    },
    oneOf: [
      { properties: { status: { enum: ["completed"] } }, required: ["status", "conclusion"] },
      { properties: { status: { enum: ["queued"] } } },
    ],
  },
  Sha: { type: "string", minLength: 40, maxLength: 40, pattern: "^[0-9a-fA-F]+$" },
  // Microsoft Graph's date-times and loket.nl's GUIDs: a format and a pattern that must both hold.
  When: {
    type: "string",
    format: "date-time",
    pattern:
      "^[0-9]{4,}-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])([.][0-9]{1,12})?(Z|[+-][0-9][0-9]:[0-9][0-9])$",
  },
  // GitHub Enterprise's status check contexts: the first branch contradicts the array type.
  Contexts: {
    type: "array",
    items: { type: "string" },
    oneOf: [
      {
        type: "object",
        required: ["contexts"],
        properties: { contexts: { type: "array", items: { type: "string" } } },
      },
      { type: "array", items: { type: "string" } },
    ],
  },
  Guid: {
    type: "string",
    format: "uuid",
    pattern: "^[{(]?[0-9A-F]{8}[-]?([0-9A-F]{4}[-]?){3}[0-9A-F]{12}[)}]?$",
  },
};

const document = {
  openapi: "3.0.3",
  info: { title: "t", version: "1" },
  paths: {
    "/pets/{id}": {
      post: {
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "integer" } },
          {
            name: "ids",
            in: "query",
            schema: { type: "array", items: { type: "integer" } },
            explode: false,
          },
          {
            name: "filter",
            in: "query",
            style: "deepObject",
            schema: { type: "object", properties: { gt: { type: "integer" } } },
          },
          {
            name: "cats",
            in: "query",
            schema: { type: "array", items: { $ref: "#/components/schemas/Cat" } },
          },
          { name: "X-Trace", in: "header", required: true, schema: { type: "string" } },
        ],
        requestBody: {
          required: true,
          content: {
            "application/merge-patch+json": { schema: { $ref: "#/components/schemas/Pet" } },
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                required: ["metadata"],
                properties: {
                  metadata: { type: "object", additionalProperties: { type: "string" } },
                },
              },
              encoding: { metadata: { style: "deepObject", explode: true } },
            },
          },
        },
        responses: { "204": { description: "ok" } },
      },
    },
  },
  components: { schemas },
};

async function setup() {
  const loaded = await loadOpenAPIDocument(structuredClone(document));
  const [operation] = buildOperations(loaded, { warnings: new Warnings(loaded.locate) });
  return { loaded, operation: operation!, validator: new RequestValidator(loaded) };
}

function request(overrides: Partial<WireRequest> & { json?: unknown } = {}): WireRequest {
  const { json = { name: "Rex the great", tag: null }, ...rest } = overrides;
  return {
    method: "POST",
    target: "/pets/7?ids=1,2&filter[gt]=3",
    headers: { "x-trace": "t1", "content-type": "application/merge-patch+json" },
    body: new TextEncoder().encode(JSON.stringify(json)),
    ...rest,
  };
}

describe("SchemaCheck on a schema that applies itself", () => {
  it("passes the value instead of overflowing the stack", async () => {
    // oapi-codegen's schemas/recursive: an allOf that names its own schema.
    const loaded = await loadOpenAPIDocument({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {},
      components: {
        schemas: {
          Plain: { properties: { a: { type: "string" } } },
          Recursive: {
            allOf: [
              { $ref: "#/components/schemas/Plain" },
              { $ref: "#/components/schemas/Recursive" },
            ],
          },
        },
      },
    });
    const check = new SchemaCheck(loaded.document);
    expect(check.problems({ a: "x" }, "#/components/schemas/Recursive")).toEqual([]);
    expect(check.problems({ a: 1 }, "#/components/schemas/Plain")).toEqual(["/a must be string"]);
  });
});

describe("exampleValue", () => {
  it("synthesizes a valid value from formats, bounds, patterns, oneOf, allOf and recursion, the same every time", async () => {
    const { loaded } = await setup();
    const check = new SchemaCheck(loaded.document);
    const value = exampleValue(loaded.document, { $ref: "#/components/schemas/Pet" }, "#/x", {
      direction: "request",
    });
    expect(check.problems(value, "#/components/schemas/Pet")).toEqual([]);
    expect(value).toMatchObject({
      name: expect.stringMatching(/^.{12,20}$/),
      tag: expect.stringMatching(/^[a-z]{3}-[0-9]{2}$/),
    });
    expect(value).not.toHaveProperty("id");
    expect((value as { age: number }).age).toBe(0.5);
    expect(
      exampleValue(loaded.document, { $ref: "#/components/schemas/Pet" }, "#/x", {
        direction: "request",
      }),
    ).toEqual(value);
    expect(
      exampleValue(loaded.document, { $ref: "#/components/schemas/Pet" }, "#/x", {
        direction: "response",
      }),
    ).toHaveProperty("id", 1);
  });

  it("never writes a writeOnly property into an answer, nor a readOnly one into a request", async () => {
    const loaded = await loadOpenAPIDocument({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {},
    });
    // hey-api's transforms-read-write: an object whose only property is hidden in one direction.
    const schema = {
      type: "object",
      properties: {
        foo: { type: "object", properties: { baz: { type: "boolean", writeOnly: true } } },
        bar: { type: "object", properties: { baz: { type: "boolean", readOnly: true } } },
      },
    };
    expect(exampleValue(loaded.document, schema, "#/x", { direction: "response" })).toEqual({
      bar: { baz: true },
      foo: {},
    });
    expect(exampleValue(loaded.document, schema, "#/x", { direction: "request" })).toEqual({
      bar: {},
      foo: { baz: true },
    });
  });

  it("names a map's keys from the propertyNames it lists", async () => {
    const loaded = await loadOpenAPIDocument({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      components: { schemas: { Foo: { type: "string", enum: ["foo", "bar"] } } },
    });
    const map = (propertyNames: object) => ({
      type: "object",
      additionalProperties: { type: "integer" },
      propertyNames,
      minProperties: 3,
    });
    const answer = (schema: object) =>
      exampleValue(loaded.document, schema, "#/x", { direction: "response" });
    // Only two keys exist, so minProperties cannot be met: the value keeps to the names.
    expect(answer(map({ $ref: "#/components/schemas/Foo" }))).toEqual({ bar: 1, foo: 1 });
    expect(answer(map({ const: "only" }))).toEqual({ only: 1 });
    expect(answer(map({ pattern: "^k" }))).toEqual({ key0: 1, key1: 1, key2: 1 });
  });

  it("ends a required self-reference at the null it allows; says when no finite value exists", async () => {
    const loaded = await loadOpenAPIDocument({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {},
      components: {
        schemas: {
          // orval's and hey-api's `circular`: nullable beside the `$ref`, or through `allOf`.
          Node: {
            type: "object",
            required: ["child"],
            properties: { child: { nullable: true, $ref: "#/components/schemas/Node" } },
          },
          Comment: {
            type: "object",
            required: ["id", "parent"],
            properties: {
              id: { type: "string" },
              parent: { nullable: true, allOf: [{ $ref: "#/components/schemas/Comment" }] },
            },
          },
          // No null allowed: no finite value exists.
          Endless: {
            type: "object",
            required: ["next"],
            properties: { next: { $ref: "#/components/schemas/Endless" } },
          },
        },
      },
    });
    const value = (name: string, onNoValue?: (problem: unknown) => void) =>
      exampleValue(loaded.document, { $ref: `#/components/schemas/${name}` }, "#/x", {
        direction: "response",
        ...(onNoValue === undefined ? {} : { onNoValue }),
      });
    expect(value("Node")).toEqual({ child: null });
    expect(value("Comment")).toEqual({ id: expect.any(String), parent: null });
    const told: unknown[] = [];
    expect(value("Endless", (problem) => told.push(problem))).toBeTypeOf("object");
    expect(told).toEqual([
      expect.objectContaining({ reason: "it requires itself without end", proven: true }),
    ]);
  });

  it("merges the chosen oneOf/anyOf branch with the keywords beside it and meets a pattern's fixed length", async () => {
    const { loaded } = await setup();
    const check = new SchemaCheck(loaded.document);
    const example = (name: string) =>
      exampleValue(loaded.document, { $ref: `#/components/schemas/${name}` }, "#/x", {
        direction: "request",
      });
    for (const name of ["Reviewers", "CheckRun", "Sha"]) {
      expect(check.problems(example(name), `#/components/schemas/${name}`), name).toEqual([]);
    }
    expect(example("Reviewers")).toHaveProperty("reviewers");
    expect(example("CheckRun")).toMatchObject({ status: "completed", conclusion: "success" });
    expect(example("Sha")).toMatch(/^[0-9a-fA-F]{40}$/);
  });

  it("meets a format and a pattern together, and takes the oneOf branch the schema's type allows", async () => {
    const { loaded } = await setup();
    const check = new SchemaCheck(loaded.document);
    for (const name of ["When", "Guid", "Contexts"]) {
      const value = exampleValue(loaded.document, { $ref: `#/components/schemas/${name}` }, "#/x", {
        direction: "request",
      });
      expect(check.problems(value, `#/components/schemas/${name}`), name).toEqual([]);
    }
  });

  it("invents values of the declared type: booleans, arrays, enums, required keys, sizes capped", () => {
    const components = {
      Flags: {
        type: "object",
        required: ["on", "extra"],
        properties: { tags: { type: "array", items: { type: "boolean" } } },
        additionalProperties: { type: "boolean" },
      },
      Mixed: { type: "string", enum: [{ override: true }, "DEFAULT"] },
      Nested: {
        allOf: [
          { type: "object", required: ["login"] },
          { type: "object", properties: { login: { type: "string", format: "email" } } },
        ],
      },
      Many: { type: "object", minProperties: 3 },
      Long: { type: "string", minLength: 100_000 },
    };
    const document = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {},
      components: { schemas: components },
    };
    const check = new SchemaCheck(document as never, () => {}, "response");
    for (const name of ["Flags", "Mixed", "Nested", "Many"]) {
      const pointer = `#/components/schemas/${name}`;
      const value = exampleValue(document as never, { $ref: pointer }, "#/x", {
        direction: "response",
      });
      expect(check.problems(value, pointer), `${name}: ${JSON.stringify(value)}`).toEqual([]);
    }
    const long = exampleValue(document as never, components.Long, "#/x", { direction: "response" });
    expect(long).toHaveLength(4096);
  });

  it("generates valid values where the corpus found invalid ones, one schema per class", () => {
    const components = {
      // Unicourt: a date-time of exactly 25 characters.
      LongDate: { type: "string", format: "date-time", minLength: 25, maxLength: 25 },
      LongEmail: { type: "string", format: "email", minLength: 30 },
      // pandascore: `{nullable: true}` beside a reference to a URI string.
      Uri: { type: "string", format: "uri" },
      NullableUri: { allOf: [{ nullable: true }, { $ref: "#/components/schemas/Uri" }] },
      // Linode: one part lists the values, another gives an example outside them.
      Kind: {
        type: "object",
        properties: { type: { type: "string", enum: ["auto", "snapshot"] } },
      },
      Backup: {
        allOf: [
          { $ref: "#/components/schemas/Kind" },
          { properties: { type: { type: "string", example: "automatic" } } },
        ],
      },
      // ShipEngine: `additionalProperties: false` beside `allOf` leaves the parts' keys extra.
      Settings: { type: "object", properties: { layout: { type: "string" } } },
      SettingsBody: {
        type: "object",
        additionalProperties: false,
        allOf: [{ $ref: "#/components/schemas/Settings" }],
      },
      // DigitalOcean: a part that only constrains (`anyOf` of `required`) beside the object.
      Rules: {
        allOf: [
          { type: "object", properties: { name: { type: "string" } } },
          {
            type: "object",
            properties: {
              inbound: { type: "array", items: { type: "string" } },
              outbound: { type: "array", items: { type: "string" } },
            },
          },
        ],
      },
      Firewall: {
        allOf: [
          { $ref: "#/components/schemas/Rules" },
          { required: ["name"] },
          { anyOf: [{ required: ["inbound"] }, { required: ["outbound"] }] },
        ],
      },
      // airflow, apigee: an answer has no writeOnly property, even as the only one to write.
      Secret: {
        type: "object",
        required: ["token"],
        properties: { token: { type: "string", writeOnly: true } },
      },
    };
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {},
      components: { schemas: components },
    };
    const check = new SchemaCheck(document as never, () => {}, "response");
    const values: Record<string, unknown> = {};
    for (const name of Object.keys(components)) {
      const pointer = `#/components/schemas/${name}`;
      const value = exampleValue(document as never, { $ref: pointer }, "#/x", {
        direction: "response",
      });
      expect(check.problems(value, pointer), `${name}: ${JSON.stringify(value)}`).toEqual([]);
      values[name] = value;
    }
    expect(values).toMatchObject({
      LongDate: "2024-05-06T07:08:09.0000Z",
      LongEmail: expect.stringMatching(/^kitk+@example\.com$/),
      NullableUri: "https://example.com/kit",
      Backup: { type: "auto" },
      SettingsBody: {},
      Firewall: { name: expect.any(String), inbound: [expect.any(String)] },
      Secret: {},
    });
  });

  it("names the chosen oneOf branch in the discriminator's property, as a client switches on it", () => {
    const rule = (kind: string) => ({
      type: "object",
      required: ["type", "id"],
      properties: { type: { type: "string", example: kind }, id: { type: "string" } },
    });
    const components = {
      Rule: {
        oneOf: [{ $ref: "#/components/schemas/Deny" }, { $ref: "#/components/schemas/Allow" }],
        discriminator: {
          propertyName: "type",
          mapping: { allow: "#/components/schemas/Allow", deny: "#/components/schemas/Deny" },
        },
      },
      Unmapped: {
        anyOf: [{ $ref: "#/components/schemas/Allow" }],
        discriminator: { propertyName: "type" },
      },
      Allow: rule("allow"),
      Deny: rule("deny"),
    };
    const document = { openapi: "3.0.3", components: { schemas: components } };
    const value = (name: string) =>
      exampleValue(document as never, { $ref: `#/components/schemas/${name}` }, "#/x", {
        direction: "response",
        useExamples: false,
      });
    expect(value("Rule")).toEqual({ type: "deny", id: expect.any(String) });
    expect(value("Unmapped")).toEqual({ type: "Allow", id: expect.any(String) });
  });

  it("checks what it can of a schema with keywords Ajv refuses, never more than the document", () => {
    const schema = {
      type: "object",
      required: ["id", 7],
      properties: {
        id: { type: "integer", minimum: "1" },
        kind: { type: "file" },
        name: { type: "string", maxLength: "10", pattern: 5 },
        tags: { type: "array", items: [{ type: "string" }] },
      },
    };
    const document = { openapi: "3.1.0", components: { schemas: { Odd: schema } } };
    const lines: string[] = [];
    const check = new SchemaCheck(document as never, (line) => lines.push(line));
    const pointer = "#/components/schemas/Odd";
    expect(check.problems({ id: 0, kind: 1, name: "x".repeat(20), tags: [1] }, pointer)).toEqual(
      [],
    );
    expect(check.problems({ id: "one" }, pointer)).toEqual(["/id must be integer"]);
    expect(check.problems({}, pointer)).toEqual(["the value must have required property 'id'"]);
    expect(lines).toEqual([]);
  });

  it("takes const, enum, example and default before synthesizing", async () => {
    const { loaded } = await setup();
    const value = (schema: object, useExamples = true) =>
      exampleValue(loaded.document, schema, "#/s", { direction: "request", useExamples });
    expect(value({ type: "string", const: "c", enum: ["e"] })).toBe("c");
    expect(value({ type: "string", enum: [null, "e"] })).toBe("e");
    expect(value({ type: "integer", example: 42, default: 7 })).toBe(42);
    expect(value({ type: "integer", default: 7 })).toBe(7);
    expect(value({ type: "integer", default: 7 }, false)).toBe(1);
  });
});

describe("toJsonSchemaDocument", () => {
  it("spells 3.0's nullable and boolean exclusiveMinimum as 2020-12", () => {
    const converted = toJsonSchemaDocument(document as never, "request") as typeof document;
    const pet = converted.components.schemas.Pet;
    expect(pet.properties.tag).toMatchObject({ type: ["string", "null"] });
    expect(pet.properties.age).toMatchObject({ exclusiveMinimum: 0 });
    expect(pet.required).toEqual(["name", "tag"]);
  });
});

describe("RequestValidator", () => {
  it("accepts a request the document allows", async () => {
    const { operation, validator } = await setup();
    expect(await validator.validate(operation, request())).toEqual([]);
  });

  it.each([
    ["method", { method: "PUT" }],
    ["path", { target: "/pets/seven?ids=1,2&filter[gt]=3" }],
    ["query", { target: "/pets/7?ids=1&ids=2&filter[gt]=3" }],
    ["query", { target: '/pets/7?ids=1,2&filter={"gt":3}' }],
    ["header", { headers: { "content-type": "application/merge-patch+json" } }],
    ["content-type", { headers: { "x-trace": "t", "content-type": "application/json" } }],
    ["body", { json: { name: "short", tag: null } }],
    ["body missing", { body: new Uint8Array(), headers: { "x-trace": "t" } }],
    [
      "content-type without body",
      {
        body: new Uint8Array(),
        headers: { "x-trace": "t", "content-type": "application/merge-patch+json" },
      },
    ],
  ] as const)("reports a %s problem", async (kind, overrides) => {
    const { operation, validator } = await setup();
    const problems = await validator.validate(
      operation,
      request(overrides as Partial<WireRequest>),
    );
    expect(problems.map((problem) => problem.kind)).toContain(kind);
  });

  it("reads an exploded query object whose schema is an anyOf of objects by its own keys", async () => {
    // oapi-codegen's aggregates/anyof: `test` is sent as item1=a&item2=b (form, explode).
    const loaded = await loadOpenAPIDocument({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {
        "/param": {
          get: {
            parameters: [
              {
                name: "test",
                in: "query",
                schema: {
                  anyOf: [
                    {
                      type: "object",
                      required: ["item1"],
                      properties: { item1: { type: "string" }, item2: { type: "string" } },
                    },
                    {
                      type: "object",
                      required: ["item3"],
                      properties: { item3: { type: "string" } },
                    },
                  ],
                },
              },
            ],
            responses: { "204": { description: "done" } },
          },
        },
      },
    });
    const [operation] = buildOperations(loaded, { warnings: new Warnings(loaded.locate) });
    const validator = new RequestValidator(loaded);
    const get = (target: string) => ({
      method: "GET",
      target,
      headers: {},
      body: new Uint8Array(),
    });
    expect(await validator.validate(operation!, get("/param?item1=a&item2=b"))).toEqual([]);
    // Neither branch: item1 and item3 are both missing, so the object's keys were read and checked.
    const problems = await validator.validate(operation!, get("/param?item2=b"));
    expect(new Set(problems.map((problem) => problem.kind))).toEqual(new Set(["query"]));
  });

  it("takes bytes declared application/json with a binary schema as they are sent", async () => {
    const loaded = await loadOpenAPIDocument({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {
        "/raw": {
          post: {
            requestBody: {
              content: { "application/json": { schema: { type: "string", format: "binary" } } },
            },
            responses: { "204": { description: "done" } },
          },
        },
      },
    });
    const [raw] = buildOperations(loaded, { warnings: new Warnings(loaded.locate) });
    const sent = (body: Uint8Array) => ({
      method: "POST",
      target: "/raw",
      headers: { "content-type": "application/json" },
      body,
    });
    const validator = new RequestValidator(loaded);
    expect(await validator.validate(raw!, sent(new Uint8Array([0, 0xff, 0x7b])))).toEqual([]);
  });

  it("reads a urlencoded field by its encoding: deepObject metadata[plan]=gold, not JSON", async () => {
    const { operation, validator } = await setup();
    const form = (body: string) =>
      request({
        headers: { "x-trace": "t", "content-type": "application/x-www-form-urlencoded" },
        body: new TextEncoder().encode(body),
      });
    expect(await validator.validate(operation, form("metadata[plan]=gold"))).toEqual([]);
    const problems = await validator.validate(operation, form('metadata={"plan":"gold"}'));
    expect(problems.map((problem) => problem.kind)).toEqual(["body"]);
  });

  it("reads the items of a query array of objects as the JSON text the runtime sends", async () => {
    const { operation, validator } = await setup();
    const withCats = (cats: string) =>
      request({ target: `/pets/7?ids=1,2&cats=${encodeURIComponent(cats)}` });
    expect(await validator.validate(operation, withCats('{"meow":true}'))).toEqual([]);
    const problems = await validator.validate(operation, withCats('{"meow":"loud"}'));
    expect(problems.map((problem) => problem.location)).toEqual(["/query/cats/0/meow"]);
  });
});
