// Bundles the `kit` command into dist/bundle/ after `tsc` has built dist/: the published `bin`.
// Loading `kit generate` as tsc writes it opens, resolves and links about 160 modules, which cost
// more CPU than the Node start-up before it (docs/performance.md); bundled, it loads nine files.
// Each command stays its own chunk (`kit mock` never loads the generator, nor `kit generate` the
// mock server), and the dependencies (`yaml`, `ajv`, `jiti`, …) stay outside, loaded where used.
// `cli/version.ts` reads `../../package.json` from its file, so the chunks sit one folder below dist/.
import { chmodSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const PACKAGE = dirname(fileURLToPath(import.meta.url));
const OUT = join(PACKAGE, "dist", "bundle");

// Chunk names carry a hash of their content: an earlier build's chunks must not linger.
rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: { kit: join(PACKAGE, "dist", "bin.js") },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
chmodSync(join(OUT, "kit.js"), 0o755);
