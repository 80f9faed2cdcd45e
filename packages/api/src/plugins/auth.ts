import { isKitRequestError, type KitRequestError, KitTimeoutError } from "../core/errors.js";
import type { KitContext, KitPlugin } from "../core/plugin.js";
import { definePlugin } from "../core/plugin-lifecycle.js";
import { leavesOrigin, originOfURL } from "../core/url.js";
import { abortError, requestTarget } from "./abort-error.js";
import { pluginMessages } from "./messages.js";
import {
  requireFunction,
  requireHeaderName,
  requireInteger,
  requireOrigins,
} from "./plugin-options.js";

declare module "../core/plugin.js" {
  interface KitCallOptions {
    /** `skip` sends without a token and never refreshes. */
    auth?: { skip?: boolean };
  }
}

type MaybePromise<T> = T | Promise<T>;

export interface AuthOptions {
  /** The current token; `null` or `undefined` sends the request without the header. */
  getToken(): MaybePromise<string | null | undefined>;
  /**
   * Obtains a new token so that `getToken()` returns it. It may call any API, of this server too:
   * calls it starts at once carry no token and never wait for a refresh.
   */
  refresh?(): MaybePromise<unknown>;
  /** Default `"Authorization"`. */
  header?: string;
  /** Written before the token; `""` sends the bare token. Default `"Bearer"`. */
  scheme?: string;
  /** Which failures mean the token expired; replaces the default, an HTTP 401. */
  isExpired?(error: KitRequestError): boolean;
  /** Longest wait in ms for `refresh()` to settle; then its waiters fail with `KIT_REFRESH_TIMEOUT`. Default 10_000. */
  refreshTimeout?: number;
  /**
   * Other origins the token may go to (`["https://files.example.com"]`). A request to an origin
   * other than the server's (a route written as an absolute URL: an operation with its own server)
   * is sent without the token unless its origin is listed here. Default: none.
   */
  origins?: readonly string[];
}

/** How a refresh ended, for the requests waiting for it. */
type Outcome = "renewed" | "failed" | "timeout";

/**
 * Adds the token to every request. When requests fail because the token expired, one refresh runs
 * for all of them and each is replayed once. No request waits before it is sent, so a refresh that
 * calls an API of this server never waits for itself.
 */
export function auth(options: AuthOptions): KitPlugin {
  requireFunction("auth", "getToken", options.getToken);
  if (options.refresh !== undefined) requireFunction("auth", "refresh", options.refresh);
  const header = options.header ?? "Authorization";
  const scheme = options.scheme ?? "Bearer";
  const refreshTimeout = options.refreshTimeout ?? 10_000;
  requireHeaderName("auth", "header", header);
  requireInteger("auth", "refreshTimeout", refreshTimeout, 1);
  const isExpired = options.isExpired ?? isUnauthorized;
  const origins = requireOrigins("auth", "origins", options.origins);
  /** Whether the token may go with a request to `url`: the server's origin, or one listed. */
  const toTrusted = (url: string, baseURL: string) =>
    !leavesOrigin(url, baseURL) || origins.has(originOfURL(url) ?? "");
  const refresh = options.refresh;

  /** The latest refresh, running or finished. */
  let latest: Promise<Outcome> | undefined;
  let running = false;
  /** How many refreshes have finished: a request sent before one finished may use its outcome. */
  let finished = 0;
  /** True only while `refresh()` itself runs: the calls it starts then are its own. */
  let insideRefresh = false;

  function startRefresh(run: () => MaybePromise<unknown>): Promise<Outcome> {
    running = true;
    let started: Promise<unknown>;
    insideRefresh = true;
    try {
      started = Promise.resolve(run());
    } catch (error) {
      started = Promise.reject(error);
    } finally {
      insideRefresh = false;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => resolve("timeout"), refreshTimeout);
    });
    const settled = started.then(
      (): Outcome => "renewed",
      (): Outcome => "failed",
    );
    const outcome = Promise.race([settled, bound]).then((result) => {
      clearTimeout(timer);
      if (latest === outcome) running = false;
      finished++;
      return result;
    });
    latest = outcome;
    return outcome;
  }

  async function applyToken(ctx: KitContext): Promise<void> {
    const token = await options.getToken();
    if (token === null || token === undefined) delete ctx.request.headers[header];
    else ctx.request.headers[header] = scheme === "" ? token : `${scheme} ${token}`;
  }

  return definePlugin<KitPlugin>({
    name: "auth",
    // Cache keys hash the header auth sets: a cache outside auth would share entries between users.
    before: ["cache"],
    async request(ctx, next) {
      if (ctx.options.auth?.skip || insideRefresh) return next();
      if (!toTrusted(ctx.request.url, ctx.serverOptions.baseURL)) return next();
      const sentAfter = finished;
      await applyToken(ctx);
      try {
        return await next();
      } catch (error) {
        if (refresh === undefined || !isKitRequestError(error) || !isExpired(error)) throw error;
        // A refresh running now, or one that finished after this request went out, answers for
        // it too, so a wave of 401s arriving one by one starts one refresh.
        const joins = running || (finished !== sentAfter && latest !== undefined);
        const outcome = await waitFor(ctx, joins ? latest! : startRefresh(refresh));
        if (outcome === "timeout") {
          const target = requestTarget(ctx);
          const message = pluginMessages.KIT_REFRESH_TIMEOUT(
            target.method,
            target.url,
            refreshTimeout,
          );
          throw new KitTimeoutError(target, refreshTimeout, error, "KIT_REFRESH_TIMEOUT", message);
        }
        if (outcome === "failed") throw error;
        await applyToken(ctx);
        return next();
      }
    },
  });
}

/**
 * Waits for a refresh on behalf of one request: its abort rejects it at once with
 * `KitAbortError`, and its own timeout with `KitTimeoutError`.
 */
function waitFor(ctx: KitContext, outcome: Promise<Outcome>): Promise<Outcome> {
  const { signal, timeout } = ctx.request;
  if (signal.aborted) return Promise.reject(abortError(ctx, signal.reason));
  return new Promise((resolve, reject) => {
    const timer =
      timeout > 0
        ? setTimeout(() => {
            done();
            reject(new KitTimeoutError(requestTarget(ctx), timeout, undefined));
          }, timeout)
        : undefined;
    const onAbort = (): void => {
      done();
      reject(abortError(ctx, signal.reason));
    };
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    outcome.then((result) => {
      done();
      resolve(result);
    });
  });
}

function isUnauthorized(error: KitRequestError): boolean {
  return error.kind === "http" && error.status === 401;
}
