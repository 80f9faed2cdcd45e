import { describe, expect, it } from "vitest";
import { compareClients } from "../../src/changes/compare-clients.js";
import { formatChangeReport } from "../../src/changes/format-report.js";
import { shapeOf } from "../changes/shape-of.js";
import { ASANA_LIKE } from "./asana-like.js";

type Document = typeof ASANA_LIKE;

/** The client of `document` generated with query objects, as the change report reads it from disk. */
const clientOf = (document: object) => shapeOf(document, { queryObject: true });

/** ASANA_LIKE with `GET /projects`'s parameters changed by `change`. */
function withProjectParameters(change: (parameters: object[]) => object[]): object {
  const document = structuredClone(ASANA_LIKE) as unknown as Omit<Document, "paths"> & {
    paths: { "/projects": { get: { parameters: object[] } } };
  };
  const operation = document.paths["/projects"].get;
  operation.parameters = change(operation.parameters);
  return document;
}

const query = (name: string, schema: object, required = false) => ({
  name,
  in: "query",
  required,
  schema,
});

describe("the change report on query objects", () => {
  it("does not mark a new optional key as breaking, wherever it stands", () => {
    const after = withProjectParameters((parameters) => [
      query("sort", { type: "string" }),
      ...parameters,
    ]);
    const report = compareClients(clientOf(ASANA_LIKE), clientOf(after));
    expect(report.breaking).toBe(0);
    expect(formatChangeReport(report)).toEqual([
      "API changes: 0 added, 0 removed, 1 changed; 0 breaking (2 → 2 operations)",
      "  ~ GET /projects  ProjectsApi.getProjects",
      "      new optional query key query.sort?: string",
      "  types: changed GetProjectsQuery",
    ]);
  });

  it("marks a new required key, a removed key, a changed type and a key made required as breaking", () => {
    const after = withProjectParameters((parameters) => [
      query("team", { type: "string" }, true),
      query("workspace", { type: "integer" }, true),
      query("limit", { type: "integer" }, true),
      ...parameters.slice(3),
    ]);
    const report = compareClients(clientOf(ASANA_LIKE), clientOf(after));
    expect(report.breaking).toBe(1);
    expect(formatChangeReport(report)).toEqual([
      "API changes: 0 added, 0 removed, 1 changed; 1 breaking (2 → 2 operations)",
      "  ~ GET /projects  ProjectsApi.getProjects  [breaking]",
      "      [breaking] query key query.archived removed",
      "      [breaking] query key query.limit is now required",
      "      [breaking] new required query key query.team: string",
      "      [breaking] query key query.workspace: number (was string)",
      "  types: changed GetProjectsQuery",
    ]);
  });

  it("reports the way back as the opposite change: a key made optional breaks nothing", () => {
    const required = withProjectParameters((parameters) => [
      query("workspace", { type: "string" }, true),
      query("limit", { type: "integer" }, true),
      ...parameters.slice(2),
    ]);
    const report = compareClients(clientOf(required), clientOf(ASANA_LIKE));
    expect(report.breaking).toBe(0);
    expect(report.changed[0]!.changes).toEqual([
      {
        kind: "query-key-optional",
        breaking: false,
        message: "query key query.limit is now optional",
      },
    ]);
  });
});
