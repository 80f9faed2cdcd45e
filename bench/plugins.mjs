// Plugin costs on a stub axios adapter (no network): what a cache hit costs per send(), and what
// the chain of all four built-in plugins adds to a send that goes through to the adapter.
// Run after a build: `node bench/plugins.mjs` (part of `npm run bench:runtime`).
import { KitServer, Server } from "../packages/api/dist/index.js";
import { auth, cache, logger, retry } from "../packages/api/dist/plugins/index.js";
import { PetApi, stubAdapter } from "./stub.mjs";

const ROUNDS = 25;
const SENDS_PER_ROUND = 4_000;
const BUDGET_CACHE_HIT_US = 2;

const instantAdapter = stubAdapter('{"id":1,"name":"Rex"}');

function createServer(plugins) {
  class Shop extends KitServer {}
  Server({ baseURL: "http://bench.invalid/api", name: "bench", adapter: instantAdapter })(Shop);
  const server = new Shop();
  for (const plugin of plugins) server.use(plugin);
  return server.createApi(PetApi);
}

function allFour() {
  return [logger({ sink: () => {} }), auth({ getToken: () => "token" }), cache(), retry()];
}

/** Sequential sends, as one caller awaiting each in turn; microseconds per send. */
async function perSend(method) {
  const started = performance.now();
  for (let i = 0; i < SENDS_PER_ROUND; i++) await method.send();
  return ((performance.now() - started) * 1000) / SENDS_PER_ROUND;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A plugin that answers at once: the floor every plugin-answered send pays to the core. */
const answerAtOnce = {
  name: "answer-at-once",
  request: async () => ({
    data: { id: 1, name: "Rex" },
    code: undefined,
    message: undefined,
    fromCache: false,
    status: 200,
    headers: {},
    envelope: undefined,
  }),
};

const cases = [
  {
    name: "answered by a plugin without cache (core floor)",
    method: createServer([answerAtOnce]).get(1),
  },
  { name: "cache hit, cache only", method: createServer([cache()]).get(1) },
  { name: "cache hit, all four plugins", method: createServer(allFour()).get(1) },
  // `cache.skip` makes each send reach the adapter; without plugins the option is ignored.
  { name: "send to adapter, no plugins", method: createServer([]).get(1) },
  {
    name: "send to adapter, all four plugins",
    method: createServer(allFour())
      .get(1)
      .options({ cache: { skip: true } }),
  },
];

for (const { method } of cases) {
  const result = await method.send();
  if (result.data?.name !== "Rex") throw new Error("the stub adapter's answer did not arrive");
  await perSend(method);
}
if (!(await cases[1].method.send()).fromCache) throw new Error("the cache case missed");

const samples = new Map(cases.map(({ name }) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const { name, method } of cases) samples.get(name).push(await perSend(method));
}

const medians = new Map([...samples].map(([name, values]) => [name, median(values)]));
const hit = medians.get("cache hit, cache only");
const floor = medians.get("answered by a plugin without cache (core floor)");
const overhead =
  medians.get("send to adapter, all four plugins") - medians.get("send to adapter, no plugins");

const rows = [...medians].map(([name, us]) => `| ${name} | ${us.toFixed(2)} |`);
console.log(`### Plugins (stub adapter, median of ${ROUNDS} interleaved rounds × ${SENDS_PER_ROUND} sends)

| case | µs per send |
|---|---:|
${rows.join("\n")}

- Cache hit: ${hit.toFixed(2)} µs per send (budget ≤ ${BUDGET_CACHE_HIT_US} µs): ${hit <= BUDGET_CACHE_HIT_US ? "within" : "OVER"} budget; the cache's own share over the core floor is ${(hit - floor).toFixed(2)} µs.
- Chain of logger + auth + cache (skipped) + retry over no plugins: ${overhead.toFixed(2)} µs per send.
- Node ${process.version}.`);
