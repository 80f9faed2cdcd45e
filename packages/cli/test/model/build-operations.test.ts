import { describe, expect, it } from "vitest";
import { KitGenerateError } from "../../src/errors.js";
import { buildOperations } from "../../src/model/build-operations.js";
import { Warnings } from "../../src/model/warnings.js";
import { inlineDocument } from "../support/fixtures.js";

const ok = { responses: { "204": { description: "ok" } } };

describe("buildOperations", () => {
  it("yields one operation per path and verb, sorted by path then verb", () => {
    const loaded = inlineDocument({
      paths: { "/b": { post: ok, get: ok }, "/a": { delete: ok } },
    });
    expect(
      buildOperations(loaded, { warnings: new Warnings() }).map(
        (op) => `${op.verb} ${op.path} ${op.pointer}`,
      ),
    ).toEqual([
      "delete /a #/paths/~1a/delete",
      "get /b #/paths/~1b/get",
      "post /b #/paths/~1b/post",
    ]);
  });

  it("merges path-item parameters, letting the operation override them", () => {
    const loaded = inlineDocument({
      paths: {
        "/pets/{id}": {
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string" } },
            { name: "q", in: "query", description: "from the path item" },
          ],
          get: { ...ok, parameters: [{ name: "q", in: "query", description: "own" }] },
        },
      },
    });
    const [operation] = buildOperations(loaded, { warnings: new Warnings() });
    expect(operation!.parameters.map((p) => [p.in, p.name, p.description])).toEqual([
      ["path", "id", undefined],
      ["query", "q", "own"],
    ]);
  });

  it("lets an operation header override a path-item header spelled in another case", () => {
    const loaded = inlineDocument({
      paths: {
        "/assets": {
          parameters: [{ name: "X-Amz-Content-Sha256", in: "header", required: false }],
          post: {
            ...ok,
            parameters: [
              { name: "x-amz-content-sha256", in: "header", required: true },
              { name: "Q", in: "query" },
              { name: "q", in: "query", schema: { type: "string" } },
            ],
          },
        },
      },
    });
    const [operation] = buildOperations(loaded, { warnings: new Warnings() });
    expect(operation!.parameters.map((p) => [p.in, p.name, p.required])).toEqual([
      ["header", "x-amz-content-sha256", true],
      ["query", "Q", false],
      ["query", "q", false],
    ]);
  });

  it("marks query arrays sent as one joined value (explode: false, delimited styles)", () => {
    const strings = { type: "array", items: { type: "string" } };
    const loaded = inlineDocument({
      paths: {
        "/q": {
          get: {
            ...ok,
            parameters: [
              { name: "csv", in: "query", explode: false, schema: strings },
              { name: "pipes", in: "query", style: "pipeDelimited", schema: strings },
              {
                name: "spaces",
                in: "query",
                style: "spaceDelimited",
                explode: true,
                schema: strings,
              },
              { name: "plain", in: "query", schema: strings },
              { name: "scalar", in: "query", explode: false, schema: { type: "string" } },
              { name: "deep", in: "query", style: "deepObject", explode: false, schema: strings },
            ],
          },
        },
      },
    });
    const [operation] = buildOperations(loaded, { warnings: new Warnings() });
    expect(operation!.parameters.map((p) => [p.name, p.binding])).toEqual([
      ["csv", { in: "query", style: "form", explode: false }],
      ["pipes", { in: "query", style: "pipeDelimited", explode: false }],
      ["spaces", { in: "query" }],
      ["plain", { in: "query" }],
      ["scalar", { in: "query" }],
      ["deep", { in: "query", style: "deepObject" }],
    ]);
  });

  it("resolves parameter, body and response references", () => {
    const loaded = inlineDocument({
      paths: {
        "/pets": {
          post: {
            parameters: [{ $ref: "#/components/parameters/Limit" }],
            requestBody: { $ref: "#/components/requestBodies/Pet" },
            responses: { "200": { $ref: "#/components/responses/Pet" } },
          },
        },
      },
      components: {
        parameters: { Limit: { name: "limit", in: "query", schema: { type: "integer" } } },
        requestBodies: {
          Pet: { required: true, content: { "application/json": { schema: { type: "object" } } } },
        },
        responses: {
          Pet: { description: "a pet", content: { "text/plain": { schema: { type: "string" } } } },
        },
      },
    });
    const [operation] = buildOperations(loaded, { warnings: new Warnings() });
    expect(operation!.parameters[0]!.pointer).toBe("#/components/parameters/Limit");
    expect(operation!.requestBody).toMatchObject({ kind: "json", required: true });
    expect(operation!.responses).toMatchObject([{ status: "200", kind: "text" }]);
  });

  it("reads a referenced parameter, body or response once, for every operation that names it", () => {
    const shared = {
      parameters: [{ $ref: "#/components/parameters/Limit" }],
      requestBody: { $ref: "#/components/requestBodies/Pet" },
      responses: {
        "200": { $ref: "#/components/responses/Pet" },
        "204": { $ref: "#/components/responses/Pet" },
        default: { $ref: "#/components/responses/Pet" },
      },
    };
    const loaded = inlineDocument({
      paths: { "/a": { post: shared }, "/b": { post: shared } },
      components: {
        parameters: {
          // Not expressible in a query string: one warning, however many operations name it.
          Limit: {
            name: "limit",
            in: "query",
            style: "spaceDelimited",
            explode: true,
            schema: { type: "object" },
          },
        },
        requestBodies: {
          Pet: { required: true, content: { "application/json": { schema: { type: "object" } } } },
        },
        responses: {
          Pet: { description: "a pet", content: { "text/plain": { schema: { type: "string" } } } },
        },
      },
    });
    const warnings = new Warnings();
    const [a, b] = buildOperations(loaded, { warnings });
    expect(b!.parameters[0]).toBe(a!.parameters[0]);
    expect(b!.requestBody).toBe(a!.requestBody);
    expect(b!.responses).toEqual(a!.responses);
    expect(b!.responses[0]).toBe(a!.responses[0]);
    // One response object per status: a 204 never has content, whatever the component says.
    expect(a!.responses).toMatchObject([
      { status: "200", kind: "text", pointer: "#/components/responses/Pet" },
      { status: "204", pointer: "#/components/responses/Pet" },
    ]);
    expect(a!.responses[1]).not.toHaveProperty("kind");
    expect(a!.errors).toMatchObject([{ status: "default", kind: "text" }]);
    expect(warnings.messages.filter((message) => message.includes("/style"))).toHaveLength(1);
  });

  it("keeps only 2xx responses, sorted", () => {
    const loaded = inlineDocument({
      paths: {
        "/x": {
          get: {
            responses: {
              "404": { description: "" },
              "201": { description: "" },
              "2XX": { description: "" },
              "200": { description: "" },
              default: { description: "" },
            },
          },
        },
      },
    });
    expect(
      buildOperations(loaded, { warnings: new Warnings() })[0]!.responses.map((r) => r.status),
    ).toEqual(["200", "201", "2XX"]);
  });

  it("types an undeclared placeholder as a required string and warns", () => {
    const warnings = new Warnings();
    const loaded = inlineDocument({ paths: { "/x/{id}": { get: ok } } });
    const [operation] = buildOperations(loaded, { warnings });
    expect(operation!.parameters).toMatchObject([{ name: "id", in: "path", required: true }]);
    expect(warnings.messages).toEqual([
      '#/paths/~1x~1{id}/get: path parameter "id" is not declared; it is typed string',
    ]);
  });

  it("skips trace with one warning", () => {
    const warnings = new Warnings();
    const loaded = inlineDocument({ paths: { "/x": { trace: ok, get: ok } } });
    expect(buildOperations(loaded, { warnings }).map((op) => op.verb)).toEqual(["get"]);
    expect(warnings.messages).toEqual([
      "#/paths/~1x/trace: trace operations are not supported and were skipped",
    ]);
  });

  it("skips an empty media type key with a warning and uses the others", () => {
    const warnings = new Warnings();
    const object = { schema: { type: "object" } };
    const loaded = inlineDocument({
      paths: {
        "/a": {
          post: { ...ok, requestBody: { content: { "": object, "application/json": object } } },
        },
        "/b": {
          post: {
            requestBody: { content: { "": object } },
            responses: { "200": { description: "ok", content: { "": object } } },
          },
        },
      },
    });
    const [a, b] = buildOperations(loaded, { warnings });
    expect(a!.requestBody?.mediaType).toBe("application/json");
    expect(b!.requestBody).toBeUndefined();
    expect(b!.responses).toEqual([{ status: "200", pointer: "#/paths/~1b/post/responses/200" }]);
    expect(warnings.messages).toEqual([
      "#/paths/~1a/post/requestBody/content/: a media type key is empty, which names no format; skipped",
      "#/paths/~1b/post/requestBody/content/: a media type key is empty, which names no format; skipped",
      "#/paths/~1b/post/responses/200/content/: a media type key is empty, which names no format; skipped",
    ]);
  });

  it("puts untagged operations under default and filters tags, exclusion first", () => {
    const loaded = inlineDocument({
      paths: { "/a": { get: { ...ok, tags: ["pet", "store"] } }, "/b": { get: ok } },
    });
    expect(buildOperations(loaded, { warnings: new Warnings() }).map((op) => op.tags)).toEqual([
      ["pet", "store"],
      ["default"],
    ]);
    expect(
      buildOperations(loaded, { tags: ["store"], warnings: new Warnings() }).map((op) => op.tags),
    ).toEqual([["store"]]);
    expect(
      buildOperations(loaded, { tags: ["pet"], excludeTags: ["pet"], warnings: new Warnings() }),
    ).toEqual([]);
  });

  it("rejects an operation that is not an object, naming its pointer", () => {
    const loaded = inlineDocument({ paths: { "/a": { get: "nope" } } });
    expect(() => buildOperations(loaded, { warnings: new Warnings() })).toThrow(KitGenerateError);
    expect(() => buildOperations(loaded, { warnings: new Warnings() })).toThrow(
      /^#\/paths\/~1a\/get\b.*: An operation must be an object$/,
    );
  });
});

describe("what real documents hold", () => {
  it("reads a placeholder followed by identifier characters as a path parameter, without warning", () => {
    const warnings = new Warnings();
    const loaded = inlineDocument({
      paths: {
        "/files/{name}_{ext}": {
          get: {
            ...ok,
            parameters: [
              { name: "name", in: "path", required: true, schema: { type: "string" } },
              { name: "ext", in: "path", required: true, schema: { type: "string" } },
            ],
          },
        },
      },
    });
    const [operation] = buildOperations(loaded, { warnings });
    expect(operation!.parameters.map((p) => p.name)).toEqual(["name", "ext"]);
    expect(warnings.messages).toEqual([]);
  });

  it("skips the x- extensions of the Paths Object", () => {
    const loaded = inlineDocument({
      paths: { "x-codegen-contextRoot": "/apis/registry/v2", "/health": { get: ok } },
    });
    expect(buildOperations(loaded, { warnings: new Warnings() }).map((op) => op.path)).toEqual([
      "/health",
    ]);
  });

  it("ignores header parameters named Accept, Content-Type or Authorization, with a warning", () => {
    const warnings = new Warnings();
    const loaded = inlineDocument({
      paths: {
        "/build": {
          post: {
            ...ok,
            parameters: [
              { name: "Content-type", in: "header" },
              { name: "accept", in: "header" },
              { name: "Authorization", in: "header" },
              { name: "X-Registry-Config", in: "header", schema: { type: "string" } },
              { name: "accept", in: "query", schema: { type: "string" } },
            ],
          },
        },
      },
    });
    const [operation] = buildOperations(loaded, { warnings });
    expect(operation!.parameters.map((p) => `${p.in} ${p.name}`)).toEqual([
      "header X-Registry-Config",
      "query accept",
    ]);
    expect(warnings.messages).toHaveLength(3);
    expect(warnings.messages[0]).toMatch(
      /^#\/paths\/~1build\/post\/parameters\/0: header parameter "Content-type" is ignored/,
    );
  });
});

describe("parameters the runtime cannot send", () => {
  it("are skipped with a warning when their name is empty", () => {
    const warnings = new Warnings();
    const loaded = inlineDocument({
      paths: {
        "/s": {
          get: {
            ...ok,
            parameters: [
              { name: "", in: "query" },
              { name: "q", in: "query", schema: { type: "string" } },
            ],
          },
        },
      },
    });
    expect(buildOperations(loaded, { warnings })[0]!.parameters.map((p) => p.name)).toEqual(["q"]);
    expect(warnings.messages).toEqual([
      "#/paths/~1s/get/parameters/0: a parameter with an empty name cannot be sent and was skipped",
    ]);
  });

  it("reads error responses beside the 2xx ones, leaving out an unreadable one with a warning", () => {
    const warnings = new Warnings();
    const json = { content: { "application/json": { schema: { type: "object" } } } };
    const loaded = inlineDocument({
      paths: {
        "/x": {
          get: {
            responses: {
              "200": { description: "ok", ...json },
              "404": { description: "gone", ...json },
              "4XX": { $ref: "#/components/responses/Missing" },
              "5XX": { description: "down" },
              default: { description: "other", content: { "text/plain": {} } },
              "302": { description: "not an error response" },
            },
          },
        },
      },
    });
    const [operation] = buildOperations(loaded, { warnings });
    expect(operation!.responses.map((r) => r.status)).toEqual(["200"]);
    expect(operation!.errors.map((r) => [r.status, r.kind])).toEqual([
      ["404", "json"],
      ["5XX", undefined],
      ["default", "text"],
    ]);
    expect(warnings.messages).toEqual([
      expect.stringMatching(
        /^#\/paths\/~1x\/get\/responses\/4XX: .*; left out of the method's error type$/,
      ),
    ]);
  });

  it("reads a stream's item schema from itemSchema first, else from schema", () => {
    const item = { type: "object", properties: { n: { type: "integer" } } };
    const loaded = inlineDocument({
      paths: {
        "/events": {
          get: {
            responses: {
              "200": {
                description: "events",
                content: { "text/event-stream": { itemSchema: item, schema: { type: "string" } } },
              },
            },
          },
        },
        "/lines": {
          get: {
            responses: {
              "200": { description: "lines", content: { "application/jsonl": { schema: item } } },
            },
          },
        },
      },
    });
    const [events, lines] = buildOperations(loaded, { warnings: new Warnings() });
    expect(events!.responses[0]).toMatchObject({
      stream: { kind: "events", itemSchema: true },
      schema: {
        schema: item,
        pointer: "#/paths/~1events/get/responses/200/content/text~1event-stream/itemSchema",
      },
    });
    expect(lines!.responses[0]).toMatchObject({
      stream: { kind: "json-lines", itemSchema: false },
      schema: {
        schema: item,
        pointer: "#/paths/~1lines/get/responses/200/content/application~1jsonl/schema",
      },
    });
  });
});
