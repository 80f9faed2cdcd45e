import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { outputSize } from "./output-size.mjs";
import { BENCH_DIR, KIT_BIN, ROOT_DIR } from "./paths.mjs";
import { ensureFile } from "./prerequisites.mjs";

/**
 * The generators under test, each in its simplest types/client mode through its own CLI.
 * Every tool writes into an empty `out` directory; `command` returns the executable, arguments
 * and any environment variables. Kit (and the floor) run on this process's Node; the peers on
 * `peerNode` (`--peer-node`), since the current orval and hey-api need Node ≥ 22.18.
 */
export function loadTools({ peerNode = process.execPath } = {}) {
  return [
    {
      name: "Kit",
      version: packageJson(join(ROOT_DIR, "packages/cli")).version,
      command: (input, out) =>
        node(process.execPath, KIT_BIN, ["generate", "-i", input, "-o", out]),
    },
    peer(peerNode, "openapi-typescript", "openapi-typescript", (input, out) => ({
      args: [input, "-o", join(out, "schema.d.ts")],
    })),
    peer(peerNode, "orval", "orval", (input, out) => ({
      args: ["--input", input, "--output", join(out, "api.ts")],
    })),
    peer(peerNode, "@hey-api/openapi-ts", "openapi-ts", (input, out) => ({
      args: ["-i", input, "-o", out],
    })),
    peer(peerNode, "swagger-typescript-api", "swagger-typescript-api", (input, out) => ({
      args: ["generate", "-p", input, "-o", out],
    })),
    // kubb takes its settings from a config file only: kubb.config.mjs reads these two variables.
    peer(peerNode, "@kubb/cli", "kubb", (input, out) => ({
      args: ["generate", "--config", join(BENCH_DIR, "generate", "kubb.config.mjs")],
      env: { KIT_BENCH_INPUT: input, KIT_BENCH_OUTPUT: out },
    })),
  ];
}

/**
 * Another build of Kit's generator (`--baseline [label=]path/to/bin`: a dist/bin.js or a
 * dist/bundle/kit.js), run beside the current one in the same rounds, for before/after figures
 * taken in one sitting.
 */
export function baselineKit(option) {
  const separator = option.indexOf("=");
  const label = separator > 0 ? option.slice(0, separator) : "baseline";
  const script = resolve(separator > 0 ? option.slice(separator + 1) : option);
  ensureFile(script, "--baseline names a Kit dist/bin.js or dist/bundle/kit.js");
  return {
    name: `Kit ${label}`,
    version: versionAbove(script),
    command: (input, out) => node(process.execPath, script, ["generate", "-i", input, "-o", out]),
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
      return node(process.execPath, join(BENCH_DIR, "generate", "floor.mjs"), [
        input,
        out,
        bytes,
        files,
      ]);
    },
  };
}

function peer(nodePath, packageName, binName, invocation) {
  const packageDir = join(BENCH_DIR, "node_modules", packageName);
  const manifest = packageJson(packageDir);
  const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.[binName];
  if (bin === undefined) {
    throw new Error(
      `${packageName}@${manifest.version} has no bin "${binName}" in its package.json`,
    );
  }
  return {
    name: packageName === "@kubb/cli" ? "kubb" : packageName,
    version: manifest.version,
    peer: true,
    command: (input, out) => {
      const { args, env } = invocation(input, out);
      return { ...node(nodePath, join(packageDir, bin), args), env };
    },
  };
}

/** Runs a script with the given Node binary. */
function node(nodePath, script, args) {
  return { command: nodePath, args: [script, ...args] };
}

/** The version in the nearest package.json above a script; a build copied aside may have none. */
function versionAbove(script) {
  for (let dir = dirname(script); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return packageJson(dir).version;
  }
  return "copy";
}

function packageJson(dir) {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
}
