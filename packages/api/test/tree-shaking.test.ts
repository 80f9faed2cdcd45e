/*
 * What an application bundler keeps of the built package: a generated client that uses none of
 * the run-time functions must not ship their code, and one that imports a function ships it.
 * Bundled from dist/ (run `npm run build` first) as bench/size.mjs bundles it.
 */
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, test } from "vitest";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));

/** The names the petstore example's generated `apis/*.ts` and `service.ts` import. */
const CLIENT_IMPORTS = [
  "Api",
  "ContentType",
  "Data",
  "Delete",
  "Get",
  "HeaderValue",
  "Params",
  "Patch",
  "Post",
  "Put",
  "Query",
  "ResponseType",
  "KitServer",
  "Server",
];

/** The minified bundle of a client importing `names` from `@kit/api`, axios external. */
async function bundle(names: readonly string[]): Promise<string> {
  const result = await build({
    stdin: {
      contents: `export { ${names.join(", ")} } from ${JSON.stringify(`${dist}index.js`)};`,
      resolveDir: dist,
      loader: "js",
    },
    bundle: true,
    format: "esm",
    target: "es2022",
    platform: "neutral",
    external: ["axios"],
    minify: true,
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles.map((file) => file.text).join("\n");
}

/** One error code each feature alone raises, so its code is in a bundle exactly when it is. */
const FEATURES = {
  configure: "KIT_CONFIGURE_OPTION",
  definePlugin: "KIT_PLUGIN_SETUP_FAILED",
  removePlugin: "KIT_PLUGIN_REQUIRED",
};

describe("a generated client's bundle", () => {
  test("holds none of configure, definePlugin's order checks and async setup, or removePlugin", async () => {
    const client = await bundle(CLIENT_IMPORTS);
    expect(client).toContain("KIT_PLUGIN_DUPLICATE");
    for (const code of Object.values(FEATURES)) expect(client).not.toContain(code);
    expect(client).not.toContain("KIT_PLUGIN_DEPENDENCY");
    expect(client).not.toContain("allSettled");
  });

  test("holds each of them once the client imports it", async () => {
    for (const [name, code] of Object.entries(FEATURES)) {
      expect(await bundle([...CLIENT_IMPORTS, name])).toContain(code);
    }
  });
});
