import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { CorpusDocument } from "./directory.js";
import type { BatchRequest, WorkerMessage } from "./messages.js";
import type { DocumentOutcome } from "./outcome.js";

const WORKER = fileURLToPath(new URL("./batch-worker.ts", import.meta.url));

export interface PoolOptions {
  workers: number;
  workDir: string;
  /** A worker that reports nothing for this long is killed and its current document crashed. */
  silenceMs: number;
  /** The tsconfig the workers' tsx loader applies to generated code (legacy decorators). */
  tsconfig: string;
  onBatchDone(outcomes: readonly DocumentOutcome[]): void;
}

interface BatchRun {
  outcomes: DocumentOutcome[];
  /** Documents of a batch whose worker died before reaching them: they get another batch. */
  retry: CorpusDocument[];
}

/** Runs batches on `workers` child processes at a time; returns every document's outcome. */
export async function runPool(
  batches: readonly CorpusDocument[][],
  options: PoolOptions,
): Promise<DocumentOutcome[]> {
  const queue = [...batches];
  const outcomes: DocumentOutcome[] = [];
  let started = 0;
  const lane = async () => {
    for (let batch = queue.shift(); batch !== undefined; batch = queue.shift()) {
      const run = await runBatch(
        { name: `b${started++}`, workDir: options.workDir, documents: batch },
        options,
      );
      outcomes.push(...run.outcomes);
      options.onBatchDone(run.outcomes);
      if (run.retry.length > 0) queue.unshift(run.retry);
    }
  };
  await Promise.all(Array.from({ length: options.workers }, lane));
  return outcomes;
}

function runBatch(request: BatchRequest, options: PoolOptions): Promise<BatchRun> {
  return new Promise((resolve) => {
    // The worker is TypeScript: it inherits the tsx loader from this process's execArgv.
    const child = fork(WORKER, [], {
      execArgv: [...process.execArgv, "--max-old-space-size=8192", "--stack-size=4000"],
      env: { ...process.env, TSX_TSCONFIG_PATH: options.tsconfig },
      stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    let stderr = "";
    let current: string | undefined;
    let phase: "documents" | "typecheck" = "documents";
    let finished: DocumentOutcome[] | undefined;
    let timer: NodeJS.Timeout | undefined;
    let reason: string | undefined;
    const watch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        reason = `no progress for ${options.silenceMs / 1000} s`;
        child.kill("SIGKILL");
      }, options.silenceMs);
    };
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on("message", (message: WorkerMessage) => {
      watch();
      if (message.kind === "started") current = message.id;
      else if (message.kind === "typechecking") phase = "typecheck";
      else finished = message.outcomes;
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (finished !== undefined) return resolve({ outcomes: finished, retry: [] });
      const cause = `worker died (${reason ?? signal ?? `exit ${code}`}): ${errorLine(stderr)}`;
      // Before the first document or during the batch's compiler run no single document is to blame.
      const blamed =
        phase === "typecheck" || current === undefined
          ? request.documents.map((d) => d.id)
          : [current];
      resolve({
        outcomes: blamed.map((id) => crashed(id, cause)),
        retry: request.documents.filter((d) => !blamed.includes(d.id)),
      });
    });
    watch();
    child.send(request);
  });
}

function crashed(id: string, message: string): DocumentOutcome {
  return { id, generation: "crashed", operations: 0, errors: [{ stage: "worker", message }] };
}

/** The line of a dead worker's stderr that names the error, else its last line. */
function errorLine(text: string): string {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  return (
    lines.find((line) => /^(\w*Error\b|FATAL ERROR|RangeError)/.test(line)) ?? lines.at(-1) ?? ""
  );
}
