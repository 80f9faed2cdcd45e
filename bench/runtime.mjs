// What the runtime costs over raw axios: the wrapper cost of one send() on a stub adapter (no I/O),
// and requests per second over loopback HTTP, with the client's CPU per request beside it (the
// wall-clock rate moves with the machine's load, CPU time much less). Kit and raw axios run
// interleaved, round by round, so drift in machine load hits both. Run after a build:
// `npm run bench:runtime`.
import { spawn } from "node:child_process";
import axios from "axios";
import { KitServer, Server } from "../packages/api/dist/index.js";
import { PetApi, stubAdapter } from "./stub.mjs";

const STUB_ROUNDS = 31;
const STUB_SENDS_PER_ROUND = 5_000;
const LOOPBACK_ROUNDS = 21;
const LOOPBACK_ROUND_MS = 500;
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
  const body = ${JSON.stringify(body)};
  const server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => process.send(server.address().port));
`;

/**
 * A server in its own process, so it shares neither the client's event loop nor its CPU time:
 * the client's CPU per request is then Kit's or axios's alone.
 */
async function startServer() {
  const child = spawn(process.execPath, ["-e", serverSource], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const port = await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("error", reject);
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => child.once("exit", resolve).kill()),
  };
}

/**
 * Completed calls per second with a fixed number in flight, and this process's CPU microseconds
 * per call: wall-clock throughput moves with the machine's load, CPU per call much less.
 */
async function loopbackRound(call) {
  let completed = 0;
  const deadline = performance.now() + LOOPBACK_ROUND_MS;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const lane = async () => {
    while (performance.now() < deadline) {
      await call(completed);
      completed++;
    }
  };
  await Promise.all(Array.from({ length: LOOPBACK_CONCURRENCY }, lane));
  const { user, system } = process.cpuUsage(cpu);
  return {
    rate: completed / ((performance.now() - started) / 1000),
    micros: (user + system) / completed,
  };
}

async function loopbackRounds() {
  const server = await startServer();
  try {
    const api = kitApi(`${server.origin}/api`);
    const raw = rawCall(`${server.origin}/api`);
    const kit = async (id) => (await api.get(id).send()).data;
    await loopbackRound(kit);
    await loopbackRound(raw);
    const samples = {
      kitRate: [],
      rawRate: [],
      ratio: [],
      kitMicros: [],
      rawMicros: [],
      cpuRatio: [],
    };
    for (let round = 0; round < LOOPBACK_ROUNDS; round++) {
      // Alternate which goes first, as in the stub rounds.
      const first = round % 2 === 0 ? kit : raw;
      const a = await loopbackRound(first);
      const b = await loopbackRound(first === kit ? raw : kit);
      const [k, r] = first === kit ? [a, b] : [b, a];
      samples.kitRate.push(k.rate);
      samples.rawRate.push(r.rate);
      samples.ratio.push(k.rate / r.rate);
      samples.kitMicros.push(k.micros);
      samples.rawMicros.push(r.micros);
      samples.cpuRatio.push(r.micros / k.micros);
    }
    return Object.fromEntries(
      Object.entries(samples).map(([name, values]) => [name, median(values)]),
    );
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
  `| loopback requests/s, median | ${fixed(loopback.rawRate, 0)} | ${fixed(loopback.kitRate, 0)} | ` +
    `${fixed(loopback.ratio * 100, 1)} % | ≥ ${BUDGET_THROUGHPUT * 100} % | ` +
    `${verdict(loopback.ratio >= BUDGET_THROUGHPUT)} |`,
);
console.log(
  `| loopback, client CPU µs per request, median (raw ÷ Kit) | ${fixed(loopback.rawMicros, 1)} | ` +
    `${fixed(loopback.kitMicros, 1)} | ${fixed(loopback.cpuRatio * 100, 1)} % | ≥ ${BUDGET_THROUGHPUT * 100} % | ` +
    `${verdict(loopback.cpuRatio >= BUDGET_THROUGHPUT)} |`,
);
