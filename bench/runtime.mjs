// What one send() costs over raw axios on a real round trip: a server on 127.0.0.1 in its own
// process, Kit's send() and the same call through raw axios, run in interleaved rounds so drift in
// the machine's load hits both. Per round: sequential sends (wall and client CPU microseconds per
// send) and 16 sends in flight (requests per second). Medians over the rounds; budget: Kit within
// 3 % of raw axios. Run after a build: `node bench/runtime.mjs` (part of `npm run bench:runtime`).
// `--baseline <dir>` also measures another build of packages/api (its dist/ folder) in the same
// rounds, for a change measured before and after in one process and one sitting. The column "raw
// axios + signal" is raw axios given what every send of Kit needs at least, one platform
// AbortController and one setTimeout for a whole-body deadline: the floor of Kit's design.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import axios from "axios";

const ROUNDS = 21;
const SEQUENTIAL_SENDS = 400;
const CONCURRENT_ROUND_MS = 400;
const CONCURRENCY = 16;
const BUDGET = 0.03;

const baselineAt = process.argv.indexOf("--baseline");
const builds = [new URL("../packages/api/dist/", import.meta.url)];
if (baselineAt !== -1) builds.push(pathToFileURL(`${resolve(process.argv[baselineAt + 1])}/`));

const body = '{"code":0,"message":"ok","data":{"id":1,"name":"Rex"}}';

/** `send()` of one build of the runtime against `baseURL`. */
async function kitCall(dist, baseURL) {
  const { Api, Get, KitServer, Params, Server } = await import(new URL("index.js", dist).href);
  // Decorators applied by hand, as TypeScript's legacy emit does, because this file is plain JS.
  class PetApi {
    get() {}
  }
  Params("id")(PetApi.prototype, "get", 0);
  Get("/:id")(PetApi.prototype, "get", Object.getOwnPropertyDescriptor(PetApi.prototype, "get"));
  Api("/pets")(PetApi);
  class Shop extends KitServer {}
  Server({ baseURL })(Shop);
  const api = new Shop().createApi(PetApi);
  return async (id) => (await api.get(id).send()).data;
}

/** The same call through raw axios: the URL built by hand, the envelope unwrapped by hand. */
function rawCall(baseURL) {
  const http = axios.create({ baseURL, timeout: 10_000 });
  return async (id) => (await http.get(`/pets/${encodeURIComponent(id)}`)).data.data;
}

/** Raw axios with one AbortController and one setTimeout per call, as a deadline needs. */
function signalledCall(baseURL) {
  const http = axios.create({ baseURL, timeout: 10_000 });
  return async (id) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 10_000);
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

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Sends one after another: wall and client CPU microseconds per send. */
async function sequential(call) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < SEQUENTIAL_SENDS; i++) await call(i);
  const wall = ((performance.now() - started) * 1000) / SEQUENTIAL_SENDS;
  const { user, system } = process.cpuUsage(cpu);
  return { wall, cpu: (user + system) / SEQUENTIAL_SENDS };
}

/** Completed sends per second with `CONCURRENCY` in flight. */
async function concurrent(call) {
  let completed = 0;
  const started = performance.now();
  const end = started + CONCURRENT_ROUND_MS;
  const lane = async () => {
    while (performance.now() < end) {
      await call(completed);
      completed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return completed / ((performance.now() - started) / 1000);
}

async function round(call) {
  const { wall, cpu } = await sequential(call);
  return { wall, cpu, rate: await concurrent(call) };
}

const server = await startServer();
/** Raw axios, raw axios with a signal, then each build of Kit; one list of round results each. */
const samples = [[], [], ...builds.map(() => [])];
try {
  const raw = rawCall(`${server.origin}/api`);
  const calls = [raw, signalledCall(`${server.origin}/api`)];
  for (const dist of builds) calls.push(await kitCall(dist, `${server.origin}/api`));
  for (const call of calls) {
    if ((await call(1)).name !== (await raw(1)).name) throw new Error("Kit and raw axios disagree");
  }
  for (let i = 0; i < 2; i++) for (const call of calls) await round(call);
  for (let r = 0; r < ROUNDS; r++) {
    // Rotate which goes first so none always runs on a warmer heap.
    for (let k = 0; k < calls.length; k++) {
      const at = (k + r) % calls.length;
      samples[at].push(await round(calls[at]));
    }
  }
} finally {
  await server.stop();
}

const cost = (ratio, lowerIsBetter) => (lowerIsBetter ? ratio - 1 : 1 - ratio);
const percent = (value) => `${value >= 0 ? "+" : "−"}${Math.abs(value * 100).toFixed(1)} %`;

/** Medians of a measure, and Kit's cost: the median of its per-round ratio to raw axios. */
function row(label, measure, digits, lowerIsBetter) {
  const medians = samples.map((rounds) => median(rounds.map((s) => s[measure])));
  const costs = samples
    .slice(1)
    .map((rounds) =>
      cost(median(rounds.map((s, i) => s[measure] / samples[0][i][measure])), lowerIsBetter),
    );
  const verdict = costs[1] <= BUDGET ? "within budget" : "OVER BUDGET";
  const cells = medians.map((value) => value.toFixed(digits));
  return `| ${label} | ${cells.join(" | ")} | ${costs.map(percent).join(" | ")} | ${verdict} |`;
}

console.log(`Loopback round trip, Node ${process.version}, axios ${axios.VERSION}`);
console.log(
  `${ROUNDS} interleaved rounds; each: ${SEQUENTIAL_SENDS} sequential sends, then ` +
    `${CONCURRENT_ROUND_MS} ms with ${CONCURRENCY} in flight. Medians; Kit's cost is the median ` +
    `of the per-round ratios, budget ≤ ${BUDGET * 100} %.\n`,
);
const baseline = builds.length > 1;
console.log(
  baseline
    ? "| measure | raw axios | raw axios + signal | Kit | Kit, baseline | signal's cost | Kit's cost | baseline's cost | verdict |"
    : "| measure | raw axios | raw axios + signal | Kit | signal's cost | Kit's cost | verdict |",
);
console.log(`|---|${"---:|".repeat(samples.length * 2 - 1)}---|`);
console.log(row("sequential send, wall µs", "wall", 1, true));
console.log(row("sequential send, client CPU µs", "cpu", 1, true));
console.log(row(`${CONCURRENCY} in flight, requests/s`, "rate", 0, false));
