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

/**
 * The bundle of a client importing `names` from `@kit/api`, axios external; minified as an
 * application ships it, or not, so that every function keeps its name.
 */
async function bundle(names: readonly string[], minify = true): Promise<string> {
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
    minify,
    charset: "utf8",
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

/**
 * Functions of the plugin lifecycle and of message catalogues that only their users reach: a
 * client with plain plugins and no catalogue must ship none of them (an unminified bundle keeps
 * their declarations by name).
 */
const LIFECYCLE_AND_CATALOGUE = [
  "definePlugin",
  "registerPlugin",
  "awaitSetup",
  "withoutDependents",
  "configure",
  "removePlugin",
  "hasPlugin",
  "pluginsReady",
  "setKitMessages",
  "chooseMessages",
  "clearMessages",
];

describe("a generated client's bundle, unminified", () => {
  test("holds no function of the plugin lifecycle or of choosing a message catalogue", async () => {
    const client = await bundle(CLIENT_IMPORTS, false);
    expect(client).toContain("function decoratedMember(");
    for (const name of LIFECYCLE_AND_CATALOGUE) {
      expect(client, name).not.toMatch(new RegExp(`\\bfunction ${name}\\(`));
    }
  });

  test("holds no catalogue's text: English only, and the two seed messages in Chinese", async () => {
    const client = await bundle(CLIENT_IMPORTS, false);
    expect(client).toContain("answered HTTP");
    expect(client).not.toContain("The server class");
    const seeds = [
      "]缺少 @Server() 装饰器`",
      "`服务类[",
      '"@Server() 的 baseURL 必须是非空字符串"',
    ];
    for (const seed of seeds) expect(client).toContain(seed);
    const others = seeds.reduce((text, seed) => text.replace(seed, ""), client);
    expect(others).not.toMatch(/[\u4e00-\u9fff]/);
  });

  test("holds them once the client imports what needs them", async () => {
    const client = await bundle([...CLIENT_IMPORTS, "definePlugin", "configure"], false);
    for (const name of ["definePlugin", "registerPlugin", "awaitSetup", "configure"]) {
      expect(client).toMatch(new RegExp(`\\bfunction ${name}\\(`));
    }
  });
});
