/*
 * A server's own message catalogue is worded by `@kit/api/messages`: the core alone carries no
 * code for it. This file never imports that entry statically; each test loads a fresh copy of the
 * runtime and imports from the entry only what the test names, as an application bundler keeps
 * only the modules whose exports are used.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

beforeEach(() => {
  vi.resetModules();
});

type Core = typeof import("../src/index.js");

/** The message of `createApi` on a class without routes, on a server with `messages`. */
function withoutRoutes(core: Core, messages: object): string {
  @core.Server({ baseURL: "http://127.0.0.1:1", messages })
  class Shop extends core.KitServer {}
  @core.Api("/x")
  class Empty {}
  try {
    new Shop().createApi(Empty);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected createApi to throw");
}

const own = { KIT_API_WITHOUT_ROUTES: (apiClass: string) => `${apiClass}: nothing to send` };

describe("a server's own message catalogue", () => {
  it("without @kit/api/messages imported, is refused at @Server in one line", async () => {
    const core = await import("../src/index.js");
    let thrown: unknown;
    try {
      core.Server({ messages: own });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(core.KitOptionsError);
    expect(thrown).toMatchObject({
      code: "KIT_SERVER_OPTION_INVALID",
      message:
        "@Server({ messages }) must be an object of message functions, with @kit/api/messages imported, got an object with other values",
    });
  });

  it.each([
    ["zh", "../src/messages/zh.js"],
    ["en", "../src/messages/en.js"],
    ["setKitMessages", "../src/messages/index.js"],
  ])("works as a plain object once %s is imported from @kit/api/messages", async (_, entry) => {
    const core = await import("../src/index.js");
    await import(entry);
    expect(withoutRoutes(core, own)).toBe("Empty: nothing to send");
  });
});

describe("the catalogue chosen globally", () => {
  it("words the errors of a table made after it was chosen (a plugin loaded later)", async () => {
    await import("../src/index.js");
    const { zh } = await import("../src/messages/zh.js");
    const { chooseMessages } = await import("../src/messages/wording.js");
    chooseMessages(zh);
    const { pool } = await import("../src/plugins/index.js");
    expect(() => pool({ concurrency: 0 })).toThrow(
      "pool({ concurrency }) 必须是 an integer ≥ 1，实际为 0",
    );
    chooseMessages(null);
    expect(() => pool({ concurrency: 0 })).toThrow(
      "pool({ concurrency }) must be an integer ≥ 1, got 0",
    );
  });
});
