/** The file `service.ts` imports its hand-written configuration from, without extension. */
export const SERVICE_CONFIG_MODULE = "./service.config";

/**
 * `service.config.ts`: the team's own server configuration. Created once, when missing, and never
 * touched again (no generated marker); the generated `service.ts` spreads `options` over its
 * `@Server` options and registers `plugins`.
 */
export function renderServiceConfigFile(): string {
  return `// Your configuration of the generated server. kit generate creates this file when it is missing
// and never changes or deletes it. service.ts spreads \`options\` over the @Server options it
// generates (yours win) and registers \`plugins\` in order. See docs/runtime.md, "Server".
import type { KitPlugin, KitServerOptions } from "@kit/api";

export const options: KitServerOptions = {
  // The base URL per environment, instead of the document's servers[0].url:
  // baseURL: import.meta.env.VITE_API_BASE_URL ?? "/api",
  // Success codes other than 0 and 200, or a success field:
  // validateCode: (code) => code === 20000,
  // headers: { "X-Client": "web" },
};

export const plugins: KitPlugin[] = [];
`;
}
