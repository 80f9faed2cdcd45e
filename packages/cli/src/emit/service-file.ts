import { GENERATED_MARKER } from "../options.js";

/** `service.ts`: the server class with its `@Server` options and the one `service` instance. */
export function renderServiceFile(options: { baseUrl: string; name?: string }): string {
  const serverOptions = [`baseURL: ${JSON.stringify(options.baseUrl)}`];
  if (options.name !== undefined) serverOptions.push(`name: ${JSON.stringify(options.name)}`);
  return `${[
    GENERATED_MARKER,
    'import { KitServer, Server } from "@kit/api";',
    "",
    `@Server({ ${serverOptions.join(", ")} })`,
    "export class Service extends KitServer {}",
    "",
    "export const service = new Service();",
  ].join("\n")}\n`;
}
