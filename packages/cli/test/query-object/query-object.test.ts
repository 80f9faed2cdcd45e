import { writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { kitQueryKey } from "@kit/api/tanstack-query";
import { hashKey } from "@tanstack/query-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import { buildOperations } from "../../src/model/build-operations.js";
import { Warnings } from "../../src/model/warnings.js";
import { loadOpenAPIDocument } from "../../src/openapi/load.js";
import type { GenerateResult } from "../../src/options.js";
import { RequestValidator } from "../../src/wire/index.js";
import { writeClient } from "../envelope/write-client.js";
import { SCRATCH_DIR, writeTsconfig } from "../support/output-dir.js";
import { COMPILERS, compileProject, requireBuiltRuntime } from "../support/tsc.js";
import { ASANA_LIKE, COMPLETED_POSITION, SEARCH_QUERY_PARAMETERS } from "./asana-like.js";

const DIR = join(SCRATCH_DIR, "query-object");

type Call = (...args: unknown[]) => { send(): Promise<unknown> };
interface Client {
  tasksApi: { searchTasksForWorkspace: Call };
  projectsApi: { getProjects: Call };
}

let server: Server;
let origin: string;
let lastUrl = "";
const clients: Record<"positional" | "object", { result: GenerateResult; client: Client }> =
  {} as never;

const file = (result: GenerateResult, path: string) =>
  result.files.find((candidate) => candidate.path === path)!.contents;

/** The search operation's query parameter names, in document order. */
const SEARCH_KEYS = ASANA_LIKE.paths["/workspaces/{workspace_gid}/tasks/search"].get.parameters
  .filter((parameter) => parameter.in === "query")
  .map((parameter) => parameter.name);

beforeAll(async () => {
  requireBuiltRuntime();
  server = createServer((request, response) => {
    lastUrl = request.url ?? "";
    response.writeHead(200, { "content-type": "application/json" }).end('{"data":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const form of ["positional", "object"] as const) {
    const result = await generateFromOpenAPI(structuredClone(ASANA_LIKE) as object, {
      baseUrl: origin,
      queryObject: form === "object",
      mock: "msw",
    });
    await writeClient(result, join(DIR, form));
    const client = (await import(pathToFileURL(join(DIR, form, "index.ts")).href)) as Client;
    clients[form] = { result, client };
  }
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("an Asana-like search with 57 optional query parameters", () => {
  it("is one typed query parameter with --query-object, and positional without", () => {
    expect([SEARCH_QUERY_PARAMETERS, COMPLETED_POSITION]).toEqual([57, 52]);
    const positional = file(clients.positional.result, "apis/tasks.api.ts");
    expect(positional).toContain(
      "  searchTasksForWorkspace(\n    workspaceGid: string,\n    text?: string,\n    resourceSubtype?:",
    );
    expect(positional).toContain(
      '@Query("tags.all", { style: "pipeDelimited" }) _tagsAll?: unknown',
    );
    const named = file(clients.object.result, "apis/tasks.api.ts");
    expect(named).toContain(
      [
        "  searchTasksForWorkspace(",
        "    workspaceGid: string,",
        "    query?: SearchTasksForWorkspaceQuery,",
        "  ): Promise<SearchTasksForWorkspaceResponse>;",
      ].join("\n"),
    );
    // The decorator's 57 keys are one per line, as Prettier wraps a long argument list.
    expect(named).toContain(
      '    @Query({\n      keys: [\n        "text",\n        "resource_subtype",\n        "assignee.any",\n',
    );
    expect(named).toContain('"tags.all": { style: "pipeDelimited" }');
    expect(named).toContain('"custom_fields": { style: "deepObject" }');
    const types = file(clients.object.result, "types/tasks.ts");
    expect(types).toContain("export interface SearchTasksForWorkspaceQuery {");
    expect(types).toContain('  /** Filters by tags.all. */\n  "tags.all"?: string[];');
    expect(types).toContain(
      "   * Filters by opt_pretty.\n   *\n   * @deprecated\n   */\n  opt_pretty?: boolean;",
    );
    const start = types.indexOf("export interface SearchTasksForWorkspaceQuery {");
    const declaration = types.slice(start, types.indexOf("\n}", start));
    expect(declaration.match(/^ {2}\S.*\?: /gm)).toHaveLength(SEARCH_QUERY_PARAMETERS);
  });

  it("keeps a required query parameter required, and an exploded query object positional", () => {
    const named = file(clients.object.result, "apis/projects.api.ts");
    expect(named).toContain("  getProjects(\n    query: GetProjectsQuery,\n    filter?: {");
    expect(named).toContain(
      [
        "  getProjects(",
        '    @Query({ keys: ["workspace", "limit", "archived"] }) _query: unknown,',
        "    @Query() _filter?: unknown,",
        "  )",
      ].join("\n"),
    );
    expect(file(clients.object.result, "types/projects.ts")).toContain("  workspace: string;\n}");
  });

  it("puts the positional form's bytes on the wire, which the mock's validator accepts", async () => {
    const values: Record<string, unknown> = {
      text: "Bug & fix",
      "assignee.any": ["me", "12,3"],
      "projects.not": ["p1"],
      "tags.all": ["a", "b c"],
      "due_on.before": "2024-01-02",
      "completed_at.after": "2024-01-02T03:04:05Z",
      completed: true,
      custom_fields: { "123": "x y", "456": "z" },
      sort_by: "likes",
      limit: 10,
      opt_pretty: false,
    };
    const positionalArgs = SEARCH_KEYS.map((key) => values[key]);
    expect(positionalArgs.length).toBe(SEARCH_QUERY_PARAMETERS);
    await clients.positional.client.tasksApi
      .searchTasksForWorkspace("w 1", ...positionalArgs)
      .send();
    const positional = lastUrl;
    // The object is written in another order than the document's: the wire keeps the document's.
    const reversed = Object.fromEntries(Object.entries(values).reverse());
    await clients.object.client.tasksApi.searchTasksForWorkspace("w 1", reversed).send();
    expect(lastUrl).toBe(positional);
    expect(lastUrl).toBe(
      "/workspaces/w%201/tasks/search?text=Bug%20%26%20fix&assignee.any=me,12%2C3&projects.not=p1&tags.all=a%7Cb%20c&due_on.before=2024-01-02&completed_at.after=2024-01-02T03%3A04%3A05Z&completed=true&custom_fields%5B123%5D=x%20y&custom_fields%5B456%5D=z&sort_by=likes&limit=10&opt_pretty=false",
    );

    await clients.positional.client.projectsApi
      .getProjects("w", 5, undefined, { owner: "me" })
      .send();
    const projects = lastUrl;
    await clients.object.client.projectsApi
      .getProjects({ limit: 5, workspace: "w" }, { owner: "me" })
      .send();
    expect(lastUrl).toBe(projects);
    expect(lastUrl).toBe("/projects?workspace=w&limit=5&owner=me");

    const loaded = await loadOpenAPIDocument(structuredClone(ASANA_LIKE) as object);
    const [search] = buildOperations(loaded, { warnings: new Warnings() }).filter((operation) =>
      operation.path.endsWith("/search"),
    );
    const sent = { method: "GET", target: positional, headers: {}, body: new Uint8Array() };
    expect(await new RequestValidator(loaded).validate(search!, sent)).toEqual([]);
  });

  it("writes the same MSW handlers either way", () => {
    const handlers = (form: "positional" | "object") =>
      clients[form].result.files
        .filter((candidate) => candidate.path.startsWith("mocks/"))
        .map((candidate) => [candidate.path, candidate.contents]);
    expect(handlers("object").length).toBeGreaterThan(0);
    expect(handlers("object")).toEqual(handlers("positional"));
  });

  it("gives TanStack Query one key per query object, whatever order its keys are written in", () => {
    const { searchTasksForWorkspace } = clients.object.client.tasksApi;
    const key = kitQueryKey(searchTasksForWorkspace("w", { completed: true, limit: 5 }) as never);
    const same = kitQueryKey(searchTasksForWorkspace("w", { limit: 5, completed: true }) as never);
    const other = kitQueryKey(searchTasksForWorkspace("w", { limit: 6, completed: true }) as never);
    expect(key.slice(1)).toEqual([
      "TasksApi",
      "searchTasksForWorkspace",
      "w",
      { completed: true, limit: 5 },
    ]);
    expect(hashKey(same)).toBe(hashKey(key));
    expect(hashKey(other)).not.toBe(hashKey(key));
  });
});

const USAGE = `import { tasksApi as positionalTasks } from "./positional/index";
import { projectsApi, tasksApi } from "./object/index";
import type { SearchTasksForWorkspaceQuery } from "./object/types";

export function calls(): void {
  // Filtering by completed, query parameter number ${COMPLETED_POSITION}, positionally:
  positionalTasks.searchTasksForWorkspace("w", ${"undefined, ".repeat(COMPLETED_POSITION - 1)}true);
  // and by name:
  tasksApi.searchTasksForWorkspace("w", { completed: true });
  tasksApi.searchTasksForWorkspace("w", { "tags.all": ["a"], custom_fields: { "1": "x" }, sort_by: "likes" });
  tasksApi.searchTasksForWorkspace("w");
  // @ts-expect-error a misspelt key does not compile
  tasksApi.searchTasksForWorkspace("w", { complete: true });
  // @ts-expect-error a value of the wrong type does not either
  tasksApi.searchTasksForWorkspace("w", { limit: "10" });
  // @ts-expect-error nor a value outside the enum
  const sorted: SearchTasksForWorkspaceQuery = { sort_by: "size" };
  projectsApi.getProjects({ workspace: "w" }, { owner: "me" });
  // @ts-expect-error the required key is required
  projectsApi.getProjects({ limit: 1 });
  void sorted;
}
`;

describe("the query object under tsc", () => {
  it.each(COMPILERS)(
    "compiles under TypeScript %s, a misspelt key does not",
    async (_version, compiler) => {
      await writeFile(join(DIR, "usage.ts"), USAGE);
      await writeTsconfig(DIR, ["positional", "object", "usage.ts"]);
      const { code, output } = await compileProject(compiler, DIR);
      expect(output).toBe("");
      expect(code).toBe(0);
    },
    60_000,
  );
});

describe("the doc comment of a method with a query object", () => {
  it("documents the query keys on the type, and the body as before", async () => {
    const result = await generateFromOpenAPI(
      {
        openapi: "3.0.3",
        info: { title: "t", version: "1" },
        paths: {
          "/pets": {
            post: {
              operationId: "addPet",
              parameters: [
                {
                  name: "dry_run",
                  in: "query",
                  description: "Only validate.",
                  schema: { type: "boolean" },
                },
              ],
              requestBody: {
                description: "The new pet.",
                content: { "application/json": { schema: { type: "object" } } },
              },
              responses: { "204": { description: "Added." } },
            },
          },
        },
      },
      { queryObject: true },
    );
    const api = file(result, "apis/default.api.ts");
    expect(api).toContain(
      "   * @param payload The new pet.\n   */\n  addPet(query?: AddPetQuery, payload?: AddPetPayload)",
    );
    expect(api).not.toContain("@param query");
    expect(file(result, "types/default.ts")).toContain(
      "  /** Only validate. */\n  dry_run?: boolean;",
    );
  });
});
