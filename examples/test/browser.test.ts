/*
 * The example apps as a user sees them: each is built by its npm script, served with a few
 * petstore operations on 127.0.0.1 and driven in Debian's headless Chromium.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveBuiltApp } from "./built-app.js";
import { chromiumPresent, launchChromium } from "./chromium.js";
import { HELD_PET, type PetstoreServer } from "./petstore-server.js";

/**
 * The generated client gives up after 10 s (Kit's default timeout), which also closes the
 * connection; an abort has to be seen well before that.
 */
function beforeClientTimeout(closed: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the request was not aborted within 5 s")), 5000);
  });
  return Promise.race([closed, late]).finally(() => clearTimeout(timer));
}

const apps = ["vue", "react"] as const;

describe.skipIf(!chromiumPresent())("the example apps in Chromium", () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  describe.each(apps)("examples/%s", (app) => {
    let server: PetstoreServer;
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      server = await serveBuiltApp(app, "build", "dist");
      context = browser.context;
      page = await context.newPage();
      await page.goto(server.origin);
    }, 120_000);
    afterAll(async () => {
      await page?.close();
      await server?.close();
    });

    const text = (testId: string) => page.getByTestId(testId);

    test("shows the pet the page opened with", async () => {
      await expect.poll(() => text("pet-name").textContent()).toBe("Rex (available)");
    });

    test("fetches again when the pet id changes", async () => {
      await text("pet-id").fill("2");
      await expect.poll(() => text("pet-name").textContent()).toBe("Tom (pending)");
      expect(server.requests).toContain("GET /api/v3/pet/2");
    });

    test("shows the error message of a failed request", async () => {
      await text("pet-id").fill("404");
      await expect
        .poll(() => text("pet-error").textContent())
        .toMatch(/^GET .*\/api\/v3\/pet\/404 answered HTTP 404$/);
    });

    test("shows the loading state, and leaving it aborts the request the server still holds", async () => {
      await text("pet-id").fill(String(HELD_PET));
      await server.arrived(`GET /api/v3/pet/${HELD_PET}`);
      await expect.poll(() => text("pet-loading").textContent()).toBe(`Loading pet ${HELD_PET}…`);
      await page.getByTestId("toggle-details").click();
      await beforeClientTimeout(server.closedEarly(`GET /api/v3/pet/${HELD_PET}`));
      expect(await text("pet-loading").count()).toBe(0);
      await page.getByTestId("toggle-details").click();
      await server.arrived(`GET /api/v3/pet/${HELD_PET}`);
      server.release();
    });

    test("TanStack Query: lists by status, refetches on change and after adding a pet", async () => {
      const names = () => text("pet-list").locator("li").allTextContents();
      await expect.poll(names).toEqual(["Rex"]);
      await text("status").selectOption("pending");
      await expect.poll(names).toEqual(["Tom"]);
      await text("new-pet-name").fill("Bella");
      await text("add-pet").click();
      await expect.poll(names).toEqual(["Tom", "Bella"]);
      const listed = server.requests.filter((line) =>
        line.startsWith("GET /api/v3/pet/findByStatus"),
      );
      expect(listed).toEqual([
        "GET /api/v3/pet/findByStatus?status=available",
        "GET /api/v3/pet/findByStatus?status=pending",
        "GET /api/v3/pet/findByStatus?status=pending",
      ]);
      expect(server.requests).toContain("POST /api/v3/pet");
    });

    test("a named query object and a typed multipart form upload a photo as the document says", async () => {
      await text("pet-id").fill("1");
      await text("photo-file").setInputFiles({
        name: "rex.png",
        mimeType: "image/png",
        buffer: Buffer.from("not really a png"),
      });
      await text("photo-caption").fill("Rex at the beach");
      await text("upload-photo").click();
      await expect.poll(() => text("photo-result").textContent()).toBe("pet 1: rex.png (16 bytes)");
      const uploaded = server.requests.filter((line) => line.includes("/uploadImage"));
      expect(uploaded).toEqual([
        "POST /api/v3/pet/1/uploadImage?additionalMetadata=from%20the%20example%20app",
      ]);
      expect(server.uploads).toEqual([
        [
          { name: "file", file: "rex.png", type: "image/png", text: "not really a png" },
          { name: "caption", value: "Rex at the beach" },
        ],
      ]);
    });

    test("server-sent events: the generated stream method reads the feed, resumes with Last-Event-ID, and Stop aborts it", async () => {
      await text("follow-events").click();
      const events = () => text("pet-events").locator("li").allTextContents();
      await expect.poll(events).toEqual(["1: Rex", "2: Tom", `${HELD_PET}: Slowpoke`]);
      // The first connection ended after event 2 with retry: 100; the reconnect resumed there.
      expect(server.eventIds).toEqual(["-", "2"]);
      await text("stop-events").click();
      await beforeClientTimeout(server.closedEarly("GET /api/v3/events/pets"));
      await expect.poll(() => text("events-state").textContent()).toBe("stopped");
      expect(server.eventIds).toEqual(["-", "2"]);
    });

    test("server-sent events: the feed's declared 503 arrives as the method's typed error", async () => {
      server.pauseEvents(true);
      await text("follow-events").click();
      await expect
        .poll(() => text("events-state").textContent())
        .toBe("paused: the feed is paused");
      server.pauseEvents(false);
    });
  });
});
