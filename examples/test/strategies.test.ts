/*
 * The request strategies on a real page: each example app's `#strategies` page (a paged list with
 * a debounced filter and preloading, an infinite list, a polled counter, a count fetched again on
 * focus, a live feed of server-sent events, uploads, a download) in Debian's headless
 * Chromium, against `kit mock` serving examples/petstore/shelter.yaml, as a production build and
 * on Vite's development server. What the page sent is read from kit mock's log lines.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveApp } from "./app-server.js";
import { chromiumPresent, launchChromium } from "./chromium.js";
import { type KitMock, startKitMock } from "./kit-mock.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const shelter = `${root}examples/petstore/shelter.yaml`;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** The app, built with its build script into dist-strategies and served with the API proxied. */
async function production(app: string, mock: KitMock) {
  await promisify(execFile)(
    npm,
    ["run", "build", "--workspace", `examples/${app}`, "--", "--outDir", "dist-strategies"],
    // Vitest sets NODE_ENV=test, which Vite would keep: React's development build, with
    // StrictMode's double mount, instead of the production build a user ships.
    { cwd: root, env: { ...process.env, NODE_ENV: "production" } },
  );
  return serveApp(`${root}examples/${app}/dist-strategies`, {
    prefix: "/api/shelter",
    target: mock.origin,
  });
}

/** What `npm run dev` runs: the generated clients, then Vite's dev server with the API proxied. */
async function development(app: string, mock: KitMock) {
  await promisify(execFile)(npm, ["run", "generate", "--workspace", `examples/${app}`], {
    cwd: root,
  });
  const { createServer } = await import("vite");
  const server = await createServer({
    root: `${root}examples/${app}`,
    configFile: `${root}examples/${app}/vite.config.ts`,
    logLevel: "silent",
    server: { host: "127.0.0.1", port: 5300, proxy: { "/api/shelter": mock.origin } },
  });
  await server.listen();
  return {
    origin: server.resolvedUrls!.local[0]!.replace(/\/$/, ""),
    close: () => server.close(),
  };
}

/**
 * Headless Chromium never hides a page: another tab in front, a minimized window and a frozen
 * lifecycle all leave `visibilityState` "visible" (tried through playwright-core and CDP). So the
 * page is told what a browser tells it when its tab is hidden or shown again.
 */
function setVisibility(page: Page, state: "hidden" | "visible"): Promise<void> {
  return page.evaluate((visibility) => {
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => visibility,
    });
    Object.defineProperty(document, "hidden", {
      configurable: true,
      get: () => visibility === "hidden",
    });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!chromiumPresent())("the request strategies in Chromium against kit mock", () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  describe.each([
    ["vue", "production", production],
    ["vue", "development", development],
    ["react", "production", production],
    ["react", "development", development],
  ] as const)("examples/%s, %s", (app, mode, serve) => {
    let mock: KitMock;
    let site: { origin: string; close(): Promise<void> };
    let page: Page;
    beforeAll(async () => {
      mock = await startKitMock(shelter);
      site = await serve(app, mock);
    }, 120_000);
    afterAll(async () => {
      await page?.close();
      await site?.close();
      await mock?.close();
    });

    /** A fresh page on the strategies view; the requests it sends from here on. */
    async function open(): Promise<(path: string) => string[]> {
      await page?.close();
      page = await browser.context.newPage();
      const before = mock.requests.length;
      await page.goto(`${site.origin}/#strategies`);
      return (path) =>
        mock.requests
          .slice(before)
          .filter((seen) => seen.target.startsWith(`/api/shelter${path}`))
          .map((seen) => `${seen.target} ${seen.status}`);
    }

    const text = (testId: string) => page.getByTestId(testId);

    test("filter with debounce: typing 'abc' sends one request, for 'abc', from page 1", async () => {
      const sent = await open();
      await expect.poll(() => text("shelter-page").textContent()).toBe("Page 1 of 3");
      await expect.poll(() => sent("/pets?page=2&size=5")).toHaveLength(1);
      await text("shelter-filter").pressSequentially("abc", { delay: 60 });
      await expect.poll(() => sent("/pets?page=1&size=5&name=abc")).toHaveLength(1);
      await expect.poll(() => sent("/pets?page=2&size=5&name=abc")).toHaveLength(1);
      await sleep(400);
      // Nothing was sent for "a" or "ab".
      expect(sent("/pets?page=1&size=5&name=")).toEqual([
        "/api/shelter/pets?page=1&size=5&name=abc 200",
      ]);
    });

    test("pagination: Next shows the preloaded page at once; a filter goes back to page 1", async () => {
      const sent = await open();
      await expect.poll(() => sent("/pets?page=2&size=5")).toHaveLength(1);
      await text("shelter-next").click();
      await expect.poll(() => text("shelter-page").textContent()).toBe("Page 2 of 3");
      await expect.poll(() => sent("/pets?page=3&size=5")).toHaveLength(1);
      expect(sent("/pets?page=2&size=5")).toHaveLength(1);
      expect(await text("shelter-list").locator("li").count()).toBe(5);
      await text("shelter-filter").fill("Rex");
      await expect.poll(() => text("shelter-page").textContent()).toBe("Page 1 of 3");
      await expect
        .poll(() => sent("/pets?page=1&size=5&name=Rex"))
        .toEqual(["/api/shelter/pets?page=1&size=5&name=Rex 200"]);
      await text("shelter-next").click();
      await expect.poll(() => text("shelter-page").textContent()).toBe("Page 2 of 3");
    });

    test("infinite list: scrolling to its end adds the next page until the last", async () => {
      const sent = await open();
      const rows = () => text("feed-list").locator("li").count();
      await expect.poll(rows).toBe(5);
      await expect.poll(() => text("feed-end").textContent()).toBe("More below");
      await text("feed-end").scrollIntoViewIfNeeded();
      await expect.poll(rows).toBe(10);
      await expect.poll(() => text("feed-end").textContent()).toBe("That's all");
      await text("feed-end").scrollIntoViewIfNeeded();
      await sleep(300);
      expect(sent("/pets").filter((line) => line.includes("size=6"))).toEqual([
        "/api/shelter/pets?page=1&size=6 200",
        "/api/shelter/pets?page=2&size=6 200",
      ]);
    });

    test("fetcher: Refresh sends the two pet lists on the page again, at their current pages", async () => {
      const sent = await open();
      await expect.poll(() => text("shelter-page").textContent()).toBe("Page 1 of 3");
      await expect.poll(() => text("feed-list").locator("li").count()).toBe(5);
      await expect.poll(() => sent("/pets?page=2&size=5")).toHaveLength(1);
      await text("refresh-pets").click();
      await expect.poll(() => text("refreshed").textContent()).toBe("Refreshed 2 lists");
      expect(sent("/pets?page=1&size=5")).toHaveLength(2);
      expect(sent("/pets?page=1&size=6")).toHaveLength(2);
    });

    test("polling every 500 ms pauses while the tab is hidden and catches up when it is shown", async () => {
      const sent = await open();
      await expect.poll(() => text("visitors-now").textContent()).toBe("7 visitors");
      await expect
        .poll(() => sent("/visitors").length, { timeout: 5000 })
        .toBeGreaterThanOrEqual(3);
      await setVisibility(page, "hidden");
      await sleep(300);
      const whileHidden = sent("/visitors").length;
      await sleep(1500);
      expect(sent("/visitors")).toHaveLength(whileHidden);
      await setVisibility(page, "visible");
      await expect.poll(() => sent("/visitors").length, { timeout: 400 }).toBe(whileHidden + 1);
      await expect
        .poll(() => sent("/visitors").length, { timeout: 3000 })
        .toBeGreaterThan(whileHidden + 1);
      expect(Number(await text("visitors-polls").textContent())).toBeGreaterThanOrEqual(
        whileHidden,
      );
    });

    test("refresh on focus: the window getting the focus back fetches the count again", async () => {
      const sent = await open();
      await expect.poll(() => text("adopted-today").textContent()).toBe("4 adopted today");
      await expect.poll(() => text("adopted-loads").textContent()).toBe("1");
      await sleep(300);
      const before = sent("/adoptions/count");
      expect(before).toEqual(["/api/shelter/adoptions/count 200"]);
      // What the browser fires on the window when the user comes back to it (a headless page
      // never loses the focus to lose it again).
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      await expect.poll(() => text("adopted-loads").textContent()).toBe("2");
      expect(sent("/adoptions/count")).toEqual([...before, "/api/shelter/adoptions/count 200"]);
    });

    test("live feed: the newest 3 of the 4 adoptions kit mock sends, in order; the feed ends closed", async () => {
      const sent = await open();
      await expect.poll(() => text("adoptions-state").textContent()).toBe("closed");
      const rows = await text("adoptions-list").locator("li").allTextContents();
      expect(rows.map((row) => row.trim())).toEqual([
        "2: Tom went home with the Okafor family",
        "3: Bella went home with the Novak family",
        "4: Luna went home with the Tanaka family",
      ]);
      // Read once: the end of the stream is not followed by a reconnection. React's StrictMode
      // mounts the page twice in development, and the first connection, closed at once, may
      // have reached the mock.
      const connections = sent("/adoptions/live");
      await sleep(300);
      expect(sent("/adoptions/live")).toEqual(connections);
      expect(connections.length).toBeLessThanOrEqual(
        app === "react" && mode === "development" ? 2 : 1,
      );
      expect(connections).toContain("/api/shelter/adoptions/live 200");
    });

    test("upload queue: each photo shows its status; the one whose connection broke is retried alone", async () => {
      const sent = await open();
      let broken = false;
      // The first upload of b.jpg loses its connection before reaching the mock.
      const breakOnce = async (route: import("playwright-core").Route) => {
        const body = route.request().postDataBuffer()?.toString("latin1") ?? "";
        if (!broken && body.includes('filename="b.jpg"')) {
          broken = true;
          await route.abort("connectionreset");
        } else {
          await route.continue();
        }
      };
      await browser.context.route("**/api/shelter/photos", breakOnce);
      try {
        await text("photo-input").setInputFiles(
          ["a.jpg", "b.jpg", "c.jpg"].map((name) => ({
            name,
            mimeType: "image/jpeg",
            buffer: Buffer.from(`photo ${name}`),
          })),
        );
        const rows = () => text("photo-list").locator("li span").allTextContents();
        await expect.poll(rows).toEqual(["a.jpg: done", "b.jpg: failed", "c.jpg: done"]);
        expect(sent("/photos")).toEqual(["/api/shelter/photos 200", "/api/shelter/photos 200"]);
        await text("photo-retry").click();
        await expect.poll(rows).toEqual(["a.jpg: done", "b.jpg: done", "c.jpg: done"]);
        expect(sent("/photos")).toHaveLength(3);
      } finally {
        await browser.context.unroute("**/api/shelter/photos", breakOnce);
      }
    });

    test("export download: the CSV is saved as a file", async () => {
      await open();
      const [download] = await Promise.all([page.waitForEvent("download"), text("export").click()]);
      // kit mock sends no declared response headers, so the name is the page's fallback.
      expect(download.suggestedFilename()).toBe("shelter-pets.csv");
      expect(await readFile((await download.path())!, "utf8")).toBe("id,name\n1,Rex\n2,Tom\n");
      await expect.poll(() => text("export-state").textContent()).toBe("shelter-pets.csv");
    });
  });
});
