import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import { fixturePath } from "../support/fixtures.js";
import { SCRATCH_DIR, writeOutput } from "../support/output-dir.js";

const run = promisify(execFile);
const DIR = join(SCRATCH_DIR, "minified");

/**
 * A user's program beside the generated petstore client: the generated `petApi`, a hand-written
 * class named through `@Api`, and one left unnamed. It prints what errors and the logger report.
 */
const MAIN = `import { Api, Get, type KitApiOptions } from "@kit/api";
import { logger } from "@kit/api/plugins";
import { petApi, service } from "./api/index";

const named: KitApiOptions = { name: "ThingApi" };

@Api("/things", named)
class ThingApi {
  @Get() list(): Promise<unknown> {
    return null!;
  }
}

@Api("/things")
class UnnamedApi {
  @Get() list(): Promise<unknown> {
    return null!;
  }
}

const lines: string[] = [];
service.use(logger({ sink: (line) => lines.push(line) }));
const apiOf = (sent: Promise<unknown>) => sent.then(() => "resolved", (error) => error.api);
const messageOf = (sent: Promise<unknown>) => sent.then(() => "resolved", (error) => error.message);

const report = {
  generated: await apiOf(petApi.getPetById(1).send()),
  handWritten: await apiOf(service.createApi(ThingApi).list().send()),
  unnamed: await apiOf(service.createApi(UnnamedApi).list().send()),
  lines: lines.slice(),
  // Errors raised before anything is sent, by the core's own checks.
  messages: [
    await messageOf(petApi.getPetById(1).send()),
    await messageOf(petApi.getPetById(undefined as never).send()),
    await messageOf(petApi.getPetById(1).sendWith({ signal: 1 as never })),
  ],
};
console.log(JSON.stringify(report));
`;

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((_, res) => {
    res.writeHead(404, { "content-type": "application/json" });
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("names survive minification", () => {
  test("errors and log lines name the API class as written, after esbuild --minify renamed the classes", async () => {
    const result = await generateFromOpenAPI(fixturePath("petstore-3.0.json"), {
      baseUrl: origin,
    });
    await writeOutput(result, join(DIR, "api"));
    const outfile = join(DIR, "main.min.mjs");
    await build({
      stdin: { contents: MAIN, loader: "ts", resolveDir: DIR, sourcefile: "main.ts" },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "node",
      target: "es2022",
      external: ["axios"],
      tsconfigRaw: { compilerOptions: { experimentalDecorators: true } },
      outfile,
      logLevel: "silent",
    });
    const { stdout } = await run(process.execPath, [outfile]);
    const report = JSON.parse(stdout) as {
      generated: string;
      handWritten: string;
      unnamed: string;
      lines: string[];
      messages: string[];
    };

    expect(report.generated).toBe("PetApi.getPetById");
    expect(report.handWritten).toBe("ThingApi.list");
    // Proof that the bundle was minified: the class without a name lost its own.
    expect(report.unnamed).not.toBe("UnnamedApi.list");
    expect(report.unnamed).toMatch(/^\w+\.list$/);
    // No message depends on Function.name: each names the method as declared.
    expect(report.messages).toEqual([
      expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/pet\/1 answered HTTP 404$/),
      'PetApi.getPetById was called without a value for path parameter "petId"',
      "PetApi.getPetById.sendWith({ signal }) needs an AbortSignal, got number",
    ]);
    expect(report.lines.filter((line) => line.includes("→"))).toEqual([
      expect.stringMatching(/ GET http:\/\/127\.0\.0\.1:\d+\/pet\/1 PetApi\.getPetById$/),
      expect.stringMatching(/ GET http:\/\/127\.0\.0\.1:\d+\/things ThingApi\.list$/),
      expect.stringMatching(/ GET http:\/\/127\.0\.0\.1:\d+\/things \w+\.list$/),
    ]);
  });
});
