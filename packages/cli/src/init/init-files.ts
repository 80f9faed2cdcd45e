import { renderServiceConfigFile } from "../emit/service-config-file.js";
import { renderServiceFile } from "../emit/service-file.js";
import type { GeneratedFile } from "../options.js";
import { GENERATED_MARKER } from "../options.js";
import { renderInitReadme } from "./readme.js";

export interface InitOptions {
  baseUrl: string;
  name?: string;
  /** The output directory as the user wrote it; the README shows it in commands. */
  outDir: string;
}

/** The four files of `kit init`, sorted by path like a generation result. */
export function renderInitFiles(options: InitOptions): GeneratedFile[] {
  return [
    { path: "README.md", contents: renderInitReadme(options) },
    { path: "index.ts", contents: `${GENERATED_MARKER}\nexport { service } from "./service";\n` },
    { path: "service.config.ts", contents: renderServiceConfigFile(), handWritten: true },
    {
      path: "service.ts",
      contents: renderServiceFile({ baseUrl: options.baseUrl, name: options.name }),
    },
  ];
}
