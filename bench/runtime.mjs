// What the runtime costs over raw axios: the wrapper cost of one send() on a stub adapter (no I/O),
// and requests per second over loopback HTTP. Kit and raw axios run interleaved, round by round,
// so drift in machine load hits both. Run after a build: `npm run bench:runtime`.
import { Worker } from "node:worker_threads";
import axios from "axios";
import { KitServer, Server } from "../packages/api/dist/index.js";
import { PetApi, stubAdapter } from "./stub.mjs";

const STUB_ROUNDS = 31;
const STUB_SENDS_PER_ROUND = 5_000;
const LOOPBACK_ROUNDS = 7;
const LOOPBACK_ROUND_MS = 1_000;
const LOOPBACK_CONCURRENCY = 16;
const BUDGET_WRAPPER_US = 2;
const BUDGET_THROUGHPUT = 0.95;

const body = '{"code":0,"message":"ok","data":{"id":1,"name":"Rex"}}';

const instantAdapter = stubAdapter(body);

function kitApi(baseURL, adapter) {
  class Shop extends KitServer {}
  Server({ baseURL, adapter })(Shop);
  return new Shop().createApi(PetApi);
}

/** The same call through raw axios: the URL built by hand, the envelope unwrapped by hand. */
function rawCall(baseURL, adapter) {
  const http = axios.create({ baseURL, adapter, timeout: 10_000 });
  return async (id) => (await http.get(`/pets/${encodeURIComponent(id)}`)).data.data;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * CPU microseconds of this process per call, calls awaited one after another. CPU time rather than
 * wall time, so other processes on a shared machine do not show up as cost.
 */
async function microsPerCall(call) {
  const started = process.cpuUsage();
  for (let i = 0; i < STUB_SENDS_PER_ROUND; i++) await call(i);
  const { user, system } = process.cpuUsage(started);
  return (user + system) / STUB_SENDS_PER_ROUND;
}

async function stubRounds() {
  const api = kitApi("http://bench.invalid/api", instantAdapter);
  const raw = rawCall("http://bench.invalid/api", instantAdapter);
  const kit = async (id) => (await api.get(id).send()).data;
  if ((await kit(1)).name !== (await raw(1)).name) throw new Error("Kit and raw axios disagree");
  for (let i = 0; i < 3; i++) await Promise.all([microsPerCall(kit), microsPerCall(raw)]);
  const kitMicros = [];
  const rawMicros = [];
  const differences = [];
  for (let round = 0; round < STUB_ROUNDS; round++) {
    // Alternate which goes first so neither always runs on a warmer heap.
    let k;
    let r;
    if (round % 2 === 0) {
      k = await microsPerCall(kit);
      r = await microsPerCall(raw);
    } else {
      r = await microsPerCall(raw);
      k = await microsPerCall(kit);
    }
    kitMicros.push(k);
    rawMicros.push(r);
    differences.push(k - r);
  }
  return { kit: median(kitMicros), raw: median(rawMicros), difference: median(differences) };
}

const serverSource = `
  const { createServer } = require("node:http");
  const { parentPort } = require("node:worker_threads");
  const body = ${JSON.stringify(body)};
  const server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => parentPort.postMessage(server.address().port));
`;

/** A server in its own thread, so it does not share the client's event loop. */
async function startServer() {
  const worker = new Worker(serverSource, { eval: true });
  const port = await new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => worker.terminate() };
}

/** Completed calls per second with a fixed number in flight. */
async function requestsPerSecond(call) {
  let completed = 0;
  const deadline = performance.now() + LOOPBACK_ROUND_MS;
  const started = performance.now();
  const lane = async () => {
    while (performance.now() < deadline) {
      await call(completed);
      completed++;
    }
  };
  await Promise.all(Array.from({ length: LOOPBACK_CONCURRENCY }, lane));
  return completed / ((performance.now() - started) / 1000);
}

async function loopbackRounds() {
  const server = await startServer();
  try {
    const api = kitApi(`${server.origin}/api`);
    const raw = rawCall(`${server.origin}/api`);
    const kit = async (id) => (await api.get(id).send()).data;
    await requestsPerSecond(kit);
    await requestsPerSecond(raw);
    const kitRates = [];
    const rawRates = [];
    const ratios = [];
    for (let round = 0; round < LOOPBACK_ROUNDS; round++) {
      const first = round % 2 === 0 ? kit : raw;
      const second = first === kit ? raw : kit;
      const a = await requestsPerSecond(first);
      const b = await requestsPerSecond(second);
      const [k, r] = first === kit ? [a, b] : [b, a];
      kitRates.push(k);
      rawRates.push(r);
      ratios.push(k / r);
    }
    return { kit: median(kitRates), raw: median(rawRates), ratio: median(ratios) };
  } finally {
    await server.stop();
  }
}

const stub = await stubRounds();
const loopback = await loopbackRounds();
const verdict = (ok) => (ok ? "within budget" : "OVER BUDGET");
const fixed = (value, digits) => value.toFixed(digits);

console.log(`Runtime benchmark, Node ${process.version}, axios ${axios.VERSION}`);
console.log(
  `stub: ${STUB_ROUNDS} interleaved rounds of ${STUB_SENDS_PER_ROUND} sequential sends; ` +
    `loopback: ${LOOPBACK_ROUNDS} interleaved rounds of ${LOOPBACK_ROUND_MS} ms, ${LOOPBACK_CONCURRENCY} in flight\n`,
);
console.log("| measure | raw axios | Kit | Kit − raw / Kit ÷ raw | budget | verdict |");
console.log("|---|---:|---:|---:|---|---|");
console.log(
  `| send() on a stub adapter, median CPU µs | ${fixed(stub.raw, 2)} | ${fixed(stub.kit, 2)} | ` +
    `${stub.difference >= 0 ? "+" : ""}${fixed(stub.difference, 2)} µs | ≤ ${BUDGET_WRAPPER_US} µs | ` +
    `${verdict(stub.difference <= BUDGET_WRAPPER_US)} |`,
);
console.log(
  `| loopback requests/s, median | ${fixed(loopback.raw, 0)} | ${fixed(loopback.kit, 0)} | ` +
    `${fixed(loopback.ratio * 100, 1)} % | ≥ ${BUDGET_THROUGHPUT * 100} % | ` +
    `${verdict(loopback.ratio >= BUDGET_THROUGHPUT)} |`,
);
