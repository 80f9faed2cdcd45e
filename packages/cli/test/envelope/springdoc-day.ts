import { execFile } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { USER_COMPILER_OPTIONS } from "../support/output-dir.js";
import { COMPILERS, compileProject } from "../support/tsc.js";

/**
 * The day of a springdoc team, as a test drives it: a back end on 127.0.0.1 answering the
 * `springdoc-team.json` fixture's operations with `Result<T>` envelopes (success code 20000, error
 * answers without `data`), a project folder with the generated client, a script that calls every
 * operation through it in a child process, and `tsc` checking every value against the type its
 * method declares.
 */

const ok = (data: unknown) => ({ code: 20000, msg: "操作成功", data });
const USER = { id: 1, nickname: "管理员", roles: ["admin"] };
const ORDER = { id: "o-1", amount: 99.5, status: "PAID" };

/** What the back end answers, by method and path below `/api`; `undefined`: 404. */
function answer(route: string): unknown {
  switch (route) {
    case "POST /auth/login":
      return ok({ token: "t-1", expiresIn: 7200 });
    case "GET /users?keyword=ad":
      return ok([USER]);
    case "POST /users":
      return ok(3);
    case "GET /users/1":
      return ok(USER);
    case "GET /users/404":
      // AjaxResult.error(): no data key at all.
      return { code: 40400, msg: "用户不存在" };
    case "DELETE /users/1":
      return ok(true);
    case "GET /orders?pageNum=1&pageSize=10":
      return ok({ records: [ORDER], total: 1 });
    case "GET /orders/o-1":
      return ok(ORDER);
    case "GET /orders/o-0":
      return { code: 50001, msg: "订单不存在" };
    case "DELETE /users/2":
      // An error answer that carries data (null data: packages/api/test/envelope-modes.test.ts).
      return { code: 40300, msg: "无权删除", data: false };
    case "GET /system/health":
      return { status: "UP" };
    case "GET /system/version":
      return ok("1.0.0");
    case "GET /system/time":
      return ok("2026-11-27T08:00:00Z");
  }
  return undefined;
}

/** One call a user makes: the generated method by name and its arguments. */
export interface Call {
  method: string;
  args: unknown[];
}

export const CALLS: Call[] = [
  { method: "login", args: [{ username: "admin", password: "123456" }] },
  { method: "listUsers", args: ["ad"] },
  { method: "createUser", args: [{ nickname: "Lin" }] },
  { method: "getUser", args: [1] },
  { method: "getUser", args: [404] },
  { method: "deleteUser", args: [1] },
  { method: "deleteUser", args: [2] },
  { method: "pageOrders", args: [1, 10] },
  { method: "getOrder", args: ["o-1"] },
  { method: "getOrder", args: ["o-0"] },
  { method: "health", args: [] },
  { method: "version", args: [] },
];

export interface Backend {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The bodies answered, in order. */
  answers: unknown[];
  close(): Promise<void>;
}

export async function startBackend(): Promise<Backend> {
  const answers: unknown[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on("end", () => {
      const body = answer(`${request.method} ${request.url!.replace(/^\/api/, "")}`);
      answers.push(body);
      // springdoc's `*/*` answers are JSON on the wire.
      response.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" });
      response.end(JSON.stringify(body ?? { code: 40400, msg: "no route" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Where each generated method lives: its class, the instance and the file. */
export interface MethodHome {
  className: string;
  instance: string;
  file: string;
}

/** Reads the generated API files of `client/` for the home of every method. */
export async function methodHomes(project: string): Promise<Map<string, MethodHome>> {
  const homes = new Map<string, MethodHome>();
  const folder = join(project, "client", "apis");
  for (const file of (await readdir(folder)).sort()) {
    const text = await readFile(join(folder, file), "utf8");
    const [, instance, className] = /export const (\w+) = service\.createApi\((\w+)\)/.exec(text)!;
    const methods = text.matchAll(
      /^ {2}@(?:Get|Post|Put|Delete|Patch)\(.*\)\n(?: {2}@.*\n)* {2}(\w+)\(/gm,
    );
    for (const [, method] of methods) {
      homes.set(method!, {
        className: className!,
        instance: instance!,
        file: file.replace(/\.ts$/, ""),
      });
    }
  }
  return homes;
}

/** What one call gave: the result's data, or the error's fields. */
export type Outcome =
  | { data: unknown }
  | { error: { name: string; kind: string; businessCode: unknown; message: string } };

const CALL_SCRIPT = `import * as client from "./client/index";

const calls = JSON.parse(process.argv[2]!) as { instance: string; method: string; args: unknown[] }[];
const api = client as unknown as Record<string, Record<string, (...args: unknown[]) => { send(): Promise<{ data: unknown }> }>>;
const outcomes: unknown[] = [];
for (const { instance, method, args } of calls) {
  try {
    const { data } = await api[instance]![method]!(...args).send();
    outcomes.push({ data: data === undefined ? "(undefined)" : data });
  } catch (error) {
    const { name, kind, businessCode, message } = error as Record<string, unknown>;
    outcomes.push({ error: { name, kind, businessCode, message } });
  }
}
console.log(JSON.stringify(outcomes));
`;

/**
 * The project's tsconfig: the seed's options, Node's types (service.config.ts may read
 * `process.env`), everything below the project.
 */
export async function writeProjectFiles(project: string): Promise<void> {
  const compilerOptions = { ...USER_COMPILER_OPTIONS, types: ["node"] };
  await writeFile(
    join(project, "tsconfig.json"),
    `${JSON.stringify({ compilerOptions, include: ["**/*.ts"] }, null, 2)}\n`,
  );
  await writeFile(join(project, "call.ts"), CALL_SCRIPT);
}

/** Calls every operation of `CALLS` through the generated client, in a child process. */
export async function callEverything(
  project: string,
  homes: ReadonlyMap<string, MethodHome>,
  env: Record<string, string> = {},
): Promise<Outcome[]> {
  const calls = CALLS.map(({ method, args }) => ({
    instance: homes.get(method)!.instance,
    method,
    args,
  }));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    // tsx as a loader, in this one process (its command would start a second one).
    ["--import", "tsx", "call.ts", JSON.stringify(calls)],
    { cwd: project, env: { ...process.env, ...env } },
  );
  return JSON.parse(stdout) as Outcome[];
}

/**
 * `values.ts`: each resolved value as a literal assigned to the payload type its method declares
 * (`KitPayloadOf<UsersApi["getUser"]>`), so `tsc` reports every value its type does not describe
 * (a missing property, an excess one, an array for an object).
 */
export async function writeValues(
  project: string,
  homes: ReadonlyMap<string, MethodHome>,
  values: readonly { method: string; data: unknown }[],
  file = "values.ts",
): Promise<void> {
  const classes = [...new Set(values.map(({ method }) => homes.get(method)!))];
  const lines = [
    'import type { KitPayloadOf } from "@kit/api";',
    ...[...new Map(classes.map((home) => [home.className, home])).values()].map(
      (home) => `import type { ${home.className} } from "./client/apis/${home.file}";`,
    ),
    "",
    ...values.map(({ method, data }, index) => {
      const type = `KitPayloadOf<${homes.get(method)!.className}["${method}"]>`;
      const literal = data === "(undefined)" ? "undefined" : JSON.stringify(data);
      return `export const value${index}: ${type} = ${literal};`;
    }),
  ];
  await writeFile(join(project, file), `${lines.join("\n")}\n`);
}

/** `tsc` (7, then 5.9) on the project: the compiler's output, empty when every value fits. */
export async function typeErrors(project: string): Promise<string[]> {
  const outputs: string[] = [];
  for (const [, compiler] of COMPILERS) {
    const { code, output } = await compileProject(compiler, project);
    if (code !== 0) outputs.push(`${compiler}: ${output}`);
  }
  return outputs;
}
