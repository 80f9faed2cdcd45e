import { gzipSync } from "node:zlib";
import { build } from "esbuild";
const dist = process.argv[2];
const names = process.argv[3];
const r = await build({ stdin: { contents: `export { ${names} } from ${JSON.stringify(dist + "/index.js")};`, resolveDir: dist, loader: "js" }, bundle: true, format: "esm", target: "es2022", platform: "neutral", external: ["axios"], minify: true, write: false, splitting: true, outdir: "/x", metafile: true, logLevel: "silent" });
const outputs = r.metafile.outputs; const entry = Object.keys(outputs).find((n) => outputs[n].entryPoint !== undefined);
const f = r.outputFiles.find((o) => o.path.endsWith(entry.replace(/^.*\//, "")));
console.log(names.slice(0, 40), f.contents.length, gzipSync(f.contents, { level: 9 }).length);
