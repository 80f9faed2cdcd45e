import fc from "fast-check";

/**
 * Strings that broke similar generators: comment and template terminators, quotes, backslashes,
 * line breaks (also U+2028), doc tags at line start, traversal, reserved words, non-ASCII text.
 */
const HOSTILE_TEXT = [
  "*/",
  "*/ console.log(1); /*",
  "\n@deprecated evil",
  "@param x",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder must stay inert text
  "${process.exit(1)}",
  "`; throw 1; `",
  '"; throw 1; "',
  "'; throw 1; '",
  "\\",
  "\\u0041",
  "a\nb",
  "a\r\nb",
  "line\u2028break",
  "</script>",
  "..",
  "../x",
  "a/b",
  "a\\b",
  "用户管理",
  "Ünïcödé",
  "🙂",
  "constructor",
  "__proto__",
  "toString",
  "class",
  "delete",
  "default",
  "void",
  "Promise",
  "Record",
  "Api",
  "Get",
  "Query",
  "service",
  "",
  " ",
  "0",
  "9lives",
  "$",
  "_",
];

// No word looks like the round-trip checker's sample values (`v0`, `v1`, …).
const WORDS = ["pet", "Pet", "store", "user", "order", "item", "version", "files", "a", "b"];

/** Any text: mostly hostile, sometimes arbitrary Unicode. */
export const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(...WORDS) },
);

/** Tags that must not leave `apis/`, must not collide, must still name a class. */
export const tagName = fc.oneof(
  fc.constantFrom(
    "pet",
    "Pet",
    "pet store",
    "pet-store",
    "PET",
    "..",
    "../x",
    "/",
    "\\",
    "用户管理",
  ),
  hostileText,
);

/** Placeholder names with hyphens, dots, leading digits, reserved words and `$`. */
const placeholderName = fc.oneof(
  fc.constantFrom("id", "pet-id", "pet.id", "1st", "class", "delete", "$x", "user_id", "name"),
  fc.constantFrom("a b", "ünï", "default", "x-y-z", "_", "Id", "ID"),
);

/** A path segment: literal, one placeholder, several in one segment, or a Google-style verb. */
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 2, arbitrary: placeholderName.map((name) => `{${name}}`) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(placeholderName, placeholderName)
      .map(([name, ext]) => `{${name}}.{${ext}}`),
  },
  { weight: 1, arbitrary: placeholderName.map((name) => `{${name}}:cancel`) },
  { weight: 1, arbitrary: placeholderName.map((name) => `v{${name}}x`) },
  // Literal non-ASCII text is left out: the round-trip checker compares it unencoded.
  { weight: 1, arbitrary: fc.constantFrom("a.b", "x:y", "~", "%20") },
);

export const pathTemplate = fc
  .tuple(fc.array(segment, { minLength: 0, maxLength: 4 }), fc.boolean())
  .map(([segments, trailing]) => `/${segments.join("/")}${trailing && segments.length ? "/" : ""}`);

export function placeholdersOf(path: string): string[] {
  return [...new Set([...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]!))];
}

const scalarValue = fc.oneof(
  hostileText,
  fc.integer({ min: -5, max: 5 }),
  fc.boolean(),
  fc.constant(null),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

type Schema = Record<string, unknown>;

/** OpenAPI 3.0 or 3.1 spelling of the same constructs. */
export type Dialect = "3.0" | "3.1";

/**
 * Schemas over every row of the seed's mapping table, nested, with `$ref`s into `refNames`
 * (which may form chains and cycles, because components refer to each other by name).
 */
export function schema(dialect: Dialect, refNames: readonly string[]): fc.Arbitrary<Schema> {
  const ref =
    refNames.length === 0
      ? fc.constant<Schema>({ type: "string" })
      : fc
          .constantFrom(...refNames)
          .map((name): Schema => ({ $ref: `#/components/schemas/${escapePointer(name)}` }));
  const leaf: fc.Arbitrary<Schema> = fc.oneof(
    fc.constantFrom<Schema>(
      { type: "string" },
      { type: "number" },
      { type: "integer" },
      { type: "boolean" },
      { type: "string", format: "date-time" },
      { type: "string", format: "binary" },
      {},
      { description: "no type */" },
    ),
    fc
      .array(scalarValue, { minLength: 1, maxLength: 4 })
      .map((values): Schema => ({ enum: values })),
    scalarValue.map((value): Schema => ({ const: value })),
    ref,
  );
  const { tree } = fc.letrec<{ tree: Schema; node: Schema }>((tie) => ({
    tree: fc.oneof({ maxDepth: 4, depthIdentifier: "schema" }, leaf, tie("node")),
    node: fc.oneof(
      tie("tree").map((items): Schema => ({ type: "array", items })),
      fc
        .tuple(
          fc.dictionary(hostileText, tie("tree"), { maxKeys: 4 }),
          fc.array(hostileText, { maxLength: 3 }),
          fc.option(fc.oneof(fc.boolean(), tie("tree")), { nil: undefined }),
        )
        .map(
          ([properties, required, additionalProperties]): Schema => ({
            type: "object",
            properties,
            ...(required.length ? { required } : {}),
            ...(additionalProperties === undefined ? {} : { additionalProperties }),
          }),
        ),
      fc.array(tie("tree"), { minLength: 1, maxLength: 3 }).map((allOf): Schema => ({ allOf })),
      fc.array(tie("tree"), { minLength: 1, maxLength: 3 }).map((oneOf): Schema => ({ oneOf })),
      fc.array(tie("tree"), { minLength: 1, maxLength: 3 }).map((anyOf): Schema => ({ anyOf })),
      tie("tree").map((inner) => nullable(dialect, inner)),
      fc
        .tuple(hostileText, tie("tree"))
        .map(([description, inner]): Schema => ({ ...inner, description, title: description })),
    ),
  }));
  return tree;
}

/** `nullable: true` in 3.0, `type: [t, "null"]` (or a null branch) in 3.1. */
function nullable(dialect: Dialect, inner: Schema): Schema {
  if (dialect === "3.0") return { ...inner, nullable: true };
  if (typeof inner.type === "string") return { ...inner, type: [inner.type, "null"] };
  return { anyOf: [inner, { type: "null" }] };
}

/** A JSON pointer segment inside a URI fragment: `~` and `/` escaped, `%` percent-encoded. */
export function escapePointer(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1").replaceAll("%", "%25");
}

const operationId = fc.option(
  fc.oneof(
    fc.constantFrom("getPet", "getPet", "pet.get", "get pet", "delete", "class", "1st", "a-b"),
    hostileText,
  ),
  { nil: undefined },
);

function parameter(location: "query" | "header" | "cookie", dialect: Dialect, refs: string[]) {
  const name =
    location === "header"
      ? fc.constantFrom("X-Request-Id", "x-trace", "If-Match", "X-Dup", "x-dup")
      : fc.oneof(
          fc.constantFrom("ids[]", "a&b=c", "page size", "é", "q", "Q", "limit"),
          hostileText,
        );
  return fc.record({
    name,
    in: fc.constant(location),
    required: fc.boolean(),
    description: hostileText,
    schema: schema(dialect, refs),
  });
}

const textResponse = (mediaType: string) =>
  fc.constant({ content: { [mediaType]: { schema: { type: "string" } } } });

function responses(dialect: Dialect, refs: string[]) {
  const json = schema(dialect, refs).map((s) => ({
    content: { "application/json": { schema: s } },
  }));
  const response = fc.oneof(
    json,
    textResponse("text/plain"),
    textResponse("application/octet-stream"),
    fc.constant({}),
  );
  return fc
    .dictionary(fc.constantFrom("200", "201", "202", "204", "2XX", "404", "default"), response, {
      maxKeys: 3,
    })
    .map((map) =>
      Object.fromEntries(
        Object.entries(map).map(([code, r]) => [code, { description: "d", ...r }]),
      ),
    );
}

function requestBody(dialect: Dialect, refs: string[]) {
  const objectSchema = fc
    .dictionary(hostileText, schema(dialect, refs), { minKeys: 1, maxKeys: 3 })
    .map((properties) => ({ type: "object", properties }));
  return fc.option(
    fc
      .oneof(
        schema(dialect, refs).map((s) => ({ "application/json": { schema: s } })),
        objectSchema.map((s) => ({ "application/x-www-form-urlencoded": { schema: s } })),
        objectSchema.map((s) => ({ "multipart/form-data": { schema: s } })),
        fc.constant({ "text/plain": { schema: { type: "string" } } }),
        fc.constant({
          "application/octet-stream": { schema: { type: "string", format: "binary" } },
        }),
      )
      .chain((content) =>
        fc.record({
          required: fc.boolean(),
          description: hostileText,
          content: fc.constant(content),
        }),
      ),
    { nil: undefined },
  );
}

function operation(path: string, dialect: Dialect, refs: string[]) {
  const pathParameters = placeholdersOf(path).map((name) =>
    fc.record({
      name: fc.constant(name),
      in: fc.constant("path"),
      required: fc.constant(true),
      schema: fc.constantFrom({ type: "string" }, { type: "integer" }),
    }),
  );
  const others = fc.array(
    fc.oneof(
      parameter("query", dialect, refs),
      parameter("header", dialect, refs),
      parameter("cookie", dialect, refs),
    ),
    { maxLength: 3 },
  );
  return fc
    .record({
      tags: fc.option(fc.array(tagName, { maxLength: 2 }), { nil: undefined }),
      operationId,
      summary: hostileText,
      description: hostileText,
      deprecated: fc.boolean(),
      parameters: fc
        .tuple(fc.tuple(...pathParameters), others)
        .map(([path, rest]) => [...path, ...uniqueParameters(rest)]),
      requestBody: requestBody(dialect, refs),
      responses: responses(dialect, refs),
    })
    .map(dropUndefined);
}

/** OpenAPI requires parameters to be unique by name and location; header names ignore case. */
function uniqueParameters<T extends { name: string; in: string }>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((p) => {
    const key = `${p.in}\u0000${p.in === "header" ? p.name.toLowerCase() : p.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const VERBS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

function pathItem(path: string, dialect: Dialect, refs: string[]) {
  return fc
    .subarray([...VERBS], { minLength: 1, maxLength: 3 })
    .chain((verbs) =>
      fc.tuple(
        ...verbs.map((verb) => operation(path, dialect, refs).map((op) => [verb, op] as const)),
      ),
    )
    .map((entries) => Object.fromEntries(entries));
}

/** A whole OpenAPI 3.0 or 3.1 document: hostile everywhere a string can be. */
export const openApiDocument: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.constantFrom<Dialect>("3.0", "3.1"),
    fc.uniqueArray(fc.oneof(hostileText, fc.constantFrom("Pet", "pet", "Api", "Promise")), {
      maxLength: 4,
    }),
    fc.uniqueArray(pathTemplate, { minLength: 1, maxLength: 4 }),
  )
  .chain(([dialect, componentNames, paths]) =>
    fc.record({
      openapi: fc.constant(dialect === "3.0" ? "3.0.3" : "3.1.0"),
      info: fc.record({ title: hostileText, version: fc.constant("1"), description: hostileText }),
      servers: fc.option(
        fc.array(
          // A server URL starting with a backslash reads as `//host` to URL parsers: it names a host.
          fc.record({
            url: fc.oneof(
              hostileText.map((text) => `/${text}`),
              fc.constantFrom("/api", "https://x.test/{v}"),
            ),
          }),
          {
            maxLength: 1,
          },
        ),
        { nil: undefined },
      ),
      tags: fc.array(fc.record({ name: tagName, description: hostileText }), { maxLength: 3 }),
      paths: fc
        .tuple(...paths.map((path) => pathItem(path, dialect, componentNames)))
        .map((items) => Object.fromEntries(paths.map((path, i) => [path, items[i]]))),
      components: fc
        .tuple(...componentNames.map(() => schema(dialect, componentNames)))
        .map((schemas) => ({
          schemas: Object.fromEntries(componentNames.map((name, i) => [name, schemas[i]])),
        })),
    }),
  )
  .map(dropUndefined);

/**
 * A valid document with one subtree replaced by junk of the wrong shape: the generator must turn
 * it into a `KitGenerateError` or a warning, never a crash.
 */
export const mangledDocument: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    openApiDocument,
    fc.nat(),
    fc.oneof(
      fc.constantFrom(
        null,
        0,
        -1,
        true,
        "",
        "x",
        [],
        [null],
        {},
        { $ref: "#/nowhere" },
        { $ref: "#" },
      ),
      fc.constant({ $ref: "#/components/schemas" }),
      fc.constant({ $ref: "#/paths" }),
    ),
  )
  .map(([document, pick, junk]) => replaceNode(document, pick, junk) as Record<string, unknown>);

/** Replaces the `pick`-th node (pre-order, modulo the node count) with `junk`. */
function replaceNode(root: unknown, pick: number, junk: unknown): unknown {
  const nodes: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        nodes.push({ parent: value, key: index });
        visit(item);
      });
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        nodes.push({ parent: value as Record<string, unknown>, key });
        visit(item);
      }
    }
  };
  const copy = structuredClone(root);
  visit(copy);
  const target = nodes[pick % nodes.length];
  if (target) (target.parent as Record<string | number, unknown>)[target.key] = junk;
  return copy;
}

/** The same value with the keys of every object permuted by `seed`. */
export function shuffleKeys(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item) => shuffleKeys(item, seed));
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value);
  let state = seed >>> 0 || 1;
  for (let i = entries.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const j = state % (i + 1);
    [entries[i], entries[j]] = [entries[j]!, entries[i]!];
  }
  return Object.fromEntries(entries.map(([key, item]) => [key, shuffleKeys(item, seed + 1)]));
}
