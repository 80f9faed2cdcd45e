import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { LoadedDocument } from "../../src/openapi/load.js";
import { parseOpenAPIDocument } from "../../src/openapi/load.js";

export const FIXTURES_DIR = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** Every fixture whose output is snapshot, compiled and round-tripped. */
export const FIXTURES = [
  "petstore-3.0.json",
  "petstore-3.1.yaml",
  "paths.yaml",
  "schemas-3.0.yaml",
  "schemas-3.1.yaml",
  "tags.yaml",
  "springdoc.json",
  "combined-keywords.yaml",
  "type-fidelity.yaml",
  "openapi-3.2.yaml",
] as const;

/** `petstore-3.0.json` → `petstore-3-0-json`: a folder name for a fixture's output. */
export function fixtureSlug(name: string): string {
  return name.replace(/[^A-Za-z0-9]+/g, "-");
}

export function fixturePath(name: string): string {
  return join(FIXTURES_DIR, name);
}

/** Parses a fixture; its file is named relative to the fixtures folder so messages are stable. */
export async function loadFixture(name: string): Promise<LoadedDocument> {
  return parseOpenAPIDocument(await readFile(fixturePath(name), "utf8"), name);
}

/** A document object for unit tests: `paths` empty unless given. */
export function inlineDocument(parts: Record<string, unknown>): LoadedDocument {
  return parseOpenAPIDocument(
    JSON.stringify({ openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {}, ...parts }),
  );
}
