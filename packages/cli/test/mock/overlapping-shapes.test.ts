import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTempDirs } from "../write/temp-dir.js";
import { type MockUnderTest, runMock } from "./run-mock.js";

const tempDir = useTempDirs();

const shape = { $ref: "#/components/schemas/Shape" };
const openObject = (extra: string) => ({
  type: "object",
  required: ["kind", extra],
  properties: { kind: { type: "string" }, [extra]: { type: "number" } },
});

/** Members that overlap (open objects, `kind` a plain string), told apart only by `discriminator`. */
const document = {
  openapi: "3.0.3",
  info: { title: "shapes", version: "1" },
  paths: {
    "/shapes": {
      post: {
        operationId: "postShape",
        requestBody: { required: true, content: { "application/json": { schema: shape } } },
        responses: {
          "200": { description: "the shape", content: { "application/json": { schema: shape } } },
        },
      },
    },
    "/pets": {
      post: {
        operationId: "createPet",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["relatives"],
                properties: {
                  relatives: {
                    type: "array",
                    items: {
                      type: "object",
                      required: ["name"],
                      properties: { name: { type: "string" } },
                    },
                  },
                },
              },
            },
          },
        },
        responses: { "204": { description: "created" } },
      },
    },
  },
  components: {
    schemas: {
      Shape: {
        oneOf: [
          { $ref: "#/components/schemas/Circle" },
          { $ref: "#/components/schemas/Square" },
          { $ref: "#/components/schemas/Triangle" },
        ],
        discriminator: {
          propertyName: "kind",
          mapping: { circle: "#/components/schemas/Circle", square: "Square" },
        },
      },
      Circle: openObject("radius"),
      Square: openObject("side"),
      Triangle: openObject("base"),
    },
  },
};

describe("kit mock on a discriminated oneOf whose members overlap", () => {
  let mock: MockUnderTest;
  beforeAll(async () => {
    const file = path.join(await tempDir(), "shapes.json");
    await writeFile(file, JSON.stringify(document));
    mock = await runMock(["-i", file], process.cwd());
  });
  afterAll(async () => {
    expect(await mock.stop()).toBe(0);
  });

  const post = (body: unknown) =>
    fetch(`${mock.url}/shapes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("accepts a value of each member, named by mapping or by component name", async () => {
    for (const body of [
      { kind: "circle", radius: 2 },
      { kind: "square", side: 3 },
      { kind: "Triangle", base: 4 },
      { kind: "circle", radius: 2, side: 3 },
    ]) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(200);
      const answer = (await response.json()) as { kind: unknown };
      expect(typeof answer.kind).toBe("string");
    }
  });

  it("rejects a value that breaks the member its discriminator names", async () => {
    const response = await post({ kind: "circle", side: 3 });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("radius");
  });

  it("rejects a value that matches no member", async () => {
    expect((await post({ kind: "circle" })).status).toBe(422);
    expect((await post({ radius: 2 })).status).toBe(422);
    expect((await post("circle")).status).toBe(422);
  });
});

describe("kit mock on a multipart field that is an array of objects", () => {
  let mock: MockUnderTest;
  beforeAll(async () => {
    const file = path.join(await tempDir(), "pets.json");
    await writeFile(file, JSON.stringify(document));
    mock = await runMock(["-i", file], process.cwd());
  });
  afterAll(async () => {
    expect(await mock.stop()).toBe(0);
  });

  const send = (...relatives: string[]) => {
    const form = new FormData();
    for (const relative of relatives)
      form.append("relatives", new Blob([relative], { type: "application/json" }));
    return fetch(`${mock.url}/pets`, { method: "POST", body: form });
  };

  it("reads one part as an array of one, as it reads two parts", async () => {
    expect((await send('{"name":"a"}')).status).toBe(204);
    expect((await send('{"name":"a"}', '{"name":"b"}')).status).toBe(204);
  });

  it("still checks each item of a single part", async () => {
    const response = await send('{"nick":"a"}');
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("name");
  });
});
