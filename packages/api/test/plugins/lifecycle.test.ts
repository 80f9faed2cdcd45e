import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  definePlugin,
  hasPlugin,
  type KitPlugin,
  KitPluginError,
  pluginsReady,
  removePlugin,
} from "../../src/index.js";
import { auth, cache } from "../../src/plugins/index.js";
import { createClient } from "./client.js";
import { type Loopback, startLoopback } from "./loopback.js";

let loopback: Loopback;
beforeAll(async () => {
  loopback = await startLoopback();
});
afterAll(() => loopback.close());
afterEach(() => {
  loopback.seen.length = 0;
});

/** A plugin that puts its name in a header, so the loopback server shows which plugins ran. */
function stamp(name: string, extra: Partial<KitPlugin> = {}): KitPlugin {
  return {
    name,
    request(ctx, next) {
      const seen = ctx.request.headers["X-Plugins"];
      ctx.request.headers["X-Plugins"] = seen === undefined ? name : `${seen},${name}`;
      return next();
    },
    ...extra,
  };
}

/** Collects unhandled rejections while `run` and a few turns after it run. */
async function unhandledDuring(run: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (reason: unknown): void => {
    seen.push(reason);
  };
  process.on("unhandledRejection", listener);
  try {
    await run();
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off("unhandledRejection", listener);
  }
  return seen;
}

describe("declared order and dependencies", () => {
  it("refuses a plugin whose dependency is not registered yet, and registers nothing", () => {
    const { server } = createClient(loopback.origin);
    expect(() => server.use(definePlugin(stamp("tenant", { dependsOn: ["auth"] })))).toThrow(
      expect.objectContaining({
        code: "KIT_PLUGIN_DEPENDENCY",
        message: "tenant depends on auth, which must be registered first",
      }),
    );
    expect(hasPlugin(server, "tenant")).toBe(false);
    server.use(stamp("auth")).use(definePlugin(stamp("tenant", { dependsOn: ["auth"] })));
    expect(server.plugins.map((plugin) => plugin.name)).toEqual(["auth", "tenant"]);
  });

  it("checks an order either side declares, at use()", () => {
    const first = createClient(loopback.origin).server;
    first.use(stamp("inner"));
    expect(() => first.use(definePlugin(stamp("outer", { before: ["inner"] })))).toThrow(
      expect.objectContaining({
        code: "KIT_PLUGIN_ORDER",
        message: expect.stringMatching(/^outer must be registered before inner/),
      }),
    );
    const second = createClient(loopback.origin).server;
    second.use(definePlugin(stamp("inner", { after: ["outer"] })));
    expect(() => second.use(stamp("outer"))).toThrow(/outer must be registered before inner/);
    expect(second.plugins.map((plugin) => plugin.name)).toEqual(["inner"]);
  });

  it("refuses a plugin that declares an order but was not made by definePlugin", () => {
    const { server } = createClient(loopback.origin);
    server.use(stamp("auth"));
    expect(() => server.use(stamp("tenant", { dependsOn: ["auth"] }))).toThrow(
      expect.objectContaining({
        code: "KIT_PLUGIN_UNDECLARED",
        message:
          "Plugin tenant declares an order or has an async setup, so it must be made with definePlugin()",
      }),
    );
    expect(hasPlugin(server, "tenant")).toBe(false);
  });

  it("has the built-in auth and cache declare their order instead of checking it by hand", () => {
    const authPlugin = auth({ getToken: () => "t" });
    expect(authPlugin.before).toEqual(["cache"]);
    expect(authPlugin.setup).toBeUndefined();
    expect(cache().after).toEqual(["auth"]);
    const { server } = createClient(loopback.origin);
    server.use(cache());
    expect(() => server.use(auth({ getToken: () => "t" }))).toThrow(
      /^auth must be registered before cache/,
    );
  });
});

describe("async setup", () => {
  it("is awaited before the first send", async () => {
    const { server, items } = createClient(loopback.origin);
    let ready = false;
    server.use(
      definePlugin(
        stamp("slow", {
          setup: () =>
            new Promise<void>((resolve) =>
              setTimeout(() => {
                ready = true;
                resolve();
              }, 30),
            ),
          request(ctx, next) {
            ctx.request.headers["X-Ready"] = String(ready);
            return next();
          },
        }),
      ),
    );
    expect(hasPlugin(server, "slow")).toBe(true);
    await items.get("1").send();
    expect(loopback.seen.map((request) => request.headers["x-ready"])).toEqual(["true"]);
    await expect(pluginsReady(server)).resolves.toBeUndefined();
  });

  it("that rejects is removed again, rejects the sends waiting with a Kit error, and is never unhandled", async () => {
    const { server, items } = createClient(loopback.origin);
    server.use(stamp("kept"));
    const unhandled = await unhandledDuring(async () => {
      server.use(
        definePlugin(stamp("vault", { setup: () => Promise.reject(new Error("no key store")) })),
      );
      const first = await items
        .get("1")
        .send()
        .catch((error: unknown) => error);
      expect(first).toBeInstanceOf(KitPluginError);
      expect(first).toMatchObject({
        code: "KIT_PLUGIN_SETUP_FAILED",
        plugin: "vault",
        message: "The setup of plugin vault failed, so it was removed: no key store",
      });
      expect((first as Error).cause).toEqual(new Error("no key store"));
      expect(loopback.seen).toEqual([]);
    });
    expect(unhandled).toEqual([]);
    expect(hasPlugin(server, "vault")).toBe(false);
    expect(server.plugins.map((plugin) => plugin.name)).toEqual(["kept"]);
    await items.get("2").send();
    expect(loopback.seen.map((request) => request.headers["x-plugins"])).toEqual(["kept"]);
  });

  it("that rejects takes the plugins depending on it along, which would run without it", async () => {
    const { server, items } = createClient(loopback.origin);
    server.use(definePlugin(stamp("vault", { setup: () => Promise.reject(new Error("locked")) })));
    server.use(definePlugin(stamp("signer", { dependsOn: ["vault"] })));
    server.use(stamp("other"));
    await expect(items.get("1").send()).rejects.toMatchObject({ plugin: "vault" });
    expect(server.plugins.map((plugin) => plugin.name)).toEqual(["other"]);
  });

  it("that rejects while nobody sends leaves no unhandled rejection; pluginsReady() reports it", async () => {
    const { server } = createClient(loopback.origin);
    const unhandled = await unhandledDuring(async () => {
      server.use(
        definePlugin({ name: "quiet", setup: () => Promise.reject(new Error("offline")) }),
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(unhandled).toEqual([]);
    expect(hasPlugin(server, "quiet")).toBe(false);
  });

  it("of a plugin not made by definePlugin is refused at use(), and its rejection is not unhandled", async () => {
    const { server, items } = createClient(loopback.origin);
    const unhandled = await unhandledDuring(async () => {
      expect(() =>
        server.use({ name: "vault", setup: () => Promise.reject(new Error("locked")) }),
      ).toThrow(expect.objectContaining({ code: "KIT_PLUGIN_UNDECLARED" }));
    });
    expect(unhandled).toEqual([]);
    expect(hasPlugin(server, "vault")).toBe(false);
    await items.get("1").send();
    expect(loopback.seen).toHaveLength(1);
  });

  it("does not let a send pass a setup still running when another one failed", async () => {
    const { server, items } = createClient(loopback.origin);
    let slowDone = false;
    server.use(
      definePlugin({
        name: "slow",
        setup: () =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              slowDone = true;
              resolve();
            }, 40),
          ),
      }),
    );
    server.use(definePlugin({ name: "broken", setup: () => Promise.reject(new Error("bad")) }));
    await expect(items.get("1").send()).rejects.toMatchObject({ plugin: "broken" });
    expect(slowDone).toBe(true);
  });
});

describe("removePlugin() and hasPlugin()", () => {
  it("unregisters a plugin for later sends, calls its teardown, and answers false for unknown names", async () => {
    const { server, items } = createClient(loopback.origin);
    const tornDown: unknown[] = [];
    server.use(stamp("a")).use(stamp("b", { teardown: (info) => tornDown.push(info) }));
    expect(hasPlugin(server, "b")).toBe(true);
    await items.get("1").send();
    expect(removePlugin(server, "b")).toBe(true);
    expect(tornDown).toEqual([server]);
    expect(hasPlugin(server, "b")).toBe(false);
    expect(removePlugin(server, "b")).toBe(false);
    await items.get("2").send();
    expect(loopback.seen.map((request) => request.headers["x-plugins"])).toEqual(["a,b", "a"]);
  });

  it("refuses to remove a plugin another one depends on", () => {
    const { server } = createClient(loopback.origin);
    server.use(stamp("auth")).use(definePlugin(stamp("tenant", { dependsOn: ["auth"] })));
    expect(() => removePlugin(server, "auth")).toThrow(
      expect.objectContaining({
        code: "KIT_PLUGIN_REQUIRED",
        message: "auth cannot be removed: tenant depends on it",
      }),
    );
    expect(hasPlugin(server, "auth")).toBe(true);
  });

  it("leaves a send in flight with the plugins it started with", async () => {
    const { server, items } = createClient(loopback.origin);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use({
      name: "gate",
      async request(_ctx, next) {
        await gate;
        return next();
      },
    });
    server.use(stamp("late"));
    const sent = items.get("1").send();
    await new Promise((resolve) => setTimeout(resolve, 5));
    removePlugin(server, "late");
    release();
    await sent;
    expect(loopback.seen.map((request) => request.headers["x-plugins"])).toEqual(["late"]);
  });
});

describe("a plugin that answers no result", () => {
  it("rejects the send with a Kit error naming the plugin, sync or async, and outer plugins never see undefined", async () => {
    const { server, items } = createClient(loopback.origin);
    const outerSaw: unknown[] = [];
    server.use({
      name: "outer",
      async request(_ctx, next) {
        try {
          return await next();
        } catch (error) {
          outerSaw.push((error as KitPluginError).code);
          throw error;
        }
      },
    });
    server.use({
      name: "forgetful",
      async request(_ctx, next) {
        await next();
        return undefined as never;
      },
    });
    const error = await items
      .get("1")
      .send()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KitPluginError);
    expect(error).toMatchObject({
      code: "KIT_PLUGIN_NO_RESULT",
      plugin: "forgetful",
      message:
        "Plugin forgetful answered no result for ItemApi.get; request() must return next() or a KitResult",
    });
    expect(outerSaw).toEqual(["KIT_PLUGIN_NO_RESULT"]);

    removePlugin(server, "forgetful");
    server.use({ name: "sync", request: (() => undefined) as unknown as KitPlugin["request"] });
    await expect(items.get("2").send()).rejects.toMatchObject({ plugin: "sync" });
  });
});
