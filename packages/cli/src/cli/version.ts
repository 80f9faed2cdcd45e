import { readFile } from "node:fs/promises";

/** The version in this package's own package.json, two levels up from both src/cli and dist/cli. */
export async function readPackageVersion(): Promise<string> {
  const manifest = new URL("../../package.json", import.meta.url);
  const { version } = JSON.parse(await readFile(manifest, "utf8")) as { version: string };
  return version;
}
