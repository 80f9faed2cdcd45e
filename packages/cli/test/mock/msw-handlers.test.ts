import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { TSC_FLAGS } from "../../../../vitest.suite.js";
import { generateFromOpenAPI } from "../../src/generate.js";
import { REPO_ROOT } from "../corpus/run-corpus.js";
import { SCRATCH_DIR, writeOutput, writeTsconfig } from "../support/output-dir.js";
import { examplesOf } from "./msw-examples.js";

const PETSTORE = `${REPO_ROOT}examples/petstore/openapi.yaml`;
const OUT = join(SCRATCH_DIR, "msw-petstore");

/*
 * The handlers answering a real client run in Chromium (examples/test/msw.test.ts): msw 3 needs
 * Node 22 (Set methods, Promise.withResolvers) for msw/node, and the repository supports Node 20.
 */

/** A user's file leaning on the handlers' types: a wrong example or override does not compile. */
const USAGE = `import { HttpResponse } from "msw";
import { handlers, petApiExamples, petApiHandlers, type PetApiResolvers } from "./mocks";
import type { Pet } from "./types";

const pet: Pet = petApiExamples.getPetById;
const resolvers: PetApiResolvers = { getPetById: () => HttpResponse.json(pet) };
// @ts-expect-error only the tag's method names can be overridden
const wrong: PetApiResolvers = { getPetByName: () => HttpResponse.json(pet) };
export const all = [...petApiHandlers(resolvers), ...handlers("http://127.0.0.1:1/api/v3"), wrong];
`;

describe("kit generate --mock msw", () => {
  beforeAll(async () => {
    await writeOutput(
      await generateFromOpenAPI(PETSTORE, { mock: "msw", baseUrl: "http://127.0.0.1:4999/api/v3" }),
      OUT,
    );
    await writeTsconfig(OUT, ["**/*.ts"]);
    await writeFile(join(OUT, "usage.ts"), USAGE);
  });

  it("writes one handler file per tag and an index, deterministically", async () => {
    const first = await generateFromOpenAPI(PETSTORE, { mock: "msw" });
    const again = await generateFromOpenAPI(PETSTORE, { mock: "msw" });
    const mocks = first.files.filter((file) => file.path.startsWith("mocks/"));
    expect(mocks.map((file) => file.path)).toEqual([
      "mocks/index.ts",
      "mocks/pet.handlers.ts",
      "mocks/store.handlers.ts",
      // The tag 用户管理, named by a hash of its text.
      "mocks/tag-iolfad.handlers.ts",
      "mocks/user.handlers.ts",
    ]);
    expect(again.files).toEqual(first.files);
    const without = await generateFromOpenAPI(PETSTORE);
    expect(without.files.some((file) => file.path.startsWith("mocks/"))).toBe(false);
  });

  it("type-checks with the generated types (examples satisfy them, overrides by method name)", async () => {
    const run = promisify(execFile);
    const result = await run(
      process.execPath,
      [
        join(REPO_ROOT, "node_modules/typescript/bin/tsc"),
        "-p",
        join(OUT, "tsconfig.json"),
        ...TSC_FLAGS,
      ],
      { cwd: REPO_ROOT },
    ).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe("");
  }, 120_000);
});

describe("kit generate --mock msw with schemas named like what the handler files use", () => {
  const names = ["HttpResponse", "HttpHandler", "HttpResponseResolver", "Partial", "Uint8Array"];
  const document = {
    openapi: "3.1.0",
    info: { title: "clashing names", version: "1" },
    paths: Object.fromEntries(
      names.map((name) => [
        `/${name.toLowerCase()}`,
        {
          get: {
            operationId: `get${name}`,
            tags: ["names"],
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": { schema: { $ref: `#/components/schemas/${name}` } },
                },
              },
            },
          },
        },
      ]),
    ),
    components: {
      schemas: Object.fromEntries(
        names.map((name) => [
          name,
          { type: "object", required: ["id"], properties: { id: { type: "integer" } } },
        ]),
      ),
    },
  };

  it("renames those types, so the handler file type-checks", async () => {
    const out = join(SCRATCH_DIR, "msw-clashing-names");
    const result = await generateFromOpenAPI(document, { mock: "msw" });
    const handlers = result.files.find((file) => file.path === "mocks/names.handlers.ts")!;
    // Every example is still checked against its (renamed) type.
    expect(handlers.contents.match(/ satisfies /g)).toHaveLength(names.length);
    await writeOutput(result, out);
    await writeTsconfig(out, ["**/*.ts"]);
    const run = promisify(execFile);
    const output = await run(
      process.execPath,
      [
        join(REPO_ROOT, "node_modules/typescript/bin/tsc"),
        "-p",
        join(out, "tsconfig.json"),
        ...TSC_FLAGS,
      ],
      { cwd: REPO_ROOT },
    ).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(output).toBe("");
  }, 120_000);
});

describe("kit generate --mock msw where a value once passed the shape check and failed tsc", () => {
  const document = `${REPO_ROOT}packages/cli/test/fixtures/msw-shapes.yaml`;

  it("leaves writeOnly properties out of answers, meets every allOf declaration, and type-checks", async () => {
    const out = join(SCRATCH_DIR, "msw-shapes");
    const result = await generateFromOpenAPI(document, { mock: "msw" });
    const handlers = result.files.find((file) => file.path === "mocks/shapes.handlers.ts")!;
    const examples = examplesOf(handlers.contents);
    // Answers carry no writeOnly property, even where it is required or the only one declared.
    expect(examples.postUser).toEqual({ name: expect.any(String) });
    expect(examples.activate).toEqual({});
    expect(examples.listArtifacts).toEqual({ page: { artifacts: [{ name: expect.any(String) }] } });
    expect(examples.getPerson).toEqual({ name: expect.any(String) });
    // Both allOf declarations of `type` hold: the enum's value, not the other part's example.
    expect(examples.getBackups).toEqual({ automatic: [{ available: true, type: "auto" }] });
    // A document example that breaks its schema is passed over, with one warning naming it:
    // the next valid example, else a generated value.
    expect(examples.getNote).toEqual({ id: 7, text: "second" });
    expect(examples.searchEmails).toEqual({ result: {} });
    expect(result.warnings).toEqual([
      expect.stringMatching(
        /^#\/paths\/~1notes\/get\/responses\/200\/content\/application~1json\/examples\/a-broken \(.*\): MSW handlers: the example does not match its schema \(\/id must be integer\); answered instead: example "b-valid"$/,
      ),
      expect.stringMatching(
        /^#\/paths\/~1search\/post\/responses\/200\/content\/application~1json\/example \(.*\): MSW handlers: the example does not match its schema \(\/result must NOT have additional properties\); answered instead: a value generated from the schema$/,
      ),
    ]);
    // Still checked against their types where they fit.
    for (const name of [
      "postUser",
      "activate",
      "listArtifacts",
      "getPerson",
      "getBackups",
      "getNote",
      "searchEmails",
    ])
      expect(handlers.contents).toMatch(new RegExp(`"${name}": [^]*?\\} satisfies \\w+,`));
    await writeOutput(result, out);
    await writeTsconfig(out, ["**/*.ts"]);
    expect(await typeCheck(join(out, "tsconfig.json"))).toBe("");
  }, 120_000);
});

async function typeCheck(tsconfig: string): Promise<string> {
  const run = promisify(execFile);
  return run(
    process.execPath,
    [join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", tsconfig, ...TSC_FLAGS],
    {
      cwd: REPO_ROOT,
    },
  ).then(
    () => "",
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
}
