import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const REPO = fileURLToPath(new URL("../../../../", import.meta.url));
const PACKAGES = ["packages/api", "packages/cli"];

/** Runs a devDependency's command in `cwd`; answers its exit code and everything it printed. */
async function check(
  bin: string,
  args: string[],
  cwd: string,
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(REPO, bin), ...args], { cwd });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? 1, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` };
  }
}

describe.concurrent.each(PACKAGES)("the published %s package", (folder) => {
  const cwd = join(REPO, folder);

  it("passes publint with no error, warning or suggestion", async () => {
    const result = await check("node_modules/publint/src/cli.js", ["--strict"], cwd);
    expect(result).toMatchObject({ code: 0 });
    expect(result.output).not.toMatch(/Errors?:|Warnings?:|Suggestions?:/);
  }, 120_000);

  it("passes Are the Types Wrong on its packed tarball", async () => {
    const result = await check(
      "node_modules/@arethetypeswrong/cli/dist/index.js",
      // Both packages are ESM only (`import` conditions): a CommonJS require() is not offered.
      ["--pack", "--ignore-rules", "cjs-resolves-to-esm", "--format", "ascii"],
      cwd,
    );
    expect(result.output).toContain("No problems found");
    expect(result.code).toBe(0);
  }, 180_000);

  it("ships its README and LICENSE", async () => {
    const { stdout } = await run("npm", ["pack", "--dry-run", "--json"], { cwd });
    const [{ files }] = JSON.parse(stdout) as [{ files: { path: string }[] }];
    const paths = files.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(["README.md", "LICENSE", "package.json"]));
    // `npm pack` runs the package's prepare build first, which alone took over 30 s on a loaded machine.
  }, 120_000);
});
