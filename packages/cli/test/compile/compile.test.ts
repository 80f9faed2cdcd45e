import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { QUICK_RUN, TSC_FLAGS } from "../../../../vitest.suite.js";
import { generateFromOpenAPI } from "../../src/generate.js";
import { FIXTURES, fixturePath, fixtureSlug } from "../support/fixtures.js";
import { SCRATCH_DIR, writeOutput, writeTsconfig } from "../support/output-dir.js";

const run = promisify(execFile);
const REPO = fileURLToPath(new URL("../../../../", import.meta.url));
const COMPILE_DIR = join(SCRATCH_DIR, "compile");

/**
 * Beside the generated code, a user's file that leans on its types: if `KitPayloadOf` lost the
 * declared return types, or a parameter were typed wrongly, these lines would not compile.
 */
const PETSTORE_USAGE = `import { petApi, storeApi, userApi } from "./index";
import type { Pet, PetStatus } from "./types";

export async function usage(): Promise<string> {
  const pet: Pet = (await petApi.getPetById(1).send()).data;
  const statuses: PetStatus[] = ["available"];
  const found: Pet[] = (await petApi.findPetsByStatus(statuses, 10).send()).data;
  const photo: Blob = (await petApi.getPetPhoto(pet.id).send()).data;
  const token: string = (await userApi.loginUser("name", "secret").send()).data;
  await storeApi.deleteOrder(found.length + photo.size).send();
  // @ts-expect-error the status must be one of the enum literals
  await petApi.findPetsByStatus(["lost"]).send();
  return token;
}
`;

/** Sibling keywords combine: a shape needs its base and one figure, a mark a figure and a base. */
const COMBINED_USAGE = `import { gistsApi, shapesApi } from "./index";
import type { Mark, Shape, Stamp } from "./types";

export async function usage(): Promise<unknown[]> {
  const shape: Shape = (await shapesApi.getShape(1).send()).data;
  const circle: Shape = { id: 1, radius: 2 };
  // @ts-expect-error a shape is one of the figures too, not only its base
  const bare: Shape = { id: 1 };
  // @ts-expect-error a mark needs a base beside its figure
  const lonely: Mark = { side: 1 };
  const stamp: Stamp = (await gistsApi.updateGist("g", { files: { a: "b" } }).send()).data;
  const date: string = stamp;
  return [shape, circle, bare, lonely, date];
}
`;

/**
 * readOnly/writeOnly: what is sent leaves out the id the server assigns, what is received leaves
 * out the secret that is only sent; the nested owner's serial goes the same way.
 */
const FIDELITY_USAGE = `import { ownersApi, petsApi } from "./index";
import type { Owner, OwnerWritable, Pet, PetWritable } from "./types";

export async function usage(): Promise<unknown[]> {
  const sent: PetWritable = { name: "Rex", secret: "s", owner: { name: "Ada", badge: {} } };
  const pet: Pet = (await petsApi.createPet(sent).send()).data;
  const id: number = pet.id;
  // @ts-expect-error the server assigns the id: a request cannot send it
  const withId: PetWritable = { id: 1, name: "Rex", secret: "s" };
  // @ts-expect-error the secret is only sent, never received
  const secret: string = pet.secret;
  const owner: Owner = (await ownersApi.createOwner({ name: "Ada" }).send()).data;
  // @ts-expect-error a received badge has its serial
  const badge: NonNullable<Owner["badge"]> = {};
  // @ts-expect-error a sent badge has no serial
  const sentOwner: OwnerWritable = { name: "Ada", badge: { serial: "x" } };
  const nickname: string | undefined = pet.nickname;
  return [id, withId, secret, owner, badge, sentOwner, nickname];
}
`;

async function tsc(compiler: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(
      process.execPath,
      [join(REPO, compiler), "-p", join(COMPILE_DIR, "tsconfig.json"), ...TSC_FLAGS],
      { cwd: REPO },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? 1, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` };
  }
}

describe("generated code compiles under the strict user settings", () => {
  beforeAll(async () => {
    if (!existsSync(join(REPO, "packages/api/dist/index.d.ts"))) {
      throw new Error("@kit/api is not built: run `npm run build` first");
    }
    for (const fixture of FIXTURES) {
      const result = await generateFromOpenAPI(fixturePath(fixture));
      await writeOutput(result, join(COMPILE_DIR, fixtureSlug(fixture)));
    }
    await writeFile(
      join(COMPILE_DIR, fixtureSlug("petstore-3.0.json"), "usage.ts"),
      PETSTORE_USAGE,
    );
    await writeFile(
      join(COMPILE_DIR, fixtureSlug("combined-keywords.yaml"), "usage.ts"),
      COMBINED_USAGE,
    );
    await writeFile(
      join(COMPILE_DIR, fixtureSlug("type-fidelity.yaml"), "usage.ts"),
      FIDELITY_USAGE,
    );
    await writeTsconfig(COMPILE_DIR, ["**/*.ts"]);
  });

  it("with TypeScript 7 (the native compiler)", async () => {
    expect(await tsc("node_modules/typescript/bin/tsc")).toEqual({ code: 0, output: "" });
  });

  it.skipIf(QUICK_RUN)("with TypeScript 5.9", async () => {
    expect(await tsc("node_modules/ts5/bin/tsc")).toEqual({ code: 0, output: "" });
  });
});
