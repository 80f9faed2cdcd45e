import { describe, expect, it } from "vitest";
import { planDocument } from "../../src/model/plan.js";
import type { Declaration, GenerationPlan } from "../../src/model/plan-types.js";
import type { TypeExpr } from "../../src/model/type-expr.js";
import { Warnings } from "../../src/model/warnings.js";
import { inlineDocument } from "../support/fixtures.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { "application/json": { schema } } });

/** A document whose `POST /things` sends `request` and returns `response`. */
function plan(
  schemas: Record<string, unknown>,
  request: unknown,
  response: unknown,
  more: Record<string, unknown> = {},
): GenerationPlan {
  const loaded = inlineDocument({
    paths: {
      "/things": {
        post: {
          operationId: "send",
          requestBody: json(request),
          responses: { "200": { description: "ok", ...json(response) } },
        },
      },
      ...more,
    },
    components: { schemas },
  });
  return planDocument(loaded, {}, new Warnings());
}

/** Declared type names with their property keys (`?` when optional). */
function declared(result: GenerationPlan): Record<string, string[] | string> {
  const describe = ({ body }: Declaration) =>
    body.kind === "interface"
      ? body.properties.map((p) => `${p.key}${p.optional ? "?" : ""}`)
      : body.type.kind;
  return Object.fromEntries(result.declarations.map((d) => [d.type.name, describe(d)]));
}

/** The names a method's parameters and return type refer to. */
function signature(result: GenerationPlan): { parameters: string[]; returns: string } {
  const name = (type: TypeExpr): string =>
    type.kind === "ref"
      ? type.type.name
      : type.kind === "union"
        ? type.members.map(name).join(" | ")
        : type.kind;
  const [method] = result.apis[0]!.methods;
  return {
    parameters: method!.parameters.map((p) => name(p.type)),
    returns: name(method!.returns),
  };
}

const PET = {
  type: "object",
  required: ["id", "name", "secret"],
  properties: {
    id: { type: "integer", readOnly: true },
    name: { type: "string" },
    secret: { type: "string", writeOnly: true },
  },
};

describe("readOnly and writeOnly properties", () => {
  it("a type used both ways whose shapes differ gets a second name for requests", () => {
    const result = plan({ Pet: PET }, ref("Pet"), ref("Pet"));
    expect(declared(result)).toEqual({ PetWritable: ["name", "secret"], Pet: ["id", "name"] });
    expect(signature(result)).toEqual({ parameters: ["PetWritable"], returns: "Pet" });
  });

  it("a type used only to send keeps its name, without its readOnly properties", () => {
    const result = plan({ Pet: PET }, ref("Pet"), { type: "string" });
    expect(declared(result)).toEqual({ Pet: ["name", "secret"] });
    expect(signature(result).parameters).toEqual(["Pet"]);
  });

  it("a type used only to receive keeps its name, without its writeOnly properties", () => {
    const result = plan({ Pet: PET }, { type: "string" }, ref("Pet"));
    expect(declared(result)).toEqual({ Pet: ["id", "name"] });
  });

  it("a type whose two shapes are the same keeps one name", () => {
    const Tag = { type: "object", properties: { label: { type: "string" } } };
    const result = plan({ Tag }, ref("Tag"), ref("Tag"));
    expect(declared(result)).toEqual({ Tag: ["label?"] });
    expect(signature(result)).toEqual({ parameters: ["Tag"], returns: "Tag" });
  });

  it("a property both readOnly and writeOnly is in neither shape, and splits nothing", () => {
    const Odd = {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "string", readOnly: true, writeOnly: true } },
    };
    expect(declared(plan({ Odd }, ref("Odd"), ref("Odd")))).toEqual({ Odd: ["a?"] });
  });

  it("follows references: a type whose nested reference differs differs too", () => {
    const schemas = {
      Owner: { type: "object", properties: { badge: ref("Badge"), name: { type: "string" } } },
      Badge: { type: "object", properties: { serial: ref("Serial") } },
      Serial: { type: "string", readOnly: true },
      Note: { type: "object", properties: { text: { type: "string" } } },
    };
    const holder = {
      type: "object",
      properties: { owners: { type: "array", items: ref("Owner") }, note: ref("Note") },
    };
    const result = plan({ ...schemas, Holder: holder }, ref("Holder"), ref("Holder"));
    expect(declared(result)).toEqual({
      HolderWritable: ["note?", "owners?"],
      OwnerWritable: ["badge?", "name?"],
      Note: ["text?"],
      // Its one property is readOnly: left out as `serial?: never`, so it cannot be sent.
      BadgeWritable: ["serial?"],
      Holder: ["note?", "owners?"],
      Owner: ["badge?", "name?"],
      Badge: ["serial?"],
      Serial: "primitive",
    });
  });

  it("leaves readOnly properties out of an inline request body and form fields", () => {
    const inline = {
      type: "object",
      properties: { id: { type: "integer", readOnly: true }, a: {} },
    };
    const result = plan({}, inline, inline);
    expect(declared(result)).toEqual({ SendPayload: ["a?"], SendResponse: ["a?", "id?"] });
    const form = planDocument(
      inlineDocument({
        paths: {
          "/form": {
            post: {
              operationId: "form",
              requestBody: { content: { "application/x-www-form-urlencoded": { schema: inline } } },
              responses: { "204": { description: "done" } },
            },
          },
        },
      }),
      {},
      new Warnings(),
    );
    expect(form.apis[0]!.methods[0]!.parameters.map((p) => p.variable)).toEqual(["a"]);
  });

  it("names a second shape after every type is placed, so a taken name gets a suffix", () => {
    const loaded = inlineDocument({
      paths: {
        "/things": {
          post: {
            operationId: "send",
            requestBody: json(ref("Pet")),
            responses: { "200": { description: "ok", ...json(ref("Pet")) } },
          },
        },
      },
      components: { schemas: { Pet: PET, PetWritable: { type: "string" } } },
    });
    const warnings = new Warnings();
    const result = planDocument(loaded, {}, warnings);
    expect(Object.keys(declared(result))).toEqual(["PetWritable2", "Pet"]);
    expect(warnings.messages).toEqual([
      '#/components/schemas/Pet: type name "PetWritable" is already taken (by an import, a global or another type); using "PetWritable2"',
    ]);
  });
});
