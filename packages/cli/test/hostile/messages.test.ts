import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runKit } from "../cli/run-kit.js";
import { useTempDirs } from "../write/temp-dir.js";

const tempDir = useTempDirs();

/** A path whose undeclared placeholder holds a terminal escape, line breaks and a bidi override. */
const HOSTILE_PLACEHOLDER = "id\u001b[31mred\r\nkit: fake line\u202e";

const document = {
  openapi: "3.0.3",
  info: { title: "hostile", version: "1" },
  paths: {
    [`/items/{${HOSTILE_PLACEHOLDER}}`]: {
      get: { operationId: "getItem", responses: { "200": { description: "ok" } } },
    },
  },
};

describe("warnings quoting document strings", () => {
  it("print control characters escaped, one line per warning", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "api.json"), JSON.stringify(document, null, 2));
    const run = await runKit(["generate", "-i", "api.json", "-o", "out", "--dry-run"], dir);
    expect(run.code).toBe(0);
    // Line feeds end lines; no other control character may reach the terminal.
    expect(run.stderr).not.toMatch(/(?!\n)[\p{Cc}\u202e]/u);
    const warnings = run.stderrLines.filter((line) => line.includes("is not declared"));
    expect(warnings).toEqual([
      'kit: warning: #/paths/~1items~1{id\\u001b[31mred\\u000d\\u000akit: fake line\\u202e}/get (api.json:9): path parameter "id\\u001b[31mred\\u000d\\u000akit: fake line\\u202e" is not declared; it is typed string',
    ]);
    expect(run.stderrLines.every((line) => line.startsWith("kit: warning: "))).toBe(true);
  });
});
