import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type PetstoreServer, startPetstoreServer } from "./petstore-server.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Builds an example app with one of its npm scripts, as a user would, and serves what it wrote
 * (`dist`, a folder of the app) with the test petstore on 127.0.0.1.
 */
export async function serveBuiltApp(
  app: "vue" | "react",
  script: string,
  dist: string,
): Promise<PetstoreServer> {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  // Vitest sets NODE_ENV=test, which Vite would keep: React's development build, with
  // StrictMode's double mount, instead of the production build a user ships.
  await promisify(execFile)(npm, ["run", script, "--workspace", `examples/${app}`], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
  });
  return startPetstoreServer(`${root}examples/${app}/${dist}`);
}
