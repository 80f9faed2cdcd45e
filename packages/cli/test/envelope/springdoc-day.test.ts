import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runKit } from "../cli/run-kit.js";
import { fixturePath } from "../support/fixtures.js";
import { SCRATCH_DIR } from "../support/output-dir.js";
import { requireBuiltRuntime } from "../support/tsc.js";
import {
  type Backend,
  CALLS,
  callEverything,
  methodHomes,
  type Outcome,
  startBackend,
  typeErrors,
  writeProjectFiles,
  writeValues,
} from "./springdoc-day.js";

let backend: Backend;
beforeAll(async () => {
  requireBuiltRuntime();
  backend = await startBackend();
});
afterAll(() => backend.close());

/** A project folder holding the document as openapi.json and the call script. */
async function project(name: string): Promise<string> {
  const folder = join(SCRATCH_DIR, "springdoc-day", name);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  await copyFile(fixturePath("springdoc-team.json"), join(folder, "openapi.json"));
  await writeProjectFiles(folder);
  return folder;
}

async function generate(folder: string, args: string[]): Promise<void> {
  const run = await runKit(["generate", ...args], folder);
  expect(run.stderrLines.filter((line) => !line.startsWith("kit: warning:"))).toEqual([]);
  expect(run.code).toBe(0);
}

/** The resolved values with their methods; every one of them goes through tsc. */
function resolved(outcomes: readonly Outcome[]): { method: string; data: unknown }[] {
  return outcomes.flatMap((outcome, index) =>
    "data" in outcome ? [{ method: CALLS[index]!.method, data: outcome.data }] : [],
  );
}

/** What the back end sent for each call, and its `data`. */
function sent(index: number): Record<string, unknown> {
  return backend.answers.at(index - CALLS.length) as Record<string, unknown>;
}

/** The error answers: `getUser(404)` and `getOrder("o-0")` without data, `deleteUser(2)` with. */
const BUSINESS_ERRORS = [
  { index: 4, businessCode: 40400, message: "用户不存在" },
  { index: 6, businessCode: 40300, message: "无权删除" },
  { index: 9, businessCode: 50001, message: "订单不存在" },
];

/** Every call through the client whose envelope keys and success code 20000 were given. */
async function expectEnvelopeOutcomes(outcomes: readonly Outcome[]): Promise<void> {
  for (const [index, outcome] of outcomes.entries()) {
    const failure = BUSINESS_ERRORS.find((error) => error.index === index);
    if (failure !== undefined) {
      expect(outcome, `call ${index}`).toEqual({
        error: {
          name: "KitBusinessError",
          kind: "business",
          businessCode: failure.businessCode,
          message: failure.message,
        },
      });
    } else if (CALLS[index]!.method === "health") {
      // The one operation springdoc does not wrap: its whole body, as declared.
      expect(outcome).toEqual({ data: sent(index) });
    } else expect(outcome, `call ${index}`).toEqual({ data: sent(index).data });
  }
}

describe("a springdoc team's day: generate, call every operation on 127.0.0.1, tsc every value", () => {
  it("without a flag: every method is typed as the whole envelope and returns it whole", async () => {
    const folder = await project("no-flag");
    await generate(folder, [
      "-i",
      "openapi.json",
      "-o",
      "client",
      "--base-url",
      `${backend.origin}/api`,
    ]);
    const homes = await methodHomes(folder);
    const outcomes = await callEverything(folder, homes);

    // Nothing is unwrapped, error envelopes included: the types say the whole body.
    expect(outcomes).toEqual(CALLS.map((_, index) => ({ data: sent(index) })));
    await writeValues(folder, homes, resolved(outcomes));
    expect(await typeErrors(folder)).toEqual([]);

    // The check can fail: the envelope's data, which the runtime's default "auto" used to hand
    // over here, does not fit the envelope type the method declares.
    await writeValues(folder, homes, [{ method: "getUser", data: sent(3).data }], "mismatch.ts");
    const errors = await typeErrors(folder);
    expect(errors.join("\n")).toMatch(/mismatch\.ts.*error TS2353/);
    await rm(join(folder, "mismatch.ts"));
  }, 120_000);

  it("with --envelope code=20000,msg,data: methods return the data, error envelopes reject", async () => {
    const folder = await project("flag");
    await generate(folder, [
      "-i",
      "openapi.json",
      "-o",
      "client",
      "--base-url",
      `${backend.origin}/api`,
      "--envelope",
      "code=20000,msg,data",
    ]);
    const homes = await methodHomes(folder);
    const outcomes = await callEverything(folder, homes);

    await expectEnvelopeOutcomes(outcomes);
    await writeValues(folder, homes, resolved(outcomes));
    expect(await typeErrors(folder)).toEqual([]);
  }, 120_000);

  it("with the config files: kit.config.json names the keys, service.config.ts the success code and base URL; regenerating keeps the edit", async () => {
    const folder = await project("config");
    await writeFile(
      join(folder, "kit.config.json"),
      JSON.stringify({
        input: "openapi.json",
        output: "client",
        envelope: { codeKey: "code", messageKey: "msg", dataKey: "data" },
      }),
    );
    await generate(folder, []);
    const config = join(folder, "client", "service.config.ts");
    const starter = await readFile(config, "utf8");
    // The team's edit: the success code, and the base URL from the environment.
    const edited = starter
      .replace(
        "// baseURL: import.meta.env.VITE_API_BASE_URL",
        'baseURL: process.env.SHOP_API_URL ?? "/api", // import.meta.env.VITE_API_BASE_URL',
      )
      .replace(
        "// validateCode: (code) => code === 20000,",
        "validateCode: (code) => code === 20000,",
      );
    expect(edited).not.toBe(starter);
    await writeFile(config, edited);

    const env = { SHOP_API_URL: `${backend.origin}/api` };
    const homes = await methodHomes(folder);
    await expectEnvelopeOutcomes(await callEverything(folder, homes, env));

    // The document grows an operation; regenerating exits 0, keeps the edit, and the new client
    // (with the new method) runs with it.
    const document = JSON.parse(await readFile(join(folder, "openapi.json"), "utf8"));
    document.paths["/system/time"] = {
      get: {
        tags: ["系统"],
        summary: "服务器时间",
        operationId: "serverTime",
        responses: { 200: document.paths["/system/version"].get.responses["200"] },
      },
    };
    await writeFile(join(folder, "openapi.json"), JSON.stringify(document));
    await generate(folder, []);
    expect(await readFile(config, "utf8")).toBe(edited);

    const regenerated = await methodHomes(folder);
    expect(regenerated.get("serverTime")).toBeDefined();
    CALLS.push({ method: "serverTime", args: [] });
    try {
      const outcomes = await callEverything(folder, regenerated, env);
      await expectEnvelopeOutcomes(outcomes);
      expect(outcomes.at(-1)).toEqual({ data: "2026-11-27T08:00:00Z" });
      await writeValues(folder, regenerated, resolved(outcomes));
      expect(await typeErrors(folder)).toEqual([]);
    } finally {
      CALLS.pop();
    }
  }, 180_000);
});
