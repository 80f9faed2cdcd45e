import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { renderDocument } from "../../src/generate.js";
import { loadFixture } from "../support/fixtures.js";
import { SCRATCH_DIR, writeOutput, writeTsconfig } from "../support/output-dir.js";

const run = promisify(execFile);
const REPO = fileURLToPath(new URL("../../../../", import.meta.url));
const DIR = join(SCRATCH_DIR, "envelope-compile");

/**
 * A user's file beside the client generated with `--envelope code,message,data`: `data` must be
 * the payload, `code` and `message` the envelope's documented types. Each `@ts-expect-error`
 * fails the compile if the line it guards ever type-checks.
 */
const USAGE = `import { ordersApi, systemApi, usersApi } from "./index";
import type { Health, Order, PageOrder, User } from "./types";

export async function usage(): Promise<unknown[]> {
  const result = await usersApi.getUser(1).send();
  const user: User = result.data;
  const code: number | undefined = result.code;
  const message: string | undefined = result.message;
  // @ts-expect-error data is the User, not the {code, message, data} envelope
  const inner: unknown = result.data.data;
  // @ts-expect-error code is a number, as the document declares it
  const textCode: string | undefined = result.code;
  const users: User[] = (await usersApi.listUsers("a").send()).data;
  const created: User = (await usersApi.createUser({ name: "Ada" }).send()).data;
  const deleted: boolean = (await usersApi.deleteUser(user.id).send()).data;
  const page: PageOrder = (await ordersApi.pageOrders(1, 10).send()).data;
  const order: Order = (await ordersApi.getOrder("o-1").send()).data;
  const health: Health = (await systemApi.health().send()).data;
  const now: string = (await systemApi.serverTime().send()).data.now;
  return [code, message, inner, textCode, users, created, deleted, page, order, health, now];
}
`;

async function tsc(compiler: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(
      process.execPath,
      [join(REPO, compiler), "-p", join(DIR, "tsconfig.json")],
      { cwd: REPO },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? 1, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` };
  }
}

describe("the springdoc client generated with --envelope compiles with its users' code", () => {
  beforeAll(async () => {
    if (!existsSync(join(REPO, "packages/api/dist/index.d.ts"))) {
      throw new Error("@kit/api is not built: run `npm run build` first");
    }
    const envelope = { codeKey: "code", messageKey: "message", dataKey: "data" };
    await writeOutput(renderDocument(await loadFixture("springdoc.json"), { envelope }), DIR);
    await writeFile(join(DIR, "usage.ts"), USAGE);
    await writeTsconfig(DIR, ["**/*.ts"]);
  });

  it("with TypeScript 7 (the native compiler)", async () => {
    expect(await tsc("node_modules/typescript/bin/tsc")).toEqual({ code: 0, output: "" });
  });

  it("with TypeScript 5.9", async () => {
    expect(await tsc("node_modules/ts5/bin/tsc")).toEqual({ code: 0, output: "" });
  });
});
