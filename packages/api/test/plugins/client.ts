import {
  Api,
  Data,
  Get,
  type KitApi,
  KitServer,
  Params,
  Post,
  Query,
  Server,
} from "../../src/index.js";

export interface Item {
  id: string;
  /** The Authorization header the server saw, so tests can tell users' answers apart. */
  seenBy?: string;
}

/** The body of a decorated method never runs: the proxy sends the request instead. */
function sent<T>(): Promise<T> {
  throw new Error("the proxy sends this request");
}

@Api("/items")
class ItemApi {
  @Get("/:id")
  get(@Params("id") _id: string, @Query() _query?: Record<string, unknown>): Promise<Item> {
    return sent();
  }

  @Post("")
  create(@Data() _item: Item): Promise<Item> {
    return sent();
  }
}

@Api("/auth")
class AuthApi {
  @Post("/refresh")
  refresh(): Promise<{ token: string }> {
    return sent();
  }
}

export interface Client {
  server: KitServer;
  items: KitApi<ItemApi>;
  authApi: KitApi<AuthApi>;
}

/** A server bound to `origin`; its class is declared per test because the port is. */
export function createClient(origin: string, options: { timeout?: number } = {}): Client {
  @Server({ baseURL: origin, name: "shop", timeout: options.timeout ?? 5_000 })
  class Shop extends KitServer {}

  const server = new Shop();
  return { server, items: server.createApi(ItemApi), authApi: server.createApi(AuthApi) };
}
