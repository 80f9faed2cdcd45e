import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { CLIENT_SHAPE_FILE } from "../../src/options.js";
import { useTempDirs } from "../write/temp-dir.js";
import { captureIo } from "./capture-io.js";

const tempDir = useTempDirs();

const query = (name: string, required = false) => ({
  name,
  in: "query",
  required,
  schema: { type: "integer" },
});

/** A list operation with these query parameters. */
function documentWith(parameters: object[]): object {
  return {
    openapi: "3.0.3",
    info: { title: "Pets", version: "1" },
    paths: {
      "/pets": {
        get: {
          operationId: "listPets",
          tags: ["pets"],
          parameters,
          responses: { "204": { description: "none" } },
        },
      },
    },
  };
}

const V1 = documentWith([query("page"), query("size")]);
/** A new optional parameter at the end: existing calls still send what they sent. */
const ADDED_AT_END = documentWith([query("page"), query("size"), query("sort")]);
/** A new optional parameter before the others: `listPets(2, 20)` would send sort=2&page=20. */
const SHIFTED = documentWith([query("sort"), query("page"), query("size")]);

async function kit(cwd: string, ...args: string[]) {
  const io = captureIo(cwd);
  const code = await runCli(["generate", ...args], io);
  return { code, out: io.out, err: io.err };
}

/** A folder with the client of V1 written, and `openapi.json` replaced by `next`. */
async function projectMovingTo(next: object, config?: object): Promise<string> {
  const cwd = await tempDir();
  const input = path.join(cwd, "openapi.json");
  await writeFile(input, JSON.stringify(V1));
  if (config) await writeFile(path.join(cwd, "kit.config.json"), JSON.stringify(config));
  expect((await kit(cwd, ...(config ? [] : ["-i", input, "-o", "src"]))).code).toBe(0);
  await writeFile(input, JSON.stringify(next));
  return cwd;
}

describe("kit generate --check --fail-on breaking", () => {
  it("passes a client whose changes break no call, which plain --check fails", async () => {
    const cwd = await projectMovingTo(ADDED_AT_END);
    const flags = ["-i", "openapi.json", "-o", "src", "--check"];
    expect((await kit(cwd, ...flags)).code).toBe(1);
    const run = await kit(cwd, ...flags, "--fail-on", "breaking");
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("      new optional parameter sort?: number");
    expect(run.out.at(-1)).toBe(
      "2 files in src not up to date, with no breaking change (--fail-on breaking)",
    );
  });

  it("fails a client whose existing calls would shift their arguments", async () => {
    const cwd = await projectMovingTo(SHIFTED);
    const run = await kit(
      cwd,
      "-i",
      "openapi.json",
      "-o",
      "src",
      "--check",
      "--fail-on",
      "breaking",
    );
    expect(run.code).toBe(1);
    expect(run.out).toContain(
      "      [breaking] new optional parameter sort?: number before page, which shifts later arguments",
    );
    expect(run.err).toEqual([
      "kit: 1 breaking change in src: existing calls may not compile or may send other arguments; run the command without --check",
    ]);
  });

  it("reads failOn from the config file", async () => {
    const config = { input: "openapi.json", output: "src", failOn: "breaking" };
    expect((await kit(await projectMovingTo(ADDED_AT_END, config), "--check")).code).toBe(0);
    expect((await kit(await projectMovingTo(SHIFTED, config), "--check")).code).toBe(1);
  });

  it("fails a client whose shape file is missing: it cannot tell what breaks", async () => {
    const cwd = await projectMovingTo(ADDED_AT_END);
    await rm(path.join(cwd, "src", CLIENT_SHAPE_FILE));
    const flags = ["-i", "openapi.json", "-o", "src", "--check", "--fail-on", "breaking"];
    const run = await kit(cwd, ...flags);
    expect(run.code).toBe(1);
    expect(run.out).toContain(
      `No change report: src/${CLIENT_SHAPE_FILE} is missing (an earlier Kit wrote this client); kit generate writes it, and later runs report API changes`,
    );
    expect(run.err).toEqual([
      "kit: 2 files in src not up to date, and whether the changes break existing calls is unknown (no change report); run the command without --check",
    ]);
  });

  it("is a usage error without --check, or with another value", async () => {
    const cwd = await tempDir();
    const without = await kit(cwd, "-i", "openapi.json", "--fail-on", "breaking");
    expect([without.code, without.err]).toEqual([
      2,
      [expect.stringContaining("--fail-on goes with --check")],
    ]);
    const other = await kit(cwd, "-i", "openapi.json", "--check", "--fail-on", "warnings");
    expect(other.code).toBe(2);
    expect(other.err.join("\n")).toContain('--fail-on must be breaking or changes; got "warnings"');
  });
});
