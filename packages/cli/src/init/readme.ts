/**
 * The README that `kit init` writes. It carries no generated marker, so no generate run ever
 * overwrites or deletes it.
 */
export function renderInitReadme(options: { outDir: string; baseUrl: string }): string {
  const out = options.outDir;
  return `# API client

Created by \`kit init\`. Every generated API class sends its requests through the server in this
folder.

- \`service.ts\`: the server class, decorated with \`@Server\` (baseURL \`${options.baseUrl}\`), and its
  single instance \`service\`.
- \`service.config.ts\`: your configuration of that server (base URL per environment, success
  codes, headers, plugins). \`service.ts\` imports it; no generate run changes or deletes it.
- \`index.ts\`: re-exports \`service\`.

## Generate the API classes into this folder

\`\`\`sh
npx kit generate --input openapi.yaml --out ${out}
\`\`\`

This writes \`apis/<tag>.api.ts\`, \`types/<tag>.ts\` and \`types/index.ts\` here and rewrites
\`service.ts\` and \`index.ts\`: both start with the generated marker line, so every generate run
owns them. Pass \`--base-url\` and \`--name\` to generate to keep the server settings. Files
without the marker, like this README, are never overwritten or deleted.

Keep hand-written server setup in \`service.config.ts\`: its \`options\` (\`baseURL\`,
\`validateCode\`, \`headers\`, …) win over the generated ones and its \`plugins\` are registered in
order, so regenerating never loses them.

In CI, \`npx kit generate --input openapi.yaml --out ${out} --check\` exits with 1 when the
generated files are out of date.
`;
}
