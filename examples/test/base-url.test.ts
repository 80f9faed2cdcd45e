/*
 * The Vite recipe for the base URL: the example's hand-written service.config.ts reads
 * VITE_API_BASE_URL, so a production build made with it calls that URL, not the document's.
 */
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { createServer, request as forward, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromiumPresent, launchChromium } from "./chromium.js";
import { type PetstoreServer, startPetstoreServer } from "./petstore-server.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** Where the production API lives in this test: a gateway path in front of the petstore. */
const GATEWAY = "/gateway";

/**
 * A gateway on 127.0.0.1 in front of the petstore: it serves the app, and the API only below
 * `/gateway/api/v3`, recording the path of every API request it receives.
 */
async function startGateway(petstore: PetstoreServer): Promise<{
  origin: string;
  apiPaths: string[];
  close(): Promise<void>;
}> {
  const apiPaths: string[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const path = incoming.url!;
    if (path.startsWith("/api/")) {
      outgoing.writeHead(404).end();
      return;
    }
    if (path.startsWith(`${GATEWAY}/`)) apiPaths.push(path);
    const target = new URL(path.replace(GATEWAY, ""), petstore.origin);
    const upstream = forward(
      target,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiPaths,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe.skipIf(!chromiumPresent())("examples/vue built with VITE_API_BASE_URL", () => {
  let petstore: PetstoreServer;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    // As a team builds for production: the npm script, the environment variable, its own folder.
    await promisify(execFile)(
      "npm",
      ["run", "build", "--workspace", "examples/vue", "--", "--outDir", "dist-env"],
      { cwd: root, env: { ...process.env, VITE_API_BASE_URL: `${GATEWAY}/api/v3` } },
    );
    petstore = await startPetstoreServer(`${root}examples/vue/dist-env`);
    gateway = await startGateway(petstore);
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await petstore?.close();
  });

  test("the bundle carries the variable's URL, and the page calls the API there", async () => {
    const assets = `${root}examples/vue/dist-env/assets/`;
    const scripts = (await readdir(assets)).filter((file) => file.endsWith(".js"));
    const bundle = (
      await Promise.all(scripts.map((file) => readFile(`${assets}${file}`, "utf8")))
    ).join("\n");
    // The minifier may quote it with backticks; a failure should not print the whole bundle.
    expect(/[`"']\/gateway\/api\/v3[`"']/.test(bundle), "the URL in the bundle").toBe(true);

    const page = await browser.context.newPage();
    try {
      await page.goto(gateway.origin);
      await expect.poll(() => page.getByTestId("pet-name").textContent()).toBe("Rex (available)");
      expect(gateway.apiPaths.length).toBeGreaterThan(0);
      expect(gateway.apiPaths.every((path) => path.startsWith(`${GATEWAY}/api/v3/`))).toBe(true);
    } finally {
      await page.close();
    }
  });
});
