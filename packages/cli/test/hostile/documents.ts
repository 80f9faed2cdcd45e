/** Hostile documents built in memory: too deep, too big, too many aliases. */

const info = { title: "hostile", version: "1" };

/** One operation whose response schema nests `depth` objects, each one property deep. */
export function deeplyNested(depth: number): object {
  let schema: object = { type: "string" };
  for (let level = 0; level < depth; level++) {
    schema = { type: "object", properties: { [`level${level}`]: schema } };
  }
  return {
    openapi: "3.1.0",
    info,
    paths: {
      "/deep": {
        get: {
          operationId: "getDeep",
          responses: { "200": { description: "d", content: { "application/json": { schema } } } },
        },
      },
    },
  };
}

/** The same document as JSON text, built as text: `JSON.stringify` itself overflows past ~8,000 levels. */
export function deeplyNestedJson(depth: number): string {
  const open = '{"type":"object","properties":{"a":'.repeat(depth);
  const schema = `${open}{"type":"string"}${"}}".repeat(depth)}`;
  const response = `{"200":{"description":"d","content":{"application/json":{"schema":${schema}}}}}`;
  return `{"openapi":"3.1.0","info":{"title":"hostile","version":"1"},"paths":{"/deep":{"get":{"operationId":"getDeep","responses":${response}}}}}`;
}

/** The same nesting as YAML flow text: `{a: {a: … }}` `depth` levels deep. */
export function deeplyNestedYaml(depth: number): string {
  const schema = `${"{type: object, properties: {a: ".repeat(depth)}{type: string}${"}}".repeat(depth)}`;
  return [
    "openapi: 3.1.0",
    "info: {title: hostile, version: '1'}",
    "paths:",
    "  /deep:",
    "    get:",
    "      responses:",
    "        '200':",
    "          description: d",
    "          content:",
    `            application/json: {schema: ${schema}}`,
    "",
  ].join("\n");
}

/** A document of about `megabytes` MB: many small operations with long descriptions. */
export function largeDocumentText(megabytes: number): string {
  const description = "A long description that repeats. ".repeat(60);
  const paths: string[] = [];
  let size = 0;
  for (let index = 0; size < megabytes * 1024 * 1024; index++) {
    const item = JSON.stringify({
      get: {
        operationId: `getItem${index}`,
        tags: [`tag${index % 50}`],
        description,
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: {
          "200": {
            description,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { id: { type: "integer" }, name: { type: "string" } },
                },
              },
            },
          },
        },
      },
    });
    const entry = `${JSON.stringify(`/items${index}/{id}`)}:${item}`;
    paths.push(entry);
    size += entry.length;
  }
  return `{"openapi":"3.0.3","info":${JSON.stringify(info)},"paths":{${paths.join(",")}}}`;
}

/** Nine levels of nine aliases: 9^9 ≈ 387 million strings once expanded. */
export function aliasBombYaml(): string {
  const lines = ["openapi: 3.0.3", "info: {title: bomb, version: '1'}", "paths: {}"];
  lines.push(`a0: &a0 [${Array(9).fill('"lol"').join(", ")}]`);
  for (let level = 1; level <= 9; level++) {
    lines.push(
      `a${level}: &a${level} [${Array(9)
        .fill(`*a${level - 1}`)
        .join(", ")}]`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/**
 * `depth` component schemas, each `allOf` the next one (by `$ref`) and one own property; the last
 * has the property `last`. One operation returns the first.
 */
export function allOfChain(depth: number): object {
  const schemas: Record<string, object> = {};
  for (let index = 0; index < depth - 1; index++) {
    schemas[`S${index}`] = {
      allOf: [
        { $ref: `#/components/schemas/S${index + 1}` },
        { type: "object", properties: { [`p${index}`]: { type: "string" } } },
      ],
    };
  }
  schemas[`S${depth - 1}`] = { type: "object", properties: { last: { type: "string" } } };
  const content = { "application/json": { schema: { $ref: "#/components/schemas/S0" } } };
  return {
    openapi: "3.0.3",
    info,
    paths: {
      "/chain": {
        get: { operationId: "getChain", responses: { "200": { description: "d", content } } },
      },
    },
    components: { schemas },
  };
}
