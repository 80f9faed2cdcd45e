import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { outputSize } from "./output-size.mjs";
import { BENCH_DIR, ROOT_DIR } from "./paths.mjs";
import { ensureFile } from "./prerequisites.mjs";

/**
 * The generators under test, each in its simplest types/client mode through its own CLI.
 * Every tool writes into an empty `out` directory; `command` returns the executable and arguments.
 */
export function loadTools() {
  return [
    {
      name: "Kit",
      version: packageJson(join(ROOT_DIR, "packages/cli")).version,
      command: (input, out) =>
        node(join(ROOT_DIR, "packages/cli/dist/bin.js"), ["generate", "-i", input, "-o", out]),
    },
    peer("openapi-typescript", "openapi-typescript", (input, out) => [
      input,
      "-o",
      join(out, "schema.d.ts"),
    ]),
    peer("orval", "orval", (input, out) => ["--input", input, "--output", join(out, "api.ts")]),
    peer("@hey-api/openapi-ts", "openapi-ts", (input, out) => ["-i", input, "-o", out]),
    peer("swagger-typescript-api", "swagger-typescript-api", (input, out) => [
      "generate",
      "-p",
      input,
      "-o",
      out,
    ]),
  ];
}

/**
 * Another build of Kit's generator (`--baseline [label=]path/to/dist/bin.js`), run beside the
 * current one in the same rounds, for before/after figures taken in one sitting.
 */
export function baselineKit(option) {
  const separator = option.indexOf("=");
  const label = separator > 0 ? option.slice(0, separator) : "baseline";
  const script = resolve(separator > 0 ? option.slice(separator + 1) : option);
  ensureFile(script, "--baseline names a Kit dist/bin.js");
  return {
    name: `Kit ${label}`,
    version: packageJson(join(script, "..", "..")).version,
    command: (input, out) => node(script, ["generate", "-i", input, "-o", out]),
  };
}

/**
 * The floor (`floor.mjs`): reads, parses and walks the document and writes as many bytes in as
 * many files as Kit wrote in the same round. Runs after Kit, whose output sits in the sibling case
 * directory (`cases/<document>/kit/out`); its output is not type-checked.
 */
export function floorTool() {
  return {
    name: "floor",
    version: "",
    typeChecked: false,
    command: (input, out) => {
      const { bytes, files } = outputSize(join(out, "..", "..", "kit", "out"));
      return node(join(BENCH_DIR, "generate", "floor.mjs"), [input, out, bytes, files]);
    },
  };
}

function peer(packageName, binName, argsFor) {
  const packageDir = join(BENCH_DIR, "node_modules", packageName);
  const manifest = packageJson(packageDir);
  const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.[binName];
  if (bin === undefined) {
    throw new Error(
      `${packageName}@${manifest.version} has no bin "${binName}" in its package.json`,
    );
  }
  return {
    name: packageName,
    version: manifest.version,
    command: (input, out) => node(join(packageDir, bin), argsFor(input, out)),
  };
}

/** Runs a script with this very Node binary, so every tool runs on the same Node version. */
function node(script, args) {
  return { command: process.execPath, args: [script, ...args] };
}

function packageJson(dir) {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
}
