// Synthetic documents for `bench/growth.mjs`, each grown along one dimension by a scale factor.

const info = { title: "growth", version: "1" };

function document(paths, schemas = {}) {
  return { openapi: "3.0.3", info, paths, components: { schemas } };
}

function getReturning(schema, operationId) {
  const content = { "application/json": { schema } };
  return { get: { operationId, responses: { 200: { description: "ok", content } } } };
}

const ref = (name) => ({ $ref: `#/components/schemas/${name}` });

/** One operation returning one object schema with `count` properties made by `property`. */
function oneLargeSchema(count, property) {
  const properties = {};
  for (let index = 0; index < count; index++) properties[`p${index}`] = property();
  const schemas = { Big: { type: "object", properties } };
  return document({ "/big": getReturning(ref("Big"), "getBig") }, schemas);
}

/** The dimensions: each builds a document from a scale factor (1, 2, 4, 8). */
export const DIMENSIONS = [
  {
    name: "keys per mapping",
    unit: "properties in one schema",
    count: (scale) => 5_000 * scale,
    build: (count) => oneLargeSchema(count, () => ({ type: "string" })),
  },
  {
    name: "warnings",
    unit: "untyped properties, one warning each",
    count: (scale) => 5_000 * scale,
    build: (count) => oneLargeSchema(count, () => ({})),
  },
  {
    name: "nesting depth",
    unit: "levels in each of 400 inline schemas",
    count: (scale) => 12 * scale,
    build(count) {
      const paths = {};
      for (let chain = 0; chain < 400; chain++) {
        let schema = { type: "string" };
        for (let level = 0; level < count; level++) {
          schema = { type: "object", properties: { [`l${level}`]: schema } };
        }
        paths[`/deep${chain}`] = getReturning(schema, `getDeep${chain}`);
      }
      return document(paths);
    },
  },
  {
    name: "operations",
    unit: "paths, each with its own schema",
    count: (scale) => 1_000 * scale,
    build(count) {
      const paths = {};
      const schemas = {};
      for (let index = 0; index < count; index++) {
        schemas[`Item${index}`] = {
          type: "object",
          required: ["id"],
          properties: { id: { type: "integer" }, name: { type: "string" } },
        };
        const operation = getReturning(ref(`Item${index}`), `getItem${index}`);
        operation.get.tags = [`tag${index % 20}`];
        operation.get.parameters = [
          { name: "id", in: "path", required: true, schema: { type: "integer" } },
        ];
        paths[`/items${index}/{id}`] = operation;
      }
      return document(paths, schemas);
    },
  },
  {
    name: "allOf chain",
    unit: "schemas, each allOf the next",
    count: (scale) => 1_000 * scale,
    build(count) {
      const schemas = {};
      for (let index = 0; index < count - 1; index++) {
        schemas[`S${index}`] = {
          allOf: [
            ref(`S${index + 1}`),
            { type: "object", properties: { [`p${index}`]: { type: "string" } } },
          ],
        };
      }
      schemas[`S${count - 1}`] = { type: "object", properties: { last: { type: "string" } } };
      return document({ "/chain": getReturning(ref("S0"), "getChain") }, schemas);
    },
  },
];

/** Levels printed one key a line; deeper ones on one line, so bytes grow linearly with depth. */
const BLOCK_LEVELS = 6;

/** JSON text: indented for the first levels, compact below them. */
export function jsonText(value, depth = 0) {
  if (depth >= BLOCK_LEVELS || value === null || typeof value !== "object" || isEmpty(value)) {
    return JSON.stringify(value);
  }
  const indent = " ".repeat(depth + 1);
  const items = Array.isArray(value)
    ? value.map((item) => `${indent}${jsonText(item, depth + 1)}`)
    : Object.entries(value).map(
        ([key, item]) => `${indent}${JSON.stringify(key)}: ${jsonText(item, depth + 1)}`,
      );
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return `${open}\n${items.join(",\n")}\n${" ".repeat(depth)}${close}`;
}

/** YAML text: block style for the first levels, JSON-style flow (valid YAML) below them. */
export function yamlText(value, depth = 0) {
  if (depth >= BLOCK_LEVELS || value === null || typeof value !== "object" || isEmpty(value)) {
    return JSON.stringify(value);
  }
  const indent = "  ".repeat(depth);
  const entries = Array.isArray(value) ? value.map((item) => ["-", item]) : Object.entries(value);
  return entries
    .map(([key, item]) => {
      const head = Array.isArray(value) ? `${indent}-` : `${indent}${JSON.stringify(key)}:`;
      const nested =
        item !== null && typeof item === "object" && !isEmpty(item) && depth + 1 < BLOCK_LEVELS;
      return nested ? `${head}\n${yamlText(item, depth + 1)}` : `${head} ${JSON.stringify(item)}`;
    })
    .join("\n");
}

function isEmpty(value) {
  return Object.keys(value).length === 0;
}
