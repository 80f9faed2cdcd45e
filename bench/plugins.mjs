// Plugin costs on a stub axios adapter (no network): what a cache hit costs per send(), and what
// the chain of all four built-in plugins adds to a send that goes through to the adapter. Figures
// to compare builds with, not a budget: a send's budget is its cost on a loopback round trip
// (bench/runtime.mjs).
// Run after a build: `node bench/plugins.mjs` (part of `npm run bench:runtime`).
import { KitServer, Server } from "../packages/api/dist/index.js";
import { auth, cache, logger, retry } from "../packages/api/dist/plugins/index.js";
import { PetApi, stubAdapter } from "./stub.mjs";

const ROUNDS = 25;
const SENDS_PER_ROUND = 4_000;

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

/**
 * Sequential sends, as one caller awaiting each in turn; CPU microseconds of this process per
 * send (CPU rather than wall time, so other processes on a shared machine do not count).
 */
async function perSend(send) {
  const started = process.cpuUsage();
  for (let i = 0; i < SENDS_PER_ROUND; i++) await send();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / SENDS_PER_ROUND;
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

/** Sends of one method object, as a caller keeping it (a component, a poller) sends it. */
const sendOf = (method) => () => method.send();
const cacheOnly = createServer([cache()]);

const cases = [
  {
    name: "answered by a plugin without cache (core floor)",
    send: sendOf(createServer([answerAtOnce]).get(1)),
  },
  { name: "cache hit, cache only", send: sendOf(cacheOnly.get(1)) },
  // A generated client's call, `petApi.getPetById(1).send()`, builds a method object each time.
  {
    name: "cache hit, cache only, a new method object per send",
    send: () => cacheOnly.get(1).send(),
  },
  { name: "cache hit, all four plugins", send: sendOf(createServer(allFour()).get(1)) },
  // `cache.skip` makes each send reach the adapter; without plugins the option is ignored.
  { name: "send to adapter, no plugins", send: sendOf(createServer([]).get(1)) },
  {
    name: "send to adapter, all four plugins",
    send: sendOf(
      createServer(allFour())
        .get(1)
        .options({ cache: { skip: true } }),
    ),
  },
];

for (const { send } of cases) {
  const result = await send();
  if (result.data?.name !== "Rex") throw new Error("the stub adapter's answer did not arrive");
  await perSend(send);
}
if (!(await cases[1].send()).fromCache) throw new Error("the cache case missed");

const samples = new Map(cases.map(({ name }) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const { name, send } of cases) samples.get(name).push(await perSend(send));
}

const medians = new Map([...samples].map(([name, values]) => [name, median(values)]));
const hit = medians.get("cache hit, cache only");
const floor = medians.get("answered by a plugin without cache (core floor)");
const overhead =
  medians.get("send to adapter, all four plugins") - medians.get("send to adapter, no plugins");

const rows = [...medians].map(([name, us]) => `| ${name} | ${us.toFixed(2)} |`);
console.log(`### Plugins (stub adapter, median of ${ROUNDS} interleaved rounds × ${SENDS_PER_ROUND} sends)

| case | CPU µs per send |
|---|---:|
${rows.join("\n")}

- Cache hit: ${hit.toFixed(2)} µs per send; the cache's own share over the core floor is ${(hit - floor).toFixed(2)} µs.
- Chain of logger + auth + cache (skipped) + retry over no plugins: ${overhead.toFixed(2)} µs per send.
- Node ${process.version}.`);
