import { KitUsageError } from "../errors.js";
import type { LoadedDocument } from "../openapi/load.js";
import { pointerOf } from "../openapi/pointer.js";
import { resolveObject } from "../openapi/refs.js";
import type { OperationObject, PathItemObject } from "../openapi/types.js";
import { closestName } from "../util/closest-name.js";
import { isPathKey, operationTags } from "./build-operations.js";
import { compareText } from "./compare.js";
import { pathItemOperations } from "./path-item-operations.js";

export interface TagFilter {
  tags?: readonly string[] | undefined;
  excludeTags?: readonly string[] | undefined;
}

/** Tags listed in an error line; a document with hundreds of tags would drown the message. */
const LISTED_TAGS = 30;

/**
 * Refuses a tag filter that names a tag no operation has, as a usage error (exit 2): a typo such
 * as `--tags Pet` for `pet` would otherwise write an empty client, and with `--clean` delete the
 * one on disk.
 */
export function checkTagFilter(loaded: LoadedDocument, filter: TagFilter): void {
  const named = [
    ...(filter.tags ?? []).map((tag) => ({ flag: "--tags", tag })),
    ...(filter.excludeTags ?? []).map((tag) => ({ flag: "--exclude-tags", tag })),
  ];
  if (named.length === 0) return;
  const known = documentTags(loaded);
  const unknown = named.find(({ tag }) => !known.includes(tag));
  if (unknown === undefined) return;
  const closest = closestName(unknown.tag, known);
  const listed = known.slice(0, LISTED_TAGS).map((tag) => JSON.stringify(tag));
  if (known.length > LISTED_TAGS) listed.push(`… (${known.length - LISTED_TAGS} more)`);
  throw new KitUsageError(
    `${unknown.flag} ${JSON.stringify(unknown.tag)} matches no operation's tag` +
      (closest === undefined ? "" : ` (did you mean ${JSON.stringify(closest)}?)`) +
      `; the document's tags: ${listed.join(", ") || "none"}`,
    loaded.file === undefined ? {} : { file: loaded.file },
  );
}

/** Every tag an operation has, untagged operations counting as `default`, sorted. */
export function documentTags(loaded: LoadedDocument): string[] {
  const tags = new Set<string>();
  const paths = loaded.document.paths ?? {};
  for (const path of Object.keys(paths).filter(isPathKey)) {
    const at = pointerOf("paths", path);
    const item = resolveObject<PathItemObject>(loaded, paths[path], at, "A path item");
    for (const { raw, pointer } of pathItemOperations(item)) {
      const operation = resolveObject<OperationObject>(loaded, raw, pointer, "An operation");
      for (const tag of operationTags(operation.value)) tags.add(tag);
    }
  }
  return [...tags].sort(compareText);
}
