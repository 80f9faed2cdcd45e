import { describe, expect, it } from "vitest";
import { renderServiceFile } from "../../src/emit/service-file.js";
import { renderInitFiles } from "../../src/init/init-files.js";
import { GENERATED_MARKER } from "../../src/options.js";

describe("renderInitFiles", () => {
  const files = renderInitFiles({ baseUrl: "/v2", name: "shop", outDir: "lib/http" });
  const byPath = new Map(files.map((file) => [file.path, file.contents]));

  it("renders README.md, index.ts, service.config.ts and service.ts, sorted by path", () => {
    expect(files.map((file) => file.path)).toEqual([
      "README.md",
      "index.ts",
      "service.config.ts",
      "service.ts",
    ]);
  });

  it("reuses the generator's service file, with the base URL and name", () => {
    expect(byPath.get("service.ts")).toBe(renderServiceFile({ baseUrl: "/v2", name: "shop" }));
    expect(byPath.get("service.ts")).toContain('"/v2"');
    expect(byPath.get("service.ts")).toContain('"shop"');
  });

  it("re-exports the service from index.ts, marked as generated", () => {
    expect(byPath.get("index.ts")).toBe(
      `${GENERATED_MARKER}\nexport { service } from "./service";\n`,
    );
  });

  it("writes a README without the marker that tells how to generate into the folder", () => {
    const readme = byPath.get("README.md") ?? "";
    expect(readme).not.toContain(GENERATED_MARKER);
    expect(readme).toContain("kit generate --input openapi.yaml --out lib/http");
  });
});
