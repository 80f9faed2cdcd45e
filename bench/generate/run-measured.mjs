import { spawn } from "node:child_process";
import { openSync, readFileSync, rmSync } from "node:fs";
import { performance } from "node:perf_hooks";

export const TIME_BIN = "/usr/bin/time";

/**
 * Runs one command under GNU time and reports wall time, CPU time (user + system), peak RSS and
 * how it ended.
 * The child gets its own process group so a timeout can kill the whole tree at once:
 * some generators fork workers that would otherwise outlive the limit.
 */
export function runMeasured({ command, args, env, cwd, timeoutMs, logFile }) {
  const rssFile = `${logFile}.rss`;
  rmSync(rssFile, { force: true });
  const log = openSync(logFile, "w");
  const started = performance.now();
  const child = spawn(TIME_BIN, ["-o", rssFile, "-f", "%M %U %S", command, ...args], {
    cwd,
    env: env === undefined ? process.env : { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", log, log],
  });
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid, "SIGKILL");
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      if (timedOut) {
        resolve({ status: "timeout", wallMs, rssKb: undefined, cpuMs: undefined, logFile });
        return;
      }
      resolve({
        status: code === 0 ? "ok" : "failed",
        wallMs,
        ...readUsage(rssFile),
        logFile,
      });
    });
  });
}

function readUsage(rssFile) {
  const lines = readFileSync(rssFile, "utf8").trim().split("\n");
  // GNU time puts "Command exited with non-zero status N" before the format line.
  const [rssKb, user, system] = lines.at(-1).split(" ").map(Number);
  return { rssKb, cpuMs: (user + system) * 1000 };
}
