import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import { SCRATCH_DIR, USER_COMPILER_OPTIONS, writeOutput } from "../support/output-dir.js";
import { FRONT_END_CONFIGS, forCompiler, TYPESCRIPT_VERSIONS } from "./front-end-configs.js";

const run = promisify(execFile);
const REPO = fileURLToPath(new URL("../../../../", import.meta.url));
const MATRIX_DIR = join(SCRATCH_DIR, "ts-matrix");

/** The example documents, generated as a user would, each into its own folder. */
const EXAMPLES = [
  { folder: "petstore", document: "examples/petstore/openapi.yaml" },
  { folder: "springdoc", document: "examples/springdoc/openapi.json" },
  { folder: "events", document: "examples/petstore/events.yaml" },
];

/**
 * A user's file: it calls the generated clients through the types editors show, so a lost
 * parameter or payload type fails to compile here.
 */
const USAGE = `import { isKitErrorOf } from "@kit/api";
import { eventStream } from "@kit/api/stream";
import { eventsApi } from "./events/index";
import type { PetAdded } from "./events/types";
import { petApi } from "./petstore/index";
import type { Pet } from "./petstore/types";

export async function usage(signal: AbortSignal): Promise<Pet> {
  // @ts-expect-error petId is a number
  petApi.getPetById("1");
  const { data } = await petApi.getPetById(1).sendWith({ signal });
  return data;
}

/** A stream method's events are typed by the document, and so is its declared error. */
export async function follow(signal: AbortSignal): Promise<PetAdded[]> {
  const added: PetAdded[] = [];
  try {
    for await (const event of eventStream(eventsApi.followPets(), { signal })) added.push(event.data);
  } catch (error) {
    if (isKitErrorOf(eventsApi.followPets, error) && error.kind === "http" && error.status === 503) {
      const message: string = error.body.message;
      throw new Error(message);
    }
  }
  return added;
}
`;

const CONFIGS = { seed: USER_COMPILER_OPTIONS, ...FRONT_END_CONFIGS };

/*
 * One compiler at a time: TypeScript 5 needs a few seconds per cell, and twelve at once on a
 * small CI machine only make each slower. The whole matrix stays under a minute there.
 */

async function tsc(bin: string, project: string): Promise<string> {
  try {
    await run(process.execPath, [join(REPO, bin), "-p", project], { cwd: REPO });
    return "";
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    return `${failure.stdout ?? ""}${failure.stderr ?? ""}` || failure.message;
  }
}

describe("generated petstore, springdoc and event-feed clients compile with zero errors", () => {
  beforeAll(async () => {
    if (!existsSync(join(REPO, "packages/api/dist/index.d.ts"))) {
      throw new Error("@kit/api is not built: run `npm run build` first");
    }
    for (const { folder, document } of EXAMPLES) {
      const result = await generateFromOpenAPI(join(REPO, document));
      await writeOutput(result, join(MATRIX_DIR, folder));
    }
    await writeFile(join(MATRIX_DIR, "usage.ts"), USAGE);
    for (const [config, options] of Object.entries(CONFIGS)) {
      for (const { alias, version } of TYPESCRIPT_VERSIONS) {
        const project = join(MATRIX_DIR, `tsconfig.${config}.${alias}.json`);
        const compilerOptions = forCompiler(options, version);
        const text = {
          compilerOptions,
          include: [...EXAMPLES.map(({ folder }) => folder), "usage.ts"],
        };
        await mkdir(MATRIX_DIR, { recursive: true });
        await writeFile(project, `${JSON.stringify(text, null, 2)}\n`);
      }
    }
  });

  for (const config of Object.keys(CONFIGS)) {
    describe(`under the ${config} tsconfig`, () => {
      for (const { alias, version, bin } of TYPESCRIPT_VERSIONS) {
        it(`with TypeScript ${version}`, async () => {
          const project = join(MATRIX_DIR, `tsconfig.${config}.${alias}.json`);
          expect(await tsc(bin, project)).toBe("");
        }, 300_000);
      }
    });
  }
});
