// One measured generation in a fresh process: `node measure-one.mjs <document>` prints JSON with
// the time of generateFromOpenAPI (read, parse, validate, render), the warning count and peak RSS.
import { performance } from "node:perf_hooks";
import { generateFromOpenAPI } from "../../packages/cli/dist/index.js";

const started = performance.now();
const result = await generateFromOpenAPI(process.argv[2]);
const ms = performance.now() - started;
const rssKb = process.resourceUsage().maxRSS;
console.log(
  JSON.stringify({ ms, rssKb, warnings: result.warnings.length, files: result.files.length }),
);
