import { appendPointer } from "../openapi/pointer.js";
import { shortHash } from "../util/hash.js";
import { compareText } from "./compare.js";
import { camelCase, kebabCase, NameScope, pascalCase, splitWords } from "./names.js";
import type { Operation } from "./operation.js";
import { operationName } from "./operation-name.js";
import { commonSegments, literalSegments, toRoutePath } from "./path-template.js";
import { streamReading } from "./stream-response.js";
import type { ApiMethod, TagGroup } from "./tag-group.js";
import type { Warnings } from "./warnings.js";

export interface GroupOptions {
  /** Tag descriptions from the document's `tags` list, for class doc comments. */
  descriptions?: ReadonlyMap<string, string>;
  /** Names the team pinned per tag (`GenerateOptions.tagNames`). */
  tagNames?: Readonly<Record<string, string>>;
  warnings: Warnings;
}

/** File names other than tags use inside `types/`; `index` would overwrite the barrel. */
const RESERVED_FILE_NAMES = ["index"];

/**
 * Groups operations by tag (an operation with several tags joins each), names every group and
 * method, and computes class prefixes. Groups come sorted by tag text, methods by path and verb.
 */
export function groupOperations(
  operations: readonly Operation[],
  options: GroupOptions,
): TagGroup[] {
  const { warnings } = options;
  const byTag = new Map<string, Operation[]>();
  for (const operation of operations) {
    for (const tag of operation.tags) {
      const list = byTag.get(tag);
      if (list) list.push(operation);
      else byTag.set(tag, [operation]);
    }
  }

  // Hyphens and case are folded so `pet-2` never meets `pet2` (same class) or `Pet` meets `pet`.
  const files = new NameScope((name) => name.replaceAll("-", "").toLowerCase());
  for (const name of RESERVED_FILE_NAMES) files.reserve(name);

  return [...byTag.keys()].sort(compareText).map((tag) => {
    const tagOperations = byTag.get(tag)!;
    const pinned =
      options.tagNames !== undefined && Object.hasOwn(options.tagNames, tag)
        ? options.tagNames[tag]
        : undefined;
    const own = kebabCase(pinned ?? tag);
    if (own === "") {
      warnings.add(
        `tag "${tag}" has no ASCII letters or digits, so its file and class are named by a hash of its text (apis/${fileBase(`tag-${shortHash(tag)}`, tag)}.api.ts), which no added or removed operation changes; give it a readable name in the config file: tagNames: { ${JSON.stringify(tag)}: ${JSON.stringify(suggestedName(tagOperations))} }`,
        appendPointer(tagOperations[0]!.pointer, "tags"),
      );
    }
    const joined = own !== "" ? own : `tag-${shortHash(tag)}`;
    const base = fileBase(joined, tag);
    const fileName = files.claim(base, (n) => `-${n}`);
    if (fileName !== base) {
      warnings.add(
        `tag "${tag}" would share its file name with another tag or a generated file; it becomes apis/${fileName}.api.ts and ${pascalCase(fileName)}Api`,
        appendPointer(tagOperations[0]!.pointer, "tags"),
      );
    }
    const description = options.descriptions?.get(tag);
    return {
      tag,
      ...(description ? { description } : {}),
      fileName,
      className: `${pascalCase(fileName)}Api`,
      instanceName: `${camelCase(fileName)}Api`,
      // A shortened name no longer ends in all of the tag's words.
      renamed: pinned !== undefined || own === "" || fileName !== base || !base.endsWith(joined),
      ...routes(tagOperations),
    };
  });
}

/** Windows refuses these as file names whatever the extension: `con.ts`, `nul.api.ts`. */
const WINDOWS_DEVICE_NAME = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

/**
 * The longest file name a tag gets: `apis/<name>.api.ts`, its suffixed variants and the staging
 * file beside it stay far below the 255-byte limit of common file systems.
 */
const MAX_FILE_NAME = 64;

/**
 * The file name of a tag's words: `tag-` before a leading digit (a class name cannot start with
 * one, and `_` would make class and instance names equal) or a Windows device name; a name past
 * `MAX_FILE_NAME` is cut and ends in a hash of the whole tag, so it stays stable and distinct.
 */
function fileBase(joined: string, tag: string): string {
  const name = /^[0-9]/.test(joined) || WINDOWS_DEVICE_NAME.test(joined) ? `tag-${joined}` : joined;
  if (name.length <= MAX_FILE_NAME) return name;
  const hash = shortHash(tag);
  return `${name.slice(0, MAX_FILE_NAME - hash.length - 1).replace(/-+$/, "")}-${hash}`;
}

/**
 * A name to suggest for a tag without ASCII words: the last shared literal path word of its
 * operations, else `name`. Only suggested: it changes when operations are added or removed.
 */
function suggestedName(operations: readonly Operation[]): string {
  const shared = commonSegments(operations.map((operation) => literalSegments(operation.path)));
  for (let index = shared.length - 1; index >= 0; index--) {
    const words = splitWords(shared[index]!);
    if (words.length > 0) return camelCase(words.join(" "));
  }
  return "name";
}

function routes(operations: readonly Operation[]): { prefix: string; methods: ApiMethod[] } {
  const prefix =
    operations.length === 1
      ? ""
      : commonSegments(operations.map((operation) => literalSegments(operation.path))).join("/");
  const names = new NameScope();
  const methods = operations.map(
    (operation): ApiMethod => ({
      operation,
      name: names.claim(operationName(operation)),
      // The runtime takes an absolute route whole, without the class prefix or the baseURL.
      path:
        operation.server === undefined
          ? toRoutePath(operation.path.slice(prefix.length))
          : `${operation.server}${toRoutePath(operation.path)}`,
    }),
  );
  // Claimed after every operation's own name, so adding a stream reading renames no method.
  const streams = methods.map((method) => {
    const operation = streamReading(method.operation);
    return operation === undefined
      ? undefined
      : { ...method, operation, name: names.claim(`${method.name}Stream`), streamOf: method.name };
  });
  return {
    prefix,
    methods: methods.flatMap((method, index) => {
      const stream = streams[index];
      return stream === undefined ? [method] : [method, stream];
    }),
  };
}
