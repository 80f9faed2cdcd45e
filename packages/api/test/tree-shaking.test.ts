/*
 * What an application bundler keeps of the built package: a generated client that uses none of
 * the run-time functions must not ship their code, and one that imports a function ships it.
 * Bundled from dist/ (run `npm run build` first) as bench/size.mjs bundles it.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
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
  "catalogue",
  "setKitMessages",
  "startWording",
  "chooseMessages",
  "reword",
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
    // The lifecycle's messages are the first table such a client registers.
    for (const name of ["definePlugin", "registerPlugin", "awaitSetup", "configure", "catalogue"]) {
      expect(client).toMatch(new RegExp(`\\bfunction ${name}\\(`));
    }
  });
});

/**
 * Runs `app` (ES module source importing from `dist/`) as an application bundle: esbuild with
 * axios bundled and `import()` split into chunks loaded when reached; answers its `result` export.
 */
async function runBundled(app: string): Promise<unknown> {
  const outdir = await mkdtemp(join(tmpdir(), "kit-bundle-"));
  try {
    await build({
      stdin: { contents: app, resolveDir: dist, sourcefile: "app.js", loader: "js" },
      bundle: true,
      format: "esm",
      target: "es2022",
      platform: "node",
      splitting: true,
      outdir,
      entryNames: "app",
      logLevel: "silent",
    });
    await writeFile(join(outdir, "package.json"), '{ "type": "module" }');
    const { result } = await import(pathToFileURL(join(outdir, "app.js")).href);
    return await result;
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

const at = (entry: string): string => JSON.stringify(`${dist}${entry}`);

describe("an application bundle that imports from @kit/api/messages", () => {
  test("importing only zh, a server's own plain catalogue rewords that server's errors", async () => {
    const result = await runBundled(`
      import { Api, KitServer, Server } from ${at("index.js")};
      import { zh } from ${at("messages/index.js")};
      class Shop extends KitServer {}
      Server({ baseURL: "http://127.0.0.1:1", messages: { KIT_API_WITHOUT_ROUTES: (name) => name + ": " + typeof zh } })(Shop);
      class Empty {}
      Api("/x")(Empty);
      let message;
      try { new Shop().createApi(Empty); } catch (error) { message = error.message; }
      export const result = message;
    `);
    expect(result).toBe("Empty: object");
  });

  test("a catalogue chosen before a plugin is loaded words that plugin's errors", async () => {
    const result = await runBundled(`
      import { setKitMessages, zh } from ${at("messages/index.js")};
      setKitMessages(zh);
      export const result = import(${at("plugins/index.js")}).then(({ pool }) => {
        try { pool({ concurrency: 0 }); } catch (error) { return error.message; }
      });
    `);
    expect(result).toBe("pool({ concurrency }) 必须是 an integer ≥ 1，实际为 0");
  });
});
