/** The identifier every payload tries to turn into code. */
export const INJECTED = "kitInjected";

/**
 * Attempts to leave a doc comment, a string literal, a template literal, a line comment or the
 * line itself, each ending in a call of `INJECTED`.
 */
export const PAYLOADS = [
  `*/ ${INJECTED}(); /*`,
  `"); ${INJECTED}(); ("`,
  `'); ${INJECTED}(); ('`,
  `\`); ${INJECTED}(); (\``,
  `\${${INJECTED}()}`,
  `\\"); ${INJECTED}(); //`,
  `x\n${INJECTED}();\n//`,
  `x\r${INJECTED}();`,
  `x\u2028${INJECTED}();`,
  `x\u2029${INJECTED}();`,
  `</script><script>${INJECTED}()</script>`,
  `\n@Get("x") ${INJECTED}()`,
  `a" | ${INJECTED} | "b`,
  `a]: ${INJECTED}; [b`,
];

/** A document that carries every payload in every place a string reaches the output. */
export function documentWithPayloads(): object {
  const each = <T>(make: (payload: string, index: number) => [string, T]) =>
    Object.fromEntries(PAYLOADS.map(make));
  const properties = each((payload) => [
    payload,
    { type: "string", description: payload, title: payload },
  ]);
  const schemas = each((payload) => [
    payload,
    {
      type: "object",
      description: payload,
      properties: {
        ...properties,
        choice: { enum: PAYLOADS },
        fixed: { const: payload },
        [payload]: { type: "array", items: { enum: [payload, 1, true] } },
      },
    },
  ]);
  const paths = each((payload, index) => [
    `/items${index}/${payload.replaceAll("/", "_").replaceAll("{", "(")}/{${payload.replaceAll("}", ")")}}`,
    {
      post: {
        tags: [payload],
        operationId: payload,
        summary: payload,
        description: payload,
        parameters: [
          {
            name: payload.replaceAll("}", ")"),
            in: "path",
            required: true,
            schema: { type: "string" },
          },
          { name: payload, in: "query", description: payload, schema: { enum: PAYLOADS } },
          { name: `X-${index}`, in: "header", description: payload, schema: { type: "string" } },
          { name: payload, in: "cookie", schema: { type: "string" } },
        ],
        requestBody: {
          description: payload,
          content: {
            "application/x-www-form-urlencoded": { schema: { type: "object", properties } },
          },
        },
        responses: {
          "200": {
            description: payload,
            content: {
              "application/json": {
                schema: {
                  $ref: `#/components/schemas/${encodeURIComponent(payload.replaceAll("~", "~0").replaceAll("/", "~1"))}`,
                },
              },
            },
          },
        },
      },
    },
  ]);
  return {
    openapi: "3.1.0",
    info: { title: PAYLOADS[0], version: "1", description: PAYLOADS.join("\n") },
    servers: [{ url: PAYLOADS[1] }],
    tags: PAYLOADS.map((payload) => ({ name: payload, description: payload })),
    paths,
    components: { schemas },
  };
}
