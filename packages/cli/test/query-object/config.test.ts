import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { captureIo } from "../cli/capture-io.js";
import { useTempDirs } from "../write/temp-dir.js";
import { ASANA_LIKE } from "./asana-like.js";

const tempDir = useTempDirs();

async function project(config: object): Promise<string> {
  const cwd = await tempDir();
  await writeFile(path.join(cwd, "asana.json"), JSON.stringify(ASANA_LIKE));
  await writeFile(path.join(cwd, "kit.config.json"), JSON.stringify(config));
  return cwd;
}

async function kit(cwd: string, ...args: string[]) {
  const io = captureIo(cwd);
  const code = await runCli(["generate", ...args], io);
  return { code, out: io.out, err: io.err };
}

const SIGNATURE =
  "  searchTasksForWorkspace(\n    workspaceGid: string,\n    query?: SearchTasksForWorkspaceQuery,\n  )";
const services = {
  services: {
    named: { input: "asana.json", output: "named", queryObject: true },
    positional: { input: "asana.json", output: "positional" },
  },
};

describe("queryObject in kit.config and --query-object", () => {
  it("is chosen per service; the flag turns it on for the run", async () => {
    const cwd = await project(services);
    const run = await kit(cwd);
    // The document's absolute server URL gets its warning (issue 31); nothing else is said.
    expect(run.err.filter((line) => !line.includes("#/servers/0/url"))).toEqual([]);
    expect(run.code).toBe(0);
    const tasks = (folder: string) => readFile(path.join(cwd, folder, "apis/tasks.api.ts"), "utf8");
    expect(await tasks("named")).toContain(SIGNATURE);
    expect(await tasks("positional")).not.toContain("SearchTasksForWorkspaceQuery");
    expect((await kit(cwd, "positional", "--query-object")).code).toBe(0);
    expect(await tasks("positional")).toContain(SIGNATURE);
  });

  it("refuses a value that is not a boolean, naming the key", async () => {
    const cwd = await project({ input: "asana.json", queryObject: "yes" });
    const run = await kit(cwd);
    expect(run.code).toBe(2);
    expect(run.err.join("\n")).toContain("queryObject must be true or false");
  });
});
