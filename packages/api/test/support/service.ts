import { KitServer, type KitServerOptions, Server } from "../../src/index.js";

/** A fresh server class and instance per call, so tests never share options or plugins. */
export function serviceFor(baseURL: string, options: KitServerOptions = {}): KitServer {
  @Server({ ...options, baseURL })
  class TestService extends KitServer {}
  return new TestService();
}
