/**
 * `npm start`: the main job on the bundled example. Generates the petstore client, type-checks it,
 * starts a local HTTP server that implements a few of its operations, and calls them through the
 * generated client, printing what the server received and what the client got back.
 */
import { spawnSync } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { generateFromOpenAPI, writeGenerated } from "@kit/cli";

const root = dirname(fileURLToPath(import.meta.url));
const example = join(root, "petstore");
const outDir = join(example, "src");
const typescript = join(root, "..", "node_modules", "typescript", "bin", "tsc");

function section(title: string): void {
  console.log(`\n== ${title}`);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

const pets = [
  { id: 1, name: "Rex", photoUrls: ["rex.png"], status: "available" },
  { id: 2, name: "Tom", photoUrls: [], status: "pending" },
];

/** A few operations of examples/petstore/openapi.yaml, below /api/v3. */
async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://localhost");
  const body = await readBody(request);
  const details = [
    `content-type=${request.headers["content-type"] ?? "-"}`,
    request.headers["x-request-id"] ? `x-request-id=${request.headers["x-request-id"]}` : "",
    body ? `body=${body.length > 80 ? `${body.slice(0, 80)}…` : body}` : "",
  ];
  console.log(
    `  server got ${request.method} ${url.pathname}${url.search} ${details.filter(Boolean).join(" ")}`,
  );
  const route = `${request.method} ${url.pathname.replace(/^\/api\/v3/, "")}`;
  if (route === "POST /pet") return json(response, 200, { id: 3, ...JSON.parse(body) });
  if (route === "GET /pet/findByStatus") {
    const wanted = url.searchParams.getAll("status");
    return json(
      response,
      200,
      pets.filter((pet) => wanted.includes(pet.status)),
    );
  }
  if (route === "GET /pet/1") return json(response, 200, pets[0]);
  if (route === "GET /pet/404") return json(response, 404, { message: "Pet 404 not found" });
  if (route === "POST /pet/1") return void response.writeHead(204).end();
  if (route === "GET /pet/1/photo") {
    return void response
      .writeHead(200, { "content-type": "image/png" })
      .end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  }
  if (route === "GET /store/inventory") {
    return json(response, 200, { code: 0, message: "ok", data: { available: 1, pending: 1 } });
  }
  if (route === "GET /users/login") {
    return void response.writeHead(200, { "content-type": "text/plain" }).end("session-token-42");
  }
  if (route === "POST /users/7/notes") return void response.writeHead(204).end();
  if (route === "GET /users/7/profile") {
    return json(response, 200, { user: { id: 7, username: "alice" }, roles: ["admin", "editor"] });
  }
  json(response, 404, { message: `no route for ${route}` });
}

async function main(): Promise<void> {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      json(response, 500, { message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/api/v3`;

  try {
    section(
      `kit generate -i examples/petstore/openapi.yaml -o examples/petstore/src --base-url ${baseUrl}`,
    );
    const started = performance.now();
    // The tag 用户管理 has no ASCII words: the example pins its name, as tagNames in kit.config.
    const result = await generateFromOpenAPI(join(example, "openapi.yaml"), {
      baseUrl,
      name: "petstore",
      tagNames: { 用户管理: "users" },
    });
    const written = await writeGenerated(result, outDir, { clean: true, force: false });
    for (const warning of result.warnings) console.log(`  warning: ${warning}`);
    for (const file of result.files) console.log(`  ${file.path}`);
    console.log(
      `  ${result.files.length} files, ${written.length} written, in ${Math.round(performance.now() - started)} ms`,
    );

    section("tsc --noEmit (strict, experimentalDecorators, noUnusedLocals)");
    const check = spawnSync(process.execPath, [typescript, "-p", join(example, "tsconfig.json")], {
      encoding: "utf8",
    });
    if (check.status !== 0) {
      console.log(check.stdout, check.stderr);
      throw new Error("the generated client does not type-check");
    }
    console.log(`  ${relative(process.cwd(), outDir)}: no type errors`);

    section(`calling the local server at ${baseUrl} through the generated client`);
    const { callPetstore } = await import("./petstore/calls.js");
    await callPetstore((line) => console.log(`  client: ${line}`));
  } finally {
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
