// What the runtime benchmarks share: an API class and an axios adapter that never touches the network.
import { Api, Get, Params } from "../packages/api/dist/index.js";

/** An axios adapter answering every request at once with `body`, like a server that is never the bottleneck. */
export function stubAdapter(body) {
  return async (config) => ({
    data: body,
    status: 200,
    statusText: "OK",
    headers: { "content-type": "application/json" },
    config,
    request: {},
  });
}

// Decorators applied by hand, as TypeScript's legacy emit does, because the benchmarks are plain JS.
export class PetApi {
  get() {}
}
Params("id")(PetApi.prototype, "get", 0);
Get("/:id")(PetApi.prototype, "get", Object.getOwnPropertyDescriptor(PetApi.prototype, "get"));
Api("/pets")(PetApi);
