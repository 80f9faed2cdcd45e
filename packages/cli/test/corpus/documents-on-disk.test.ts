import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, runCorpus } from "./run-corpus.js";

// YAML with a merge key, as peers' fixture suites write them, and a path parameter, so the
// generated class has parameter decorators: they compile only with `experimentalDecorators`.
const DOCUMENT = `openapi: 3.0.3
info: {title: a YAML document outside the repository, version: "1"}
paths:
  /pets/{petId}:
    put:
      operationId: replacePet
      parameters:
        - {name: petId, in: path, required: true, schema: {type: integer}}
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Pet'}
      responses:
        '200':
          description: the pet stored
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Pet'}
components:
  schemas:
    Named: &named
      type: object
      required: [name]
      properties: {name: {type: string}}
    Pet:
      <<: *named
      description: a pet
`;

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe("the corpus runner on documents on disk", () => {
  it("checks a YAML document outside the working directory through every stage", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "kit-corpus-disk-"));
    dirs.push(dir);
    const file = path.join(dir, "pets.yaml");
    await writeFile(file, DOCUMENT);

    const workDir = `${REPO_ROOT}packages/cli/.tmp/corpus-on-disk/`;
    const { summary, failures, outcomes } = await runCorpus([file], {}, workDir);

    expect(failures).toBe("");
    expect(outcomes.map((outcome) => outcome.id)).toEqual([path.relative(REPO_ROOT, file)]);
    expect(outcomes[0]!.id.startsWith("..")).toBe(true);
    expect(summary).toMatchObject({
      documents: 1,
      generated: 1,
      tscClean: 1,
      roundTripExact: 1,
      deterministic: 1,
      wireOperations: 1,
      requestsValid: 1,
      resultsExact: 1,
    });
  });
});
