import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

/** Debian's chromium, installed by `.ci/run`; playwright-core never downloads a browser. */
export const CHROMIUM = "/usr/bin/chromium";

/**
 * Whether the browser tests can run. On CI a missing chromium is an error, so the tests fail
 * instead of passing unseen; elsewhere they are skipped with a line that says how to run them.
 */
export function chromiumPresent(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing; .ci/run installs Debian's chromium`);
  console.warn(
    `Browser tests skipped: ${CHROMIUM} is missing (apt-get install -y chromium to run them).`,
  );
  return false;
}

/** Flags that keep Chromium off the network it cannot reach here and out of the GPU it lacks. */
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A headless Chromium with a fresh profile folder; `close` ends it and deletes the folder. */
export async function launchChromium(): Promise<{
  context: BrowserContext;
  close(): Promise<void>;
}> {
  const profile = await mkdtemp(join(tmpdir(), "kit-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
