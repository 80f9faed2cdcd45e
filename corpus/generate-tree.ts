/**
 * Generates documents with a given build of Kit and writes every generated file, plus the
 * warnings as `WARNINGS.txt` (or the error as `ERROR.txt`), under `<out>/<document id>/`. Run it
 * with two builds and `diff -r` the trees to see what a generator change does to the output.
 *
 *   tsx corpus/generate-tree.ts <kit dist/index.js> <out> [documents…] [--shard i/n]
 *
 * Documents are chosen as `npm run corpus` chooses them (none: the whole directory). Generation
 * only: no type-check, no round trip.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { selectDocuments } from "./lib/directory.ts";

interface Kit {
  generateFromOpenAPI(
    input: string,
  ): Promise<{ files: { path: string; contents: string }[]; warnings: string[] }>;
}

const args = process.argv.slice(2);
const shardAt = args.indexOf("--shard");
const [shard, shards] =
  shardAt === -1 ? [0, 1] : args.splice(shardAt, 2)[1]!.split("/").map(Number);
const [kitIndex, out, ...documents] = args;
if (kitIndex === undefined || out === undefined) {
  console.error("usage: tsx corpus/generate-tree.ts <kit dist/index.js> <out> [documents…]");
  process.exit(2);
}
const kit = (await import(pathToFileURL(path.resolve(kitIndex)).href)) as Kit;
const selected = await selectDocuments(documents);
let done = 0;
for (const [index, document] of selected.entries()) {
  if (index % shards! !== shard) continue;
  const dir = path.join(out, document.id);
  mkdirSync(dir, { recursive: true });
  try {
    const result = await kit.generateFromOpenAPI(document.file);
    for (const file of result.files) {
      mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
      writeFileSync(path.join(dir, file.path), file.contents);
    }
    writeFileSync(path.join(dir, "WARNINGS.txt"), `${result.warnings.join("\n")}\n`);
  } catch (error) {
    writeFileSync(path.join(dir, "ERROR.txt"), `${(error as Error)?.message ?? error}\n`);
  }
  if (++done % 200 === 0) console.error(`${shard}/${shards}: ${done}`);
}
console.error(`${shard}/${shards}: ${done} documents generated into ${out}`);
