/*
 * The example apps on the MSW handlers `kit generate --mock msw` writes: built in the `msw` mode
 * (what `npm run dev` does too), served on 127.0.0.1 and driven in Debian's headless Chromium.
 * The page's API requests are answered in the browser by MSW's service worker with the
 * document's examples; the server only serves the files.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveBuiltApp } from "./built-app.js";
import { chromiumPresent, launchChromium } from "./chromium.js";
import type { PetstoreServer } from "./petstore-server.js";

describe.skipIf(!chromiumPresent())("the example apps on the generated MSW handlers", () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  describe.each(["vue", "react"] as const)("examples/%s", (app) => {
    let server: PetstoreServer;
    let page: Page;
    beforeAll(async () => {
      server = await serveBuiltApp(app, "build:msw", "dist-msw");
      page = await browser.context.newPage();
      await page.goto(server.origin);
    }, 120_000);
    afterAll(async () => {
      await page?.close();
      await server?.close();
    });

    const text = (testId: string) => page.getByTestId(testId);

    test("answers from the handlers in the browser: one overridden, the others the document's examples", async () => {
      // src/mock-backend.ts replaces getPetById; petstore's Pet example has status "available".
      await expect.poll(() => text("pet-name").textContent()).toBe("Pet 1 (available)");
      await text("pet-id").fill("2");
      await expect.poll(() => text("pet-name").textContent()).toBe("Pet 2 (available)");
      // findPetsByStatus keeps its generated example: one pet named "doggie".
      const names = () => text("pet-list").locator("li").allTextContents();
      await expect.poll(names).toEqual(["doggie"]);
      // The service worker answered; the server only served the app's files.
      expect(server.requests).toEqual([]);
    });
  });
});
