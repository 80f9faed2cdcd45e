import type { ServicePlan } from "../model/plan-types.js";
import { type EnvelopeKeys, GENERATED_MARKER } from "../options.js";
import { fileText } from "./file-text.js";
import { SERVICE_CONFIG_MODULE } from "./service-config-file.js";

/**
 * `service.ts`: the server class with its `@Server` options and the one `service` instance, set up
 * with the hand-written `service.config.ts`.
 */
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
    const validateCode = validateCodeText(envelope.keys);
    if (validateCode !== undefined) serverOptions.push(`validateCode: ${validateCode}`);
  }
  // The hand-written file's options come last, so the team's settings win over the document's.
  return fileText([
    GENERATED_MARKER,
    'import { KitServer, Server } from "@kit/api";',
    `import { options, plugins } from ${JSON.stringify(SERVICE_CONFIG_MODULE)};`,
    "",
    `@Server({ ${serverOptions.join(", ")}, ...options })`,
    `export class Service extends KitServer${envelopeType(envelope)} {}`,
    "",
    "export const service = new Service();",
    "for (const plugin of plugins) service.use(plugin);",
  ]);
}

/**
 * `(code) => String(code) === "20000"`, or `(_code, envelope) => String(envelope["success"]) ===
 * "true"` for a success field: the success values as text, so `20000` and `"20000"` both match.
 */
function validateCodeText(keys: EnvelopeKeys): string | undefined {
  const { successCodes, successKey } = keys;
  if (successCodes === undefined) return undefined;
  const value = successKey === undefined ? "code" : `envelope[${JSON.stringify(successKey)}]`;
  const test =
    successCodes.length === 1
      ? `String(${value}) === ${JSON.stringify(successCodes[0])}`
      : `${JSON.stringify(successCodes).replaceAll(",", ", ")}.includes(String(${value}))`;
  return successKey === undefined ? `(code) => ${test}` : `(_code, envelope) => ${test}`;
}

/** `<{ code: number; message: string }>`: the result field types the document declares. */
function envelopeType(envelope: ServicePlan["envelope"]): string {
  if (envelope === undefined || envelope === "none") return "";
  const fields = Object.entries(envelope.fieldTypes).map(([field, type]) => `${field}: ${type}`);
  return fields.length === 0 ? "" : `<{ ${fields.join("; ")} }>`;
}
