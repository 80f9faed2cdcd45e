// What @kit/api weighs in an application bundle: the core (everything the index exports, as a
// generated client imports it), each built-in plugin, each framework integration entry point and
// each capability entry (streams, progress, download names), bundled by esbuild with the
// frameworks external, minified for ES2022, then gzipped at level 9; each entry without axios
// (external, as the budget counts it) and with axios's browser build (what an application ships).
// The second row is what a generated client imports, the core a user of no extra feature ships.
// Run after a build: `node bench/size.mjs` (part of `npm run bench:runtime`); `--analyze` also
// prints what the core bundle is made of, and what each group of modules costs a generated client.
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { analyzeMetafile, build, transform } from "esbuild";

const BUDGET_CORE_BYTES = 5 * 1024;
const PLUGINS = ["auth", "retry", "cache", "logger", "pool"];
/** The request strategies, one hook or composable each (the same names in Vue and React). */
const STRATEGIES = [
  "useKitRequest",
  "useKitPagination",
  "useKitFetcher",
  "useKitEventStream",
  "useKitDownload",
  "useKitUploader",
];
/** Each framework entry point with everything it exports. */
const INTEGRATIONS = {
  vue: STRATEGIES,
  react: STRATEGIES,
  "tanstack-query": [
    "kitQueryOptions",
    "kitMutationOptions",
    "kitQueryKey",
    "kitStreamedQueryOptions",
    "invalidateKitQueries",
  ],
};
/** What a TanStack Query user imports, one helper at a time. */
const QUERY_HELPERS = [
  "kitQueryOptions",
  "kitMutationOptions",
  "kitStreamedQueryOptions",
  "invalidateKitQueries",
];
/** Capability entries and what an application imports from each. */
const CAPABILITIES = {
  stream: ["eventStream", "jsonLines"],
  progress: ["sendWithProgress"],
  download: ["downloadedFile"],
  form: ["formData"],
  messages: ["setKitMessages", "zh"],
};

/**
 * What a generated client imports from `@kit/api`: the names in `apis/*.ts` and `service.ts` of the
 * petstore example (`npm start` generates it). A user who uses no run-time option, plugin or
 * message catalogue ships this much of the core.
 */
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
 * Run-time features a generated client may add by hand (hand-written classes, service.config.ts):
 * each is measured as the client plus those names, so its row says what the feature costs the
 * client that uses it, and the client row what it costs one that does not.
 */
const CLIENT_FEATURES = [
  ["configure"],
  ["definePlugin"],
  ["removePlugin", "hasPlugin", "pluginsReady"],
  ["Timeout", "StaticHeaders", "WithCredentials", "PluginOptions"],
];

const dist = fileURLToPath(new URL("../packages/api/dist/", import.meta.url));
const coreEntry = `export * from ${JSON.stringify(`${dist}index.js`)};`;
const clientEntry = `export { ${CLIENT_IMPORTS.join(", ")} } from ${JSON.stringify(`${dist}index.js`)};`;
const pluginEntry = (name) =>
  `export { ${name} } from ${JSON.stringify(`${dist}plugins/index.js`)};`;
const integrationEntry = (entry, names) =>
  `export { ${names.join(", ")} } from ${JSON.stringify(`${dist}${entry}/index.js`)};`;

/**
 * Bundles one entry written as source text, split as an application bundler splits it: modules
 * behind `import()` go to chunks loaded only when that code runs. The result is what loads at
 * start (the entry and the chunks it imports statically) and what may load later.
 */
async function bundle(contents, minify, withAxios) {
  const result = await build({
    stdin: { contents, resolveDir: dist, sourcefile: "entry.js", loader: "js" },
    bundle: true,
    format: "esm",
    target: "es2022",
    // axios bundled is its browser build, as an application bundler picks it.
    platform: withAxios ? "browser" : "neutral",
    external: [...(withAxios ? [] : ["axios"]), "vue", "react", "@tanstack/query-core"],
    minify,
    splitting: true,
    outdir: "/kit-size",
    metafile: true,
    write: false,
    logLevel: "silent",
  });
  const texts = new Map(
    result.outputFiles.map((file) => [relative(process.cwd(), file.path), file.contents]),
  );
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((name) => outputs[name].entryPoint !== undefined);
  const atStart = new Set();
  const visit = (name) => {
    if (atStart.has(name)) return;
    atStart.add(name);
    for (const { path, kind } of outputs[name].imports) {
      if (kind === "import-statement" && path in outputs) visit(path);
    }
  };
  visit(entry);
  const lazy = Object.keys(outputs).filter((name) => !atStart.has(name));
  return {
    atStart: [...atStart].map((name) => texts.get(name)),
    lazy: lazy.map((name) => texts.get(name)),
    metafile: result.metafile,
  };
}

const sum = (values) => values.reduce((total, value) => total + value, 0);
const gzipped = (text) => gzipSync(text, { level: 9 }).length;

/**
 * Raw (bundled, not minified), minified and minified+gzipped sizes in bytes of what loads at start
 * (each file gzipped on its own, as a server sends it), and min+gzip of the chunks loaded later.
 */
async function measure(contents) {
  const min = await bundle(contents, true, false);
  const withAxios = await bundle(contents, true, true);
  return {
    min: sum(min.atStart.map((text) => text.length)),
    gzip: sum(min.atStart.map(gzipped)),
    gzipWithAxios: sum(withAxios.atStart.map(gzipped)),
    lazyGzip: sum(min.lazy.map(gzipped)),
    metafile: min.metafile,
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

const axiosAlone = await measure('export { default } from "axios";');
const core = await measure(coreEntry);
const client = await measure(clientEntry);
const verdict = (bytes) =>
  bytes <= BUDGET_CORE_BYTES ? "ok" : `over by ${bytes - BUDGET_CORE_BYTES} B`;
const rows = [
  [
    "axios alone, for comparison",
    "–",
    "–",
    kb(axiosAlone.gzipWithAxios - axiosAlone.gzip),
    "–",
    "–",
  ],
  [
    "core (`@kit/api`)",
    "–",
    `**${kb(core.gzip)}**`,
    kb(core.gzipWithAxios),
    `≤ ${kb(BUDGET_CORE_BYTES)}`,
    verdict(core.gzip),
  ],
  [
    "a generated client (what its `apis/` and `service.ts` import)",
    "–",
    `**${kb(client.gzip)}**`,
    kb(client.gzipWithAxios),
    `≤ ${kb(BUDGET_CORE_BYTES)}`,
    verdict(client.gzip),
  ],
];
for (const names of CLIENT_FEATURES) {
  const withFeature = await measure(
    `export { ${[...CLIENT_IMPORTS, ...names].join(", ")} } from ${JSON.stringify(`${dist}index.js`)};`,
  );
  rows.push([
    `the client and ${names.map((name) => `\`${name}\``).join(", ")}`,
    `+${kb(withFeature.gzip - client.gzip)} to the client`,
    kb(withFeature.gzip),
    kb(withFeature.gzipWithAxios),
    "–",
    "–",
  ]);
}
/** A row for an entry point used with the core: what it adds, and the two together. */
async function addedRow(label, entry) {
  const withCore = await measure(`${coreEntry}\n${entry}`);
  return [
    label,
    `+${kb(withCore.gzip - core.gzip)}`,
    kb(withCore.gzip),
    kb(withCore.gzipWithAxios),
    "–",
    "–",
  ];
}

for (const name of PLUGINS) {
  rows.push(await addedRow(`\`${name}\` (\`@kit/api/plugins\`)`, pluginEntry(name)));
}
for (const [entry, names] of Object.entries(INTEGRATIONS)) {
  rows.push(await addedRow(`\`@kit/api/${entry}\``, integrationEntry(entry, names)));
}
for (const [entry, names] of Object.entries(CAPABILITIES)) {
  const label = `${names.map((name) => `\`${name}\``).join(", ")} (\`@kit/api/${entry}\`)`;
  rows.push(await addedRow(label, integrationEntry(entry, names)));
}

/**
 * One strategy as an application imports it: alone (axios external), what it adds to the core,
 * and the core, the strategy and axios together (what the page loads for it).
 */
async function strategyRow(label, entry) {
  const alone = await measure(entry);
  const withCore = await measure(`${coreEntry}\n${entry}`);
  return [
    label,
    kb(alone.gzip),
    `+${kb(withCore.gzip - core.gzip)}`,
    kb(withCore.gzipWithAxios),
    `+${kb(withCore.gzipWithAxios - core.gzipWithAxios)}`,
  ];
}
const strategyRows = [];
for (const framework of ["vue", "react"]) {
  for (const name of STRATEGIES) {
    strategyRows.push(
      await strategyRow(`\`${name}\` (${framework})`, integrationEntry(framework, [name])),
    );
  }
}
for (const name of QUERY_HELPERS) {
  strategyRows.push(await strategyRow(`\`${name}\``, integrationEntry("tanstack-query", [name])));
}

console.log(
  "| Entry | Added to the core | Core and entry, without axios | Core and entry, with axios | Budget (without axios) | Verdict |",
);
console.log("|---|---:|---:|---:|---|---|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
console.log(
  `\nCore code loaded on first use only (the redirect follower for Node's fetch adapter), not counted above: ${kb(core.lazyGzip)} min+gzip.`,
);
console.log(
  "esbuild with code splitting (what loads at start: the entry and the chunks it imports statically), ES2022 ESM, vue, react and @tanstack/query-core external, axios external or bundled (its browser build); min+gzip at level 9. What an entry adds to the core is the same with or without axios.",
);

console.log(
  "\n| Strategy | Alone, min+gzip | Added to the core, min+gzip | Core + strategy + axios, min+gzip | Added to core + axios, min+gzip |",
);
console.log("|---|---|---|---|---|");
for (const row of strategyRows) console.log(`| ${row.join(" | ")} |`);
console.log(
  `Without axios: axios external. With axios: the core, the strategy and axios's browser build in one bundle (core + axios alone: ${kb(core.gzipWithAxios)}), as a page on a generated client loads them. vue, react and @tanstack/query-core are the application's own and stay external.`,
);

/** The modules of `dist/` by what they do, each group a prefix list of their paths. */
const CLIENT_PARTS = {
  "server, options, method, errors, route, endpoint, URL rules": [
    "core/server",
    "core/options",
    "core/method",
    "core/errors",
    "core/route",
    "core/endpoint",
    "core/url",
    "core/catalogue",
    "core/listeners",
    "core/api.js",
    "core/call-options",
    "core/media-type",
    "core/plain-object",
    "core/http-token",
  ],
  "send pipeline (exchange, request, response body, dispatch, deadline, chain, envelope)": [
    "core/exchange",
    "core/request.js",
    "core/response-body",
    "core/dispatch",
    "core/deadline",
    "core/chain",
    "core/envelope",
  ],
  "wire binding (parameter handlers, form, path, query, header and body encoding)": [
    "core/parameter-handlers",
    "core/form-encoding",
    "core/path-value",
    "core/path-template",
    "core/query",
    "core/request-body",
    "core/header-text",
  ],
  decorators: ["decorators/"],
  "message text": ["core/messages"],
  "redirect safety (its follower loads later)": ["core/redirects"],
};

/**
 * What each group of modules costs a generated client: the client bundled as one file (the
 * lazy redirect follower left out), minified and gzipped, against the same without the group's
 * modules. gzip shares text across groups, so the parts add up to less than the whole.
 */
async function clientParts() {
  const result = await build({
    stdin: { contents: clientEntry, resolveDir: dist, sourcefile: "entry.js", loader: "js" },
    bundle: true,
    format: "esm",
    target: "es2022",
    platform: "neutral",
    external: ["axios"],
    write: false,
    logLevel: "silent",
  });
  const text = result.outputFiles[0].text.replace(/^export \{[^}]*\};?\s*$/m, "");
  const modules = text
    .split(/^(?=\/\/ (?:\S*packages|<stdin>))/m)
    .map((part) => [part.match(/^\/\/ \S*dist\/(\S+)/)?.[1] ?? "", part])
    .filter(([name]) => !name.startsWith("core/redirect-follower"));
  const size = async (parts) => {
    const joined = parts.map(([, part]) => part).join("");
    const options = { minify: true, format: "esm", target: "es2022", treeShaking: false };
    return gzipped((await transform(joined, options)).code);
  };
  const whole = await size(modules);
  console.log(`\nWhat each part costs a generated client (${kb(whole)} bundled as one file):\n`);
  console.log("| part | min+gzip |\n|---|---:|");
  for (const [part, prefixes] of Object.entries(CLIENT_PARTS)) {
    const rest = modules.filter(([name]) => !prefixes.some((prefix) => name.startsWith(prefix)));
    console.log(`| ${part} | ${kb(whole - (await size(rest)))} |`);
  }
}

if (process.argv.includes("--analyze")) {
  console.log(await analyzeMetafile(core.metafile, { verbose: false }));
  console.log("What a generated client imports:");
  console.log(await analyzeMetafile(client.metafile, { verbose: false }));
  await clientParts();
}
