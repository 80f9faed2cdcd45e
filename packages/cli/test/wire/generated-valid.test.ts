import { describe, expect, it } from "vitest";
import { exampleValue, SchemaCheck } from "../../src/wire/index.js";

/**
 * Values the generator gives for the schema classes the corpus and the peers' suites found
 * invalid, checked by the validator `kit mock` and the MSW generation use (Ajv, response side),
 * with the generator given that validator as they give it.
 */
function generatorFor(components: Record<string, unknown>, openapi = "3.0.3") {
  const document = {
    openapi,
    info: { title: "t", version: "1" },
    paths: {},
    components: { schemas: components },
  };
  const check = new SchemaCheck(document as never, () => {}, "response");
  const told: { pointer: string; reason: string; proven: boolean }[] = [];
  const generate = (name: string) => {
    const pointer = `#/components/schemas/${name}`;
    // As an answer's schema is given: the object at its pointer.
    const value = exampleValue(document as never, components[name], pointer, {
      direction: "response",
      useExamples: false,
      check: (value, at) => check.problems(value, at),
      onNoValue: (problem) => told.push({ ...problem }),
    });
    return { value, problems: check.problems(value, pointer) };
  };
  return { generate, told };
}

describe("generated values validate against their schema", () => {
  it("gives a oneOf value that matches exactly one branch", () => {
    const { generate, told } = generatorFor({
      // sinao's contacts and zoom's settings: open branches with optional properties only.
      Person: { type: "object", properties: { firstname: { type: "string" } } },
      Organization: { type: "object", properties: { billing_name: { type: "string" } } },
      Contact: {
        oneOf: [
          { $ref: "#/components/schemas/Person" },
          { $ref: "#/components/schemas/Organization" },
        ],
      },
      // orval's one-of-required: exactly one of `cpf` and `cnpj` (peers' class C).
      User: {
        type: "object",
        required: ["name"],
        properties: { name: { type: "string" }, cpf: { type: "string" }, cnpj: { type: "string" } },
        oneOf: [{ required: ["cpf"] }, { required: ["cnpj"] }],
      },
      // apple's `included`: the same schema twice, which no value matches exactly once; the
      // array is optional, so it is answered empty.
      App: { type: "object", properties: { id: { type: "string" } } },
      Page: {
        type: "object",
        properties: {
          included: {
            type: "array",
            items: {
              oneOf: [{ $ref: "#/components/schemas/App" }, { $ref: "#/components/schemas/App" }],
            },
          },
        },
      },
    });
    const contact = generate("Contact");
    expect(contact.problems).toEqual([]);
    expect(contact.value).toEqual({ firstname: expect.any(String), billing_name: true });
    const user = generate("User");
    expect(user.problems).toEqual([]);
    expect(user.value).toEqual({ name: expect.any(String), cpf: expect.any(String) });
    expect(generate("Page")).toEqual({ value: { included: [] }, problems: [] });
    expect(told).toEqual([]);
  });

  it("distinguishes oneOf branches that differ only below their top level", () => {
    const report = (record: string) => ({
      allOf: [
        { type: "object", properties: { _links: { type: "object" } } },
        {
          type: "object",
          properties: {
            items_count: { type: "integer" },
            records: { type: "array", items: { $ref: `#/components/schemas/${record}` } },
          },
        },
      ],
    });
    const { generate, told } = generatorFor({
      // nexmo's reports: the branches differ in their records' items only.
      Outbound: { type: "object", properties: { to: { type: "string" } } },
      Inbound: { type: "object", properties: { from: { type: "string" } } },
      Report: { oneOf: [report("Outbound"), report("Inbound")] },
      // motaword: a map of strings or a map of base64 strings.
      Contents: {
        type: "object",
        properties: { results: { type: "object", additionalProperties: { type: "string" } } },
      },
      Files: {
        type: "object",
        properties: {
          results: { type: "object", additionalProperties: { type: "string", format: "byte" } },
        },
      },
      Translation: {
        oneOf: [{ $ref: "#/components/schemas/Files" }, { $ref: "#/components/schemas/Contents" }],
      },
    });
    // An outbound record with the inbound `from` as a boolean: the inbound branch refuses it.
    expect(generate("Report").value).toEqual({
      _links: {},
      items_count: 1,
      records: [{ from: true, to: expect.any(String) }],
    });
    expect(["Report", "Translation"].map((name) => generate(name).problems)).toEqual([[], []]);
    expect(told).toEqual([]);
  });

  it("distinguishes a oneOf value by the same key however the document's keys are ordered", () => {
    const organization = (names: string[]) => ({
      type: "object",
      properties: Object.fromEntries(names.map((name) => [name, { type: "string" }])),
    });
    const contact = (names: string[]) =>
      generatorFor({
        Person: { type: "object", properties: { firstname: { type: "string" } } },
        Organization: organization(names),
        Contact: {
          oneOf: [
            { $ref: "#/components/schemas/Person" },
            { $ref: "#/components/schemas/Organization" },
          ],
        },
      }).generate("Contact");
    const forward = contact(["billing_name", "vat_id"]);
    expect(forward).toEqual(contact(["vat_id", "billing_name"]));
    expect(forward).toEqual({
      value: { firstname: expect.any(String), billing_name: true },
      problems: [],
    });
  });

  it("reads the discriminator's property by its type, and an allOf narrowing an enum", () => {
    const { generate } = generatorFor({
      // Peers' class D: mapping keys on a boolean property; an implicit name where the member's
      // allOf part lists the property's value.
      Result: {
        oneOf: [{ $ref: "#/components/schemas/Success" }, { $ref: "#/components/schemas/Failure" }],
        discriminator: {
          propertyName: "ok",
          mapping: { true: "#/components/schemas/Success", false: "#/components/schemas/Failure" },
        },
      },
      Success: {
        type: "object",
        required: ["ok", "data"],
        properties: { ok: { type: "boolean" }, data: { type: "string" } },
      },
      Failure: {
        type: "object",
        required: ["ok", "error"],
        properties: { ok: { type: "boolean" }, error: { type: "string" } },
      },
      Item: {
        discriminator: { propertyName: "type" },
        anyOf: [{ $ref: "#/components/schemas/MessageResource" }],
      },
      Message: {
        type: "object",
        required: ["type"],
        properties: { type: { type: "string", enum: ["message"] } },
      },
      MessageResource: { allOf: [{ $ref: "#/components/schemas/Message" }] },
      // Class E: an allOf part narrows the enum of an earlier one.
      BaseError: {
        type: "object",
        required: ["errorType"],
        properties: { errorType: { type: "string", enum: ["GENERIC_ERROR", "VALIDATION_ERROR"] } },
      },
      ValidationError: {
        allOf: [
          { $ref: "#/components/schemas/BaseError" },
          {
            type: "object",
            properties: { errorType: { type: "string", enum: ["VALIDATION_ERROR"] } },
          },
        ],
      },
    });
    expect(generate("Result")).toEqual({
      value: { ok: true, data: expect.any(String) },
      problems: [],
    });
    expect(generate("Item")).toEqual({ value: { type: "message" }, problems: [] });
    expect(generate("ValidationError")).toEqual({
      value: { errorType: "VALIDATION_ERROR" },
      problems: [],
    });
  });

  it("fills a $dynamicRef with the outermost $dynamicAnchor in scope, as the validator reads it", () => {
    // Peers' class A, kiota's generic binding. With no `$id` the document is one resource, and
    // Ajv resolves `#itemType` to the anchor of the schema being validated (the page itself),
    // not to the `$defs` entry beside the `$ref`; before, the item was a string.
    const { generate } = generatorFor(
      {
        User: { type: "object", required: ["id"], properties: { id: { type: "string" } } },
        UserPage: {
          $defs: { itemType: { $dynamicAnchor: "itemType", $ref: "#/components/schemas/User" } },
          $ref: "#/components/schemas/Page",
        },
        Page: {
          $dynamicAnchor: "itemType",
          type: "object",
          required: ["items"],
          properties: { items: { type: "array", items: { $dynamicRef: "#itemType" } } },
        },
      },
      "3.1.0",
    );
    const page = generate("UserPage");
    expect(page.problems).toEqual([]);
    expect(page.value).toEqual({ items: [{ items: expect.any(Array) }] });
  });

  it("meets repeated items, patterns drawn in steps, exclusive bounds and nullable formats", () => {
    const { generate, told } = generatorFor({
      // GitHub Enterprise's SCIM group: `members` in two parts, the first requiring `value`.
      Group: {
        type: "object",
        properties: {
          members: {
            type: "array",
            items: {
              type: "object",
              required: ["value"],
              properties: { value: { type: "string" } },
            },
          },
        },
      },
      GroupResponse: {
        allOf: [
          { $ref: "#/components/schemas/Group" },
          {
            type: "object",
            properties: {
              members: {
                type: "array",
                items: { type: "object", properties: { display: { type: "string" } } },
              },
            },
          },
        ],
      },
      // peertube: an allOf of a property that is an allOf of an integer; Azure: a key required
      // two allOf levels down and narrowed to an enum by the schema's own declaration.
      Id: { type: "integer", minimum: 1 },
      User: {
        type: "object",
        properties: { id: { allOf: [{ $ref: "#/components/schemas/Id" }] } },
      },
      Account: {
        type: "object",
        properties: { userId: { allOf: [{ $ref: "#/components/schemas/User/properties/id" }] } },
      },
      Rule: {
        type: "object",
        required: ["ruleType"],
        properties: { ruleType: { type: "string" } },
      },
      ListRule: { allOf: [{ $ref: "#/components/schemas/Rule" }] },
      AllowRule: {
        allOf: [{ $ref: "#/components/schemas/ListRule" }],
        properties: { ruleType: { type: "string", enum: ["ProcessNotAllowed"] } },
      },
      Rules: {
        type: "object",
        properties: {
          deep: {
            type: "object",
            properties: {
              allow: { type: "array", items: { $ref: "#/components/schemas/AllowRule" } },
            },
          },
        },
      },
      // rev.ai's job: a typeless declaration beside a nullable integer two allOf levels down.
      Options: {
        allOf: [
          {
            type: "object",
            properties: { deleteAfter: { type: "integer", nullable: true, minimum: 10 } },
          },
        ],
      },
      Job: {
        allOf: [
          { $ref: "#/components/schemas/Options" },
          { type: "object", properties: { deleteAfter: { description: "seconds" } } },
        ],
      },
      // AWS: hexadecimal pairs to a length; zalando: a rate strictly between 0 and 1; Graph: a
      // nullable time whose pattern leaves out the zone Ajv's `time` requires.
      Cipher: {
        type: "string",
        pattern: "^(?:[0-9a-fA-F][0-9a-fA-F])+$",
        minLength: 32,
        maxLength: 64,
      },
      Rate: {
        type: "number",
        minimum: 0,
        maximum: 1,
        exclusiveMinimum: true,
        exclusiveMaximum: true,
      },
      Defaults: {
        type: "object",
        required: ["dueTime"],
        properties: {
          dueTime: {
            type: "string",
            format: "time",
            nullable: true,
            pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]{1,12})?$",
          },
        },
      },
    });
    expect(generate("GroupResponse")).toEqual({
      value: { members: [{ value: expect.any(String), display: expect.any(String) }] },
      problems: [],
    });
    expect(generate("Account")).toEqual({ value: { userId: 1 }, problems: [] });
    expect(generate("Rules")).toEqual({
      value: { deep: { allow: [{ ruleType: "ProcessNotAllowed" }] } },
      problems: [],
    });
    expect(generate("Job")).toEqual({ value: { deleteAfter: 10 }, problems: [] });
    expect(generate("Cipher").problems).toEqual([]);
    expect(generate("Rate")).toEqual({ value: 0.5, problems: [] });
    expect(generate("Defaults")).toEqual({ value: { dueTime: null }, problems: [] });
    expect(told).toEqual([]);
  });

  it("checks a 3.0 value against the $ref, as the types read it, not the keywords beside it", () => {
    // microcks' labels and just-eat's service times: `type: object` beside a `$ref` to an array,
    // which OpenAPI 3.0 ignores (and the generated type, `string[]`, too).
    const { generate } = generatorFor({
      StringArray: { type: "array", items: { type: "string" } },
      Labels: {
        type: "object",
        additionalProperties: { $ref: "#/components/schemas/StringArray", type: "object" },
      },
    });
    expect(generate("Labels")).toEqual({ value: { key0: [expect.any(String)] }, problems: [] });
  });

  it("writes in 3.1 a key required beside a $ref, as the validator reads it", () => {
    // codat commerce's tax components, deep enough that optional keys are left out.
    const { generate, told } = generatorFor(
      {
        Dates: { allOf: [{ type: "object", properties: { modifiedDate: { type: "string" } } }] },
        TaxComponent: {
          allOf: [
            { type: "object", required: ["id"], properties: { id: { type: "string" } } },
            {
              type: "object",
              properties: { isCompound: { type: "boolean" }, name: { type: "string" } },
            },
            { $ref: "#/components/schemas/Dates", required: ["name"] },
          ],
        },
        TaxComponents: {
          type: "object",
          properties: {
            taxComponents: { type: "array", items: { $ref: "#/components/schemas/TaxComponent" } },
          },
        },
      },
      "3.1.0",
    );
    const { value, problems } = generate("TaxComponents");
    expect(problems).toEqual([]);
    expect(value).toEqual({
      taxComponents: [expect.objectContaining({ name: expect.any(String) })],
    });
    expect(told).toEqual([]);
  });

  it("types a key by the part that types it, beside another part's untyped additionalProperties", () => {
    // appcenter's branch configuration: one part's extra keys must meet an untyped object schema,
    // another part requires `id: integer`. Object keywords hold for any integer, so `id` is one.
    const { generate, told } = generatorFor({
      Config: {
        allOf: [
          {
            properties: { signed: { type: "boolean" } },
            additionalProperties: {
              properties: {
                branch: { properties: { name: { type: "string" } }, required: ["name"] },
              },
            },
          },
          { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
        ],
      },
    });
    const { value, problems } = generate("Config");
    expect(problems).toEqual([]);
    expect(typeof (value as { id: unknown }).id).toBe("number");
    expect(told).toEqual([]);
  });

  it("leaves out an optional property whose schema contradicts itself", () => {
    const { generate, told } = generatorFor({
      // visualstudio: an integer enum of strings; graphrbac: a part's additionalProperties
      // `{type: object}` beside another part's boolean.
      Environment: {
        type: "object",
        required: ["id"],
        properties: {
          id: { type: "string" },
          diskType: { type: "integer", enum: ["Standard", "Premium"] },
        },
      },
      Application: {
        allOf: [
          {
            type: "object",
            properties: { id: { type: "string" } },
            additionalProperties: { type: "object" },
          },
          { type: "object", properties: { enabled: { type: "boolean" } } },
        ],
      },
    });
    expect(generate("Environment")).toEqual({ value: { id: expect.any(String) }, problems: [] });
    expect(generate("Application")).toEqual({ value: { id: expect.any(String) }, problems: [] });
    expect(told).toEqual([]);
  });

  it("proves alike or closed-empty oneOf branches and a pattern over maxLength admit no value", () => {
    const location = (what: string, extra: Record<string, unknown> = {}) => ({
      description: `JWT location in a ${what}`,
      type: "object",
      required: ["type", "name", ...Object.keys(extra)],
      properties: {
        name: { description: `Name of the ${what}`, example: "a string value", type: "string" },
        type: { description: `String with value ${what}`, type: "string" },
        ...extra,
      },
    });
    const { generate, told } = generatorFor({
      // otoroshi: two branches alike but for their descriptions, and a third whose every value
      // matches them too.
      InQueryParam: location("query param"),
      InHeader: location("header", { remove: { type: "string" } }),
      InCookie: location("cookie"),
      Verifier: {
        type: "object",
        required: ["source"],
        properties: {
          source: {
            oneOf: [
              { $ref: "#/components/schemas/InQueryParam" },
              { $ref: "#/components/schemas/InHeader" },
              { $ref: "#/components/schemas/InCookie" },
            ],
          },
        },
      },
      // A repeated branch beside one that differs: only the other can be the one matched.
      Either: {
        oneOf: [
          { $ref: "#/components/schemas/InCookie" },
          { $ref: "#/components/schemas/InCookie" },
          { type: "string" },
        ],
      },
      // apprunner: a UUID pattern (36 characters) under maxLength 32.
      ServiceId: {
        type: "string",
        maxLength: 32,
        pattern:
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}",
      },
      Short: { type: "string", maxLength: 4, pattern: "^[a-z]{2}-?\\d+$" },
      // ShipEngine's carrier settings: closed objects whose keys only their allOf parts declare.
      Account: { type: "object", properties: { nickname: { type: "string" } } },
      DhlSettings: {
        type: "object",
        additionalProperties: false,
        allOf: [{ $ref: "#/components/schemas/Account" }],
      },
      UpsAccount: { type: "object", properties: { pickup_type: { type: "string" } } },
      UpsSettings: {
        type: "object",
        additionalProperties: false,
        allOf: [{ $ref: "#/components/schemas/UpsAccount" }],
      },
      Settings: {
        oneOf: [
          { $ref: "#/components/schemas/DhlSettings" },
          { $ref: "#/components/schemas/UpsSettings" },
        ],
      },
    });
    for (const name of ["Either", "Short"]) expect(generate(name).problems, name).toEqual([]);
    expect(told).toEqual([]);
    for (const name of ["Verifier", "ServiceId", "Settings"])
      expect(generate(name).problems, name).not.toEqual([]);
    expect(told).toEqual([
      {
        pointer: "#/components/schemas/Verifier/properties/source",
        reason:
          "its oneOf lists the same schema at 0 and 2, and every value of its branch 1 matches a repeated branch too, so no value matches exactly one",
        proven: true,
      },
      {
        pointer: "#/components/schemas/ServiceId",
        reason:
          "its pattern [0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12} needs at least 36 characters, more than its maxLength 32",
        proven: true,
      },
      {
        pointer: "#/components/schemas/Settings",
        reason:
          "each of its oneOf branches admits no key (additionalProperties: false and no properties of its own), and 2 admit the empty object, so no value matches exactly one",
        proven: true,
      },
    ]);
  });

  it("says where and why a required value cannot exist", () => {
    const { generate, told } = generatorFor({
      // visualstudio, vercel, SendGrid, ShipEngine.
      Disk: {
        type: "object",
        required: ["diskType"],
        properties: { diskType: { type: "integer", enum: ["Standard"] } },
      },
      Item: {
        type: "object",
        required: ["value"],
        properties: { value: { type: "null", oneOf: [{ type: "string" }, { type: "number" }] } },
      },
      Message: {
        type: "object",
        required: ["time"],
        properties: { time: { type: "integer" } },
      },
      Event: {
        allOf: [
          { $ref: "#/components/schemas/Message" },
          { type: "object", properties: { time: { type: "string" } } },
        ],
      },
      Link: { type: "object", required: ["href"], properties: { href: { type: "string" } } },
      // britbox: a required key the closed object does not declare.
      Pin: {
        type: "object",
        additionalProperties: false,
        required: ["status"],
        properties: { valid: { type: "string" } },
      },
      Closed: {
        type: "object",
        additionalProperties: false,
        properties: { title: { type: "string" } },
        allOf: [{ $ref: "#/components/schemas/Link" }],
      },
    });
    for (const name of ["Disk", "Item", "Event", "Closed", "Pin"])
      expect(generate(name).problems, name).not.toEqual([]);
    expect(told).toEqual([
      {
        pointer: "#/components/schemas/Disk/properties/diskType",
        reason: "its enum lists no integer",
        proven: true,
      },
      {
        pointer: "#/components/schemas/Item/properties/value",
        reason: "its type null allows none of its oneOf branches",
        proven: true,
      },
      {
        pointer: "#/components/schemas/Event",
        reason: 'its parts declare "time" as integer and as string, which no value is both',
        proven: true,
      },
      {
        pointer: "#/components/schemas/Closed",
        reason:
          'it requires "href", which the additionalProperties: false at #/components/schemas/Closed/additionalProperties forbids',
        proven: true,
      },
      {
        pointer: "#/components/schemas/Pin",
        reason: 'it requires "status", which its additionalProperties: false forbids',
        proven: true,
      },
    ]);
  });
});
