import { build } from "esbuild";
const dist = process.argv[2];
const names = process.argv[3];
const r = await build({ stdin: { contents: `export { ${names} } from ${JSON.stringify(dist + "/index.js")};`, resolveDir: dist, loader: "js" }, bundle: true, format: "esm", target: "es2022", platform: "neutral", external: ["axios"], minify: true, write: false, splitting: true, outdir: "/x", metafile: true, logLevel: "silent" });
const outputs = r.metafile.outputs; const entry = Object.keys(outputs).find((n) => outputs[n].entryPoint !== undefined);
const rows = Object.entries(outputs[entry].inputs).map(([f, v]) => [f.replace(/.*dist\//, ""), v.bytesInOutput]).sort((a, b) => b[1] - a[1]);
for (const [f, b] of rows) console.log(b, f);
