import type { ServicePlan } from "../model/plan-types.js";
import { GENERATED_MARKER } from "../options.js";
import { fileText } from "./file-text.js";

/** `service.ts`: the server class with its `@Server` options and the one `service` instance. */
export function renderServiceFile(options: ServicePlan): string {
  const serverOptions = [`baseURL: ${JSON.stringify(options.baseUrl)}`];
  if (options.name !== undefined) serverOptions.push(`name: ${JSON.stringify(options.name)}`);
  const { envelope } = options;
  if (envelope === "none") serverOptions.push("envelope: false");
  else if (envelope !== undefined) {
    const { codeKey, messageKey, dataKey } = envelope.keys;
    serverOptions.push(
      `codeKey: ${JSON.stringify(codeKey)}`,
      `messageKey: ${JSON.stringify(messageKey)}`,
      `dataKey: ${JSON.stringify(dataKey)}`,
    );
  }
  return fileText([
    GENERATED_MARKER,
    'import { KitServer, Server } from "@kit/api";',
    "",
    `@Server({ ${serverOptions.join(", ")} })`,
    `export class Service extends KitServer${envelopeType(envelope)} {}`,
    "",
    "export const service = new Service();",
  ]);
}

/** `<{ code: number; message: string }>`: the result field types the document declares. */
function envelopeType(envelope: ServicePlan["envelope"]): string {
  if (envelope === undefined || envelope === "none") return "";
  const fields = Object.entries(envelope.fieldTypes).map(([field, type]) => `${field}: ${type}`);
  return fields.length === 0 ? "" : `<{ ${fields.join("; ")} }>`;
}
