import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { petstore } from "../cli/documents.js";
import { runKit } from "../cli/run-kit.js";
import { useTempDirs } from "../write/temp-dir.js";

const tempDir = useTempDirs();

async function generateInto(out: string, ...flags: string[]) {
  const dir = await tempDir();
  await writeFile(path.join(dir, "api.json"), JSON.stringify(petstore));
  return runKit(["generate", "-i", "api.json", "-o", out, ...flags], dir);
}

describe.runIf(process.platform === "linux")("an output folder that is no ordinary folder", () => {
  it.each([
    ["/proc/self", [], "proc"],
    ["/proc/self", ["--dry-run"], "proc"],
    ["/proc/self/client", ["--clean"], "proc"],
  ])("%s %j is refused with exit 1 and one line", async (out, flags, system) => {
    const run = await generateInto(out, ...flags);
    expect(run.code).toBe(1);
    expect(run.stderrLines).toEqual([
      `kit: ${out.split("/").slice(0, 3).join("/")}: is on the ${system} file system, which shows kernel state, not an ordinary folder`,
    ]);
  });

  it.each([
    ["/dev/null", "kit: /dev/null: is not a folder; --out names the folder to write to"],
    [
      "/dev/null/client",
      "kit: /dev/null: is not a folder, so the output folder cannot be created in it",
    ],
  ])("%s is refused with exit 1 and one line", async (out, line) => {
    const run = await generateInto(out);
    expect(run.code).toBe(1);
    expect(run.stderrLines).toEqual([line]);
  });
});
