// What one send() costs over raw axios on a real round trip: a server on 127.0.0.1 in its own
// process, Kit's send() and the same call through raw axios in three forms, in interleaved batches
// so drift in the machine's load hits every column alike. Per batch, each column runs a batch of
// sequential sends, then a batch with 16 in flight (order rotated per batch); per batch, Kit's ratio
// to each raw-axios column. Reported: medians per send, and the median of the per-batch ratios with
// its 95 % confidence interval (order statistics) and its quartiles. Budget: Kit within 3 % of
// "raw axios, signal + timer", the raw-axios call with Kit's safety (docs/performance.md, Runtime),
// read on client CPU with sends in flight.
// Last, the same sends on a stub adapter (no I/O): Kit's own work in µs, free of the machine's noise.
// Run after a build: `node bench/runtime.mjs [--batches N] [--baseline <dist>]`; `--baseline` also
// measures another build of packages/api (its dist/ folder) in the same batches.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import axios from "axios";
import { stubAdapter } from "./stub.mjs";

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
};
const BATCHES = Number(option("--batches", 41));
const SEQUENTIAL_SENDS = 200;
const CONCURRENT_SENDS = 800;
const CONCURRENCY = 16;
const SLICES = 8;
const TIMEOUT = 10_000;
const BUDGET = 0.03;
const HONEST = "raw axios, signal + timer";

const builds = [["Kit", new URL("../packages/api/dist/", import.meta.url)]];
const baseline = option("--baseline", undefined);
if (baseline !== undefined) builds.push(["Kit, baseline", pathToFileURL(`${resolve(baseline)}/`)]);

const body = '{"code":0,"message":"ok","data":{"id":1,"name":"Rex"}}';

/** `send()` of one build of the runtime against `baseURL`. */
function kitCall(dist, baseURL) {
  return petCall(dist, { baseURL });
}

/** Kit's `send()` with the server's axios answering at once, for its own work without I/O. */
function stubKitCall(dist) {
  return petCall(dist, { baseURL: "http://127.0.0.1:9/api", adapter: stubAdapter(body) });
}

/** `GET /pets/:id` of one build of the runtime, on a server made with `serverOptions`. */
async function petCall(dist, serverOptions) {
  const { Api, Get, KitServer, Params, Server } = await import(new URL("index.js", dist).href);
  // Decorators applied by hand, as TypeScript's legacy emit does, because this file is plain JS.
  class PetApi {
    get() {}
  }
  Params("id")(PetApi.prototype, "get", 0);
  Get("/:id")(PetApi.prototype, "get", Object.getOwnPropertyDescriptor(PetApi.prototype, "get"));
  Api("/pets")(PetApi);
  class Shop extends KitServer {}
  Server(serverOptions)(Shop);
  const api = new Shop().createApi(PetApi);
  return async (id) => (await api.get(id).send()).data;
}

/** Raw axios as most code calls it: the URL built by hand, the envelope unwrapped by hand. */
function rawCall(baseURL) {
  const http = axios.create({ baseURL });
  return async (id) => (await http.get(`/pets/${encodeURIComponent(id)}`)).data.data;
}

/** The same with axios's own `timeout`: on Node a socket idle timeout, not a deadline. */
function timeoutCall(baseURL) {
  const http = axios.create({ baseURL, timeout: TIMEOUT });
  return async (id) => (await http.get(`/pets/${encodeURIComponent(id)}`)).data.data;
}

/** Raw axios with a deadline over the whole exchange: one AbortController and one timer a call. */
function signalledCall(baseURL, http = axios.create({ baseURL })) {
  return async (id) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT);
    try {
      const url = `/pets/${encodeURIComponent(id)}`;
      return (await http.get(url, { signal: controller.signal })).data.data;
    } finally {
      clearTimeout(timer);
    }
  };
}

const serverSource = `
  const { createServer } = require("node:http");
  const body = ${JSON.stringify(body)};
  const server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => process.send(server.address().port));
`;

/** The server runs in its own process, so the client's CPU time is Kit's or axios's alone. */
async function startServer() {
  const child = spawn(process.execPath, ["-e", serverSource], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const port = await new Promise((done, fail) => {
    child.once("message", done);
    child.once("error", fail);
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise((done) => child.once("exit", done).kill()),
  };
}

/** Wall and client CPU microseconds over `sends` sends, `lanes` of them in flight. */
async function batch(call, sends, lanes) {
  let next = 0;
  const lane = async () => {
    while (next < sends) await call(next++);
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: lanes }, lane));
  const wall = (performance.now() - started) * 1000;
  const { user, system } = process.cpuUsage(cpu);
  return { wall, cpu: user + system, sends };
}

/** 0 … n − 1 in random order (Fisher–Yates, a fixed-seed generator: runs shuffle alike). */
let seed = 1;
function shuffled(n) {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

const zero = () => ({ wall: 0, cpu: 0, sends: 0 });
const add = (total, part) => {
  total.wall += part.wall;
  total.cpu += part.cpu;
  total.sends += part.sends;
};
const per = ({ wall, cpu, sends }) => ({ wall: wall / sends, cpu: cpu / sends });

const measures = [
  ["sequential, client CPU µs/send", "sequential", "cpu"],
  ["sequential, wall µs/send", "sequential", "wall"],
  [`${CONCURRENCY} in flight, client CPU µs/send`, "concurrent", "cpu"],
  [`${CONCURRENCY} in flight, wall µs/send`, "concurrent", "wall"],
];

const server = await startServer();
const columns = [
  ["raw axios", rawCall],
  ["raw axios, timeout", timeoutCall],
  [HONEST, signalledCall],
];
/** Per column, one entry per batch: `{ sequential: { wall, cpu }, concurrent: { wall, cpu } }`. */
const samples = new Map();
try {
  const baseURL = `${server.origin}/api`;
  const calls = columns.map(([label, make]) => [label, make(baseURL)]);
  for (const [label, dist] of builds) calls.push([label, await kitCall(dist, baseURL)]);
  for (const [label, call] of calls) {
    if ((await call(1)).name !== "Rex") throw new Error(`${label} answered otherwise`);
    samples.set(label, []);
  }
  for (let warm = 0; warm < 3; warm++) {
    for (const [, call] of calls) await batch(call, CONCURRENT_SENDS, CONCURRENCY);
  }
  for (let b = 0; b < BATCHES; b++) {
    // A batch is made of slices; each slice runs every column in a new random order, so the columns
    // compared in a batch ran within milliseconds of each other, and none always follows the same
    // one (a column pays part of the garbage collection its predecessor's allocations cause).
    const totals = calls.map(() => ({ sequential: zero(), concurrent: zero() }));
    for (let slice = 0; slice < SLICES; slice++) {
      for (const at of shuffled(calls.length)) {
        const call = calls[at][1];
        add(totals[at].sequential, await batch(call, SEQUENTIAL_SENDS / SLICES, 1));
        add(totals[at].concurrent, await batch(call, CONCURRENT_SENDS / SLICES, CONCURRENCY));
      }
    }
    for (const [at, [label]] of calls.entries()) {
      const { sequential, concurrent } = totals[at];
      samples.get(label).push({ sequential: per(sequential), concurrent: per(concurrent) });
    }
  }
} finally {
  await server.stop();
}

const sorted = (values) => [...values].sort((a, b) => a - b);
/** Linear interpolation between order statistics; `q` in [0, 1]. */
function quantile(values, q) {
  const s = sorted(values);
  const at = (s.length - 1) * q;
  const low = Math.floor(at);
  return s[low] + (s[Math.min(low + 1, s.length - 1)] - s[low]) * (at - low);
}
/** The distribution-free 95 % confidence interval of the median: ranks n/2 ∓ 0.98·√n. */
function medianInterval(values) {
  const s = sorted(values);
  const half = 0.98 * Math.sqrt(s.length);
  const low = Math.max(0, Math.floor(s.length / 2 - half));
  const high = Math.min(s.length - 1, Math.ceil(s.length / 2 + half) - 1);
  return [s[low], s[high]];
}

const percent = (ratio) => {
  const value = (ratio - 1) * 100;
  return `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(1)} %`;
};
const values = (label, phase, measure) => samples.get(label).map((s) => s[phase][measure]);
const ratios = (label, over, phase, measure) => {
  const mine = values(label, phase, measure);
  return values(over, phase, measure).map((value, i) => mine[i] / value);
};

console.log(`Loopback round trip, Node ${process.version}, axios ${axios.VERSION}`);
console.log(
  `${BATCHES} batches of ${SLICES} interleaved slices; each column per batch: ${SEQUENTIAL_SENDS} sequential sends, ` +
    `then ${CONCURRENT_SENDS} with ${CONCURRENCY} in flight. Medians per send.\n`,
);
const labels = [...samples.keys()];
console.log(`| measure | ${labels.join(" | ")} |`);
console.log(`|---|${"---:|".repeat(labels.length)}`);
for (const [name, phase, measure] of measures) {
  const cells = labels.map((label) => quantile(values(label, phase, measure), 0.5).toFixed(1));
  console.log(`| ${name} | ${cells.join(" | ")} |`);
}

console.log(
  "\nCost: the median of the per-batch ratios [95 % confidence interval of that median] " +
    "(quartiles of the ratios).\n",
);
const pairs = [];
for (const [label] of builds) {
  for (const [over] of columns) pairs.push([label, over]);
}
for (const [over] of columns.slice(1)) pairs.push([over, "raw axios"]);
if (builds.length > 1) pairs.push(["Kit", "Kit, baseline"]);
console.log(`| cost | ${measures.map(([name]) => name).join(" | ")} |`);
console.log(`|---|${"---:|".repeat(measures.length)}`);
for (const [label, over] of pairs) {
  const cells = measures.map(([, phase, measure]) => {
    const r = ratios(label, over, phase, measure);
    const [low, high] = medianInterval(r);
    const spread = `${percent(quantile(r, 0.25))} … ${percent(quantile(r, 0.75))}`;
    return `${percent(quantile(r, 0.5))} [${percent(low)}, ${percent(high)}] (${spread})`;
  });
  console.log(`| ${label} over ${over} | ${cells.join(" | ")} |`);
}

// The verdict is read on client CPU with sends in flight: of the four measures, the one whose
// per-batch ratios spread least on a shared machine (sequential sends wait on the server's process).
const kit = ratios("Kit", HONEST, "concurrent", "cpu");
const [low, high] = medianInterval(kit);
const median = quantile(kit, 0.5);
const verdict = median - 1 <= BUDGET ? "within" : "OVER";
console.log(
  `\nKit over ${HONEST}, client CPU with ${CONCURRENCY} in flight: ${percent(median)} ` +
    `[${percent(low)}, ${percent(high)}]: ${verdict} the ${BUDGET * 100} % budget.`,
);

// Kit's own work without I/O: the same sends against an adapter that answers at once, CPU µs per
// send, median of the per-round differences to the raw-axios call with Kit's safety.
const STUB_ROUNDS = 21;
const STUB_SENDS = 5_000;
const stubBaseURL = "http://127.0.0.1:9/api";
const stubHttp = axios.create({ baseURL: stubBaseURL, adapter: stubAdapter(body) });
const stubCalls = [
  [HONEST, signalledCall(stubBaseURL, stubHttp)],
  ...(await Promise.all(builds.map(async ([label, dist]) => [label, await stubKitCall(dist)]))),
];
const stubSamples = stubCalls.map(() => []);
for (let r = 0; r < STUB_ROUNDS + 2; r++) {
  for (const at of shuffled(stubCalls.length)) {
    const { cpu, sends } = await batch(stubCalls[at][1], STUB_SENDS, 1);
    if (r >= 2) stubSamples[at].push(cpu / sends);
  }
}
const stubCells = stubCalls.map(([label], at) => {
  const own = quantile(stubSamples[at], 0.5).toFixed(2);
  if (at === 0) return `${label} ${own} µs`;
  const over = quantile(
    stubSamples[at].map((value, i) => value - stubSamples[0][i]),
    0.5,
  );
  return `${label} ${own} µs (${over >= 0 ? "+" : "−"}${Math.abs(over).toFixed(2)} µs)`;
});
console.log(
  `\nOn a stub adapter (no I/O), client CPU per sequential send, ${STUB_ROUNDS} rounds of ` +
    `${STUB_SENDS}: ${stubCells.join("; ")}.`,
);
