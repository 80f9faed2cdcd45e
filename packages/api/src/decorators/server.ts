import { KitOptionsError } from "../core/errors.js";
import { messages } from "../core/messages.js";
import { type KitServerOptions, normalizeServerOptions } from "../core/options.js";
import { KitServer } from "../core/server.js";
import { recordServerOptions } from "./metadata.js";

/** Configures a `KitServer` subclass; `@Server("/api")` is `@Server({ baseURL: "/api" })`. */
export function Server(
  options: KitServerOptions | string = {},
): (target: abstract new () => KitServer) => void {
  const normalized = normalizeServerOptions(options);
  return (target) => {
    if (!(target.prototype instanceof KitServer)) {
      throw new KitOptionsError(
        "KIT_SERVER_NOT_KIT_SERVER",
        messages.KIT_SERVER_NOT_KIT_SERVER(target.name),
      );
    }
    recordServerOptions(target, normalized);
  };
}
