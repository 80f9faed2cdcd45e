/*
 * The run-time options of hand-written classes, compiled by the real tsc (7 and 5.9) against the
 * built package: the option decorators, `configure`, the plugin lifecycle and what a method
 * exposes. Each `@ts-expect-error` must meet an error, or the compile fails.
 */
import {
  Api,
  configure,
  definePlugin,
  Get,
  hasPlugin,
  type KitMethod,
  type KitPlugin,
  type KitRequest,
  type KitResult,
  type KitRuntimeOptions,
  KitServer,
  PluginOptions,
  pluginsReady,
  ResponseType,
  removePlugin,
  Server,
  StaticHeaders,
  Timeout,
  WithCredentials,
} from "@kit/api";
import { type KitMessageCatalogue, setKitMessages, zh } from "@kit/api/messages";
import { type CachePlugin, cache, type KitCacheEvent, pool } from "@kit/api/plugins";
import { expectTypeOf } from "vitest";

@Timeout(30_000)
@StaticHeaders({ "X-App": "kit" })
@WithCredentials(false)
@PluginOptions({ retry: { retries: 0 }, cache: { ttl: 5_000, tags: ["reports"] } })
@Api("/reports")
export class ReportApi {
  @Timeout(120_000)
  @ResponseType("text")
  @PluginOptions({ cache: { skip: true } })
  @Get("/export")
  exportCsv(): Promise<string> {
    return null!;
  }

  // @ts-expect-error a timeout is a number of milliseconds
  @Timeout("2m")
  @Get("/a")
  a(): Promise<void> {
    return null!;
  }

  // @ts-expect-error header values are strings
  @StaticHeaders({ "X-Count": 1 })
  @Get("/b")
  b(): Promise<void> {
    return null!;
  }

  // @ts-expect-error the cache's ttl is a number
  @PluginOptions({ cache: { ttl: "5m" } })
  @Get("/c")
  c(): Promise<void> {
    return null!;
  }

  // @ts-expect-error no plugin takes a `retrys` option
  @PluginOptions({ retrys: { retries: 1 } })
  @Get("/d")
  d(): Promise<void> {
    return null!;
  }

  // @ts-expect-error a response type is one of the five
  @ResponseType("xml")
  @Get("/e")
  e(): Promise<void> {
    return null!;
  }
}

@Server({ baseURL: "/api" })
class Service extends KitServer {}
const service = new Service();

configure(service, { baseURL: "https://tenant-7.example.com/api", headers: { "X-Tenant": "7" } });
configure(service, { timeout: 5_000, codeKey: "status", validateCode: (code) => code === 0 });
configure(service, { envelope: "strict" });
// @ts-expect-error the adapter is fixed when the server is made
configure(service, { adapter: "fetch" });
// @ts-expect-error a timeout is a number
configure(service, { timeout: "5s" });
// @ts-expect-error envelope is "auto", "strict" or false
configure(service, { envelope: true });
expectTypeOf(configure(service, {})).toEqualTypeOf<Service>();
expectTypeOf<KitRuntimeOptions["baseURL"]>().toEqualTypeOf<string | undefined>();

const tenant = definePlugin({
  name: "tenant",
  dependsOn: ["auth"],
  before: ["cache"],
  after: ["logger"],
  async setup() {},
  teardown() {},
  request: (_ctx, next) => next(),
});
expectTypeOf(tenant).toExtend<KitPlugin>();
expectTypeOf(tenant.name).toEqualTypeOf<string>();
expectTypeOf(hasPlugin(service.use(tenant), "tenant")).toEqualTypeOf<boolean>();
expectTypeOf(removePlugin(service, "tenant")).toEqualTypeOf<boolean>();
expectTypeOf(pluginsReady(service)).toEqualTypeOf<Promise<void>>();
// @ts-expect-error configure, removePlugin, hasPlugin and pluginsReady are functions, not methods
service.configure({ timeout: 1 });

const exported: KitMethod<string, []> = service.createApi(ReportApi).exportCsv();
expectTypeOf(exported.pending).toEqualTypeOf<boolean>();
expectTypeOf(exported.result).toEqualTypeOf<KitResult<unknown, string> | undefined>();
expectTypeOf(exported.error).toEqualTypeOf<unknown>();
expectTypeOf(exported.request).toEqualTypeOf<KitRequest | undefined>();
expectTypeOf(exported.route.path).toEqualTypeOf<string>();
// @ts-expect-error pending is read-only
exported.pending = true;
// @ts-expect-error the last result is read-only
exported.result = undefined;
// @ts-expect-error the last error is read-only
exported.error = undefined;
// @ts-expect-error the request as sent is read-only
exported.request = undefined;
exported.sendWith({ timeout: 60_000, headers: { Accept: "text/csv" } });

// Plugin options of the new plugins and cache rules are typed where a call sets them.
exported.options({
  pool: { priority: 5 },
  cache: { staleWhileRevalidate: 1_000, invalidates: ["x"] },
});
// @ts-expect-error a priority is a number
exported.options({ pool: { priority: "high" } });
const reports: CachePlugin = cache({
  storage: ["memory", "localStorage"],
  onEvent: (event: KitCacheEvent) => void event.type,
});
expectTypeOf(reports.invalidateTags("reports")).toEqualTypeOf<Promise<void>>();
expectTypeOf(pool({ concurrency: 2 }).queued).toEqualTypeOf<number>();
// @ts-expect-error IndexedDB is not a web storage; pass a KitCacheStorage
cache({ storage: "indexedDB" });

// Catalogues: each code's function takes the default's arguments.
const ja: KitMessageCatalogue = {
  KIT_TIMEOUT: (method, url, timeout) => `${method} ${url} ${timeout.toFixed(0)} ms`,
};
setKitMessages(ja);
setKitMessages(zh);
// @ts-expect-error no such code
setKitMessages({ KIT_NO_SUCH_CODE: () => "" });
// @ts-expect-error a message is a string
setKitMessages({ KIT_HTTP: () => 404 });
@Server({ baseURL: "/api", messages: zh })
export class ChineseService extends KitServer {}
