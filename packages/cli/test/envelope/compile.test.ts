import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { QUICK_RUN } from "../../../../vitest.suite.js";
import { renderDocument } from "../../src/generate.js";
import { loadFixture } from "../support/fixtures.js";
import { SCRATCH_DIR, writeOutput, writeTsconfig } from "../support/output-dir.js";
import { compileProject, requireBuiltRuntime } from "../support/tsc.js";
import { SPRINGDOC_TAG_NAMES } from "./springdoc-tags.js";

const DIR = join(SCRATCH_DIR, "envelope-compile");

/**
 * A user's file beside the client generated with `--envelope code,message,data`: `data` must be
 * the payload, `code` and `message` the envelope's documented types. Each `@ts-expect-error`
 * fails the compile if the line it guards ever type-checks.
 */
const USAGE = `import { isKitErrorOf } from "@kit/api";
import { ordersApi, systemApi, usersApi } from "./index";
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

/** A refused envelope's code, typed as the document declares the envelope's \`code\`. */
export async function refusedCode(): Promise<number | undefined> {
  try {
    await usersApi.getUser(2).send();
  } catch (error) {
    if (isKitErrorOf(usersApi.getUser, error) && error.kind === "business") {
      const message: string = error.message;
      // @ts-expect-error the code is a number, as the document declares it
      const text: string = error.businessCode;
      return error.businessCode + message.length + text.length;
    }
  }
  return undefined;
}
`;

describe("the springdoc client generated with --envelope compiles with its users' code", () => {
  beforeAll(async () => {
    requireBuiltRuntime();
    const envelope = { codeKey: "code", messageKey: "message", dataKey: "data" };
    await writeOutput(
      renderDocument(await loadFixture("springdoc.json"), {
        envelope,
        tagNames: SPRINGDOC_TAG_NAMES,
      }),
      DIR,
    );
    await writeFile(join(DIR, "usage.ts"), USAGE);
    await writeTsconfig(DIR, ["**/*.ts"]);
  });

  it("with TypeScript 7 (the native compiler)", async () => {
    expect(await compileProject("node_modules/typescript/bin/tsc", DIR)).toEqual({
      code: 0,
      output: "",
    });
  });

  it.skipIf(QUICK_RUN)("with TypeScript 5.9", async () => {
    expect(await compileProject("node_modules/ts5/bin/tsc", DIR)).toEqual({ code: 0, output: "" });
  });
});
