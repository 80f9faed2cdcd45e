import { describe, expect, it } from "vitest";
import { buildOperations } from "../../src/model/build-operations.js";
import { groupOperations } from "../../src/model/group-operations.js";
import { planParameters } from "../../src/model/method-parameters.js";
import { planReturns } from "../../src/model/method-returns.js";
import { Warnings } from "../../src/model/warnings.js";
import { inlineDocument } from "../support/fixtures.js";

function signatureOf(operation: Record<string, unknown>, path = "/x/{id}") {
  const loaded = inlineDocument({ paths: { [path]: { post: operation } } });
  const warnings = new Warnings();
  const read = buildOperations(loaded, { warnings })[0]!;
  return {
    ...planParameters(loaded, read, warnings),
    ...planReturns(loaded, read, warnings, undefined),
  };
}

const idParameter = { name: "id", in: "path", required: true, schema: { type: "string" } };
const noContent = { responses: { "204": { description: "" } } };

describe("planParameters and planReturns", () => {
  it("lists required parameters before optional ones, keeping wire names as keys", () => {
    const { parameters } = signatureOf({
      ...noContent,
      parameters: [
        idParameter,
        { name: "page-size", in: "query" },
        { name: "X-Trace", in: "header", required: true },
      ],
    });
    expect(parameters.map((p) => [p.binding.in, p.key, p.variable, p.required])).toEqual([
      ["path", "id", "id", true],
      ["header", "X-Trace", "xTrace", true],
      ["query", "page-size", "pageSize", false],
    ]);
  });

  it("gives cookie parameters no decorator and lists them for the doc comment", () => {
    const signature = signatureOf({
      ...noContent,
      parameters: [idParameter, { name: "session", in: "cookie" }],
    });
    expect(signature.parameters[1]).toMatchObject({ variable: "session" });
    expect(signature.parameters[1]!.binding).toEqual({ in: "cookie" });
    expect(signature.cookies).toEqual(["session"]);
  });

  it("de-duplicates variables and avoids reserved words", () => {
    const { parameters } = signatureOf({
      ...noContent,
      parameters: [idParameter, { name: "id", in: "query" }, { name: "class", in: "query" }],
      requestBody: { content: { "text/plain": {} } },
    });
    expect(parameters.map((p) => p.variable)).toEqual(["id", "id2", "class_", "payload"]);
  });

  it("spreads a urlencoded body into one @Data field per property", () => {
    const signature = signatureOf({
      ...noContent,
      parameters: [idParameter],
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: { type: "object", required: ["name"], properties: { status: {}, name: {} } },
          },
        },
      },
    });
    expect(signature.contentType).toBe("application/x-www-form-urlencoded");
    expect(signature.parameters.map((p) => [p.binding.in, p.key, p.required])).toEqual([
      ["path", "id", true],
      ["body", "name", true],
      ["body", "status", false],
    ]);
  });

  it("sends multipart as FormData and names the file fields", () => {
    const signature = signatureOf({
      ...noContent,
      parameters: [idParameter],
      requestBody: {
        content: {
          "multipart/form-data": {
            schema: {
              properties: {
                photo: { type: "string", format: "binary" },
                photos: { type: "array", items: { type: "string", format: "binary" } },
                note: { type: "string" },
              },
            },
          },
        },
      },
    });
    expect(signature.parameters[1]).toMatchObject({
      variable: "formData",
      type: { text: "FormData" },
    });
    expect(signature.contentType).toBe("multipart/form-data");
    expect(signature.fileFields).toEqual(["photo", "photos"]);
  });

  it("maps text and binary responses to text and blob response types", () => {
    const text = signatureOf(
      { responses: { "200": { description: "", content: { "text/csv": {} } } } },
      "/x",
    );
    expect(text).toMatchObject({ responseType: "text", returns: [{ text: "string" }] });
    const binary = signatureOf(
      { responses: { "200": { description: "", content: { "application/octet-stream": {} } } } },
      "/x",
    );
    expect(binary).toMatchObject({ responseType: "blob", returns: [{ text: "Blob" }] });
  });

  it("names inline JSON objects after the operation and returns void without content", () => {
    const signature = signatureOf(
      {
        operationId: "addPet",
        requestBody: { content: { "application/json": { schema: { type: "object" } } } },
        responses: {
          "200": {
            description: "",
            content: { "application/json": { schema: { type: "object" } } },
          },
          "201": {
            description: "",
            content: { "application/json": { schema: { properties: {} } } },
          },
          "204": { description: "" },
        },
      },
      "/x",
    );
    expect(signature.parameters[0]).toMatchObject({ type: { inlineName: "AddPetPayload" } });
    expect(signature.returns).toMatchObject([
      { inlineName: "AddPetResponse" },
      { inlineName: "AddPetResponse201" },
      { text: "void" },
    ]);
  });
});

describe("names the runtime cannot send", () => {
  it("skip an empty form field with a warning naming it", () => {
    const loaded = inlineDocument({
      paths: {
        "/login": {
          post: {
            ...noContent,
            requestBody: {
              content: {
                "application/x-www-form-urlencoded": {
                  schema: { properties: { "": { type: "string" }, user: { type: "string" } } },
                },
              },
            },
          },
        },
      },
    });
    const warnings = new Warnings();
    const signature = planParameters(loaded, buildOperations(loaded, { warnings })[0]!, warnings);
    expect(signature.parameters.map((p) => p.key)).toEqual(["user"]);
    expect(warnings.messages).toEqual([
      "#/paths/~1login/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties/: a form field with an empty name cannot be sent and was skipped",
    ]);
  });
});

describe("placeholders without ASCII letters or digits", () => {
  const document = {
    paths: {
      "/users/{名字}/friends/{年龄}": {
        get: {
          tags: ["t"],
          parameters: [
            { name: "年龄", in: "path", required: true, schema: { type: "integer" } },
            { name: "名字", in: "path", required: true, schema: { type: "string" } },
          ],
          ...noContent,
        },
      },
    },
  };

  it("are named by their place in the path, as key and variable", () => {
    const loaded = inlineDocument(document);
    const warnings = new Warnings();
    const [operation] = buildOperations(loaded, { warnings });
    const { parameters } = planParameters(loaded, operation!, warnings);
    expect(parameters.map((p) => [p.key, p.variable])).toEqual([
      ["param1", "param1"],
      ["param2", "param2"],
    ]);
    const [group] = groupOperations(buildOperations(loaded, { warnings }), { warnings });
    expect(group!.methods[0]!.path).toBe("/users/:param1/friends/:param2");
  });

  it("keep their names whatever order the parameters are declared in", () => {
    const reversed = structuredClone(document);
    reversed.paths["/users/{名字}/friends/{年龄}"].get.parameters.reverse();
    const keysOf = (input: Record<string, unknown>) => {
      const loaded = inlineDocument(input);
      const warnings = new Warnings();
      const { parameters } = planParameters(
        loaded,
        buildOperations(loaded, { warnings })[0]!,
        warnings,
      );
      return parameters.map((p) => `${p.from?.name}=${p.variable}`);
    };
    expect(keysOf(reversed).sort()).toEqual(keysOf(document).sort());
    expect(keysOf(document).sort()).toEqual(["名字=param1", "年龄=param2"]);
  });
});

describe("guesses where the document says nothing", () => {
  function plan(operation: Record<string, unknown>) {
    const loaded = inlineDocument({
      paths: { "/notes": { post: { ...noContent, ...operation } } },
    });
    const warnings = new Warnings();
    const signature = planParameters(loaded, buildOperations(loaded, { warnings })[0]!, warnings);
    return { signature, warnings: warnings.messages };
  }

  it("types a JSON body without a schema unknown, with a warning naming the media type", () => {
    const { signature, warnings } = plan({
      requestBody: { content: { "application/json": {} } },
    });
    expect(signature.parameters.map((p) => p.type)).toEqual([{ text: "unknown" }]);
    expect(warnings).toEqual([
      "#/paths/~1notes/post/requestBody/content/application~1json: request body has no schema; typed unknown",
    ]);
  });

  it("types a parameter without a schema string, with a warning naming it", () => {
    const { signature, warnings } = plan({ parameters: [{ name: "q", in: "query" }] });
    expect(signature.parameters.map((p) => p.type)).toEqual([{ text: "string" }]);
    expect(warnings).toEqual([
      "#/paths/~1notes/post/parameters/0: parameter has no schema; typed string",
    ]);
  });
});
