import { isKitRequestError, type KitRequestError } from "../core/errors.js";
import type { KitContext, KitPlugin } from "../core/plugin.js";
import { abortError } from "./abort-error.js";
import { requireFunction, requireText } from "./plugin-options.js";
import { abortable } from "./signal.js";

declare module "../core/plugin.js" {
  interface KitCallOptions {
    /** `skip` sends without a token and never refreshes; the refresh call itself must use it. */
    auth?: { skip?: boolean };
  }
}

type MaybePromise<T> = T | Promise<T>;

export interface AuthOptions {
  /** The current token; `null` or `undefined` sends the request without the header. */
  getToken(): MaybePromise<string | null | undefined>;
  /**
   * Obtains a new token so that `getToken()` returns it. Send the refresh request with
   * `.options({ auth: { skip: true } })`: it must neither carry the expired token nor wait for itself.
   */
  refresh?(): MaybePromise<unknown>;
  /** Default `"Authorization"`. */
  header?: string;
  /** Written before the token; `""` sends the bare token. Default `"Bearer"`. */
  scheme?: string;
  /** Which failures mean the token expired; replaces the default, an HTTP 401. */
  isExpired?(error: KitRequestError): boolean;
}

/**
 * Adds the token to every request. When requests fail because the token expired, one refresh runs
 * for all of them and each is replayed once; requests started meanwhile wait for it.
 */
export function auth(options: AuthOptions): KitPlugin {
  requireFunction("auth", "getToken", options.getToken);
  if (options.refresh !== undefined) requireFunction("auth", "refresh", options.refresh);
  const header = options.header ?? "Authorization";
  const scheme = options.scheme ?? "Bearer";
  requireText("auth", "header", header);
  const isExpired = options.isExpired ?? isUnauthorized;
  const refresh = options.refresh;

  /** The latest refresh, running or finished; resolves `true` when it produced a new token. */
  let latest: Promise<boolean> | undefined;
  let running = false;

  function startRefresh(run: () => MaybePromise<unknown>): Promise<boolean> {
    running = true;
    latest = Promise.resolve()
      .then(run)
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        running = false;
      });
    return latest;
  }

  async function applyToken(ctx: KitContext): Promise<void> {
    const token = await options.getToken();
    if (token === null || token === undefined) delete ctx.request.headers[header];
    else ctx.request.headers[header] = scheme === "" ? token : `${scheme} ${token}`;
  }

  /** Waits for a refresh on behalf of one request, which still rejects at once if it is aborted. */
  function awaitRefresh(ctx: KitContext, refresh: Promise<boolean>): Promise<boolean> {
    return abortable(refresh, ctx.request.signal).catch((reason: unknown) => {
      throw abortError(ctx, reason);
    });
  }

  return {
    name: "auth",
    setup(server) {
      if (server.plugins.some((plugin) => plugin.name === "cache")) {
        throw new TypeError(
          "auth must be registered before cache: cache keys hash the header auth sets, so a cache outside auth would share entries between users",
        );
      }
    },
    async request(ctx, next) {
      if (ctx.options.auth?.skip) return next();
      // A request that waited for a refresh has had its refresh, whether or not it succeeded.
      const waited = running;
      if (waited) await awaitRefresh(ctx, latest!);
      const sentAfter = latest;
      await applyToken(ctx);
      try {
        return await next();
      } catch (error) {
        if (refresh === undefined || waited || !isKitRequestError(error) || !isExpired(error)) {
          throw error;
        }
        // A refresh started after this request went out answers for it too, whatever its outcome,
        // so a wave of 401s arriving one by one never starts a second refresh.
        const outcome =
          latest !== sentAfter && latest !== undefined ? latest : startRefresh(refresh);
        if (!(await awaitRefresh(ctx, outcome))) throw error;
        await applyToken(ctx);
        return next();
      }
    },
  };
}

function isUnauthorized(error: KitRequestError): boolean {
  return error.kind === "http" && error.status === 401;
}
