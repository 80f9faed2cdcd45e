import { KitServer, Server } from "../packages/api/dist/index.js";
import { cache } from "../packages/api/dist/plugins/index.js";
import { PetApi, stubAdapter } from "./stub.mjs";
class Shop extends KitServer {}
Server({ baseURL: "http://bench.invalid/api", name: "bench", adapter: stubAdapter('{"id":1}') })(Shop);
const api = new Shop().use(cache()).createApi(PetApi);
for (let i = 0; i < 400000; i++) await api.get(1).send();
