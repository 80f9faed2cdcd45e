import { describe, expect, it } from "vitest";
import { GENERATED_MARKER } from "../../src/options.js";
import { decideGeneratedFile, decideInitFile } from "../../src/write/decide.js";

const generated = { path: "a.ts", contents: `${GENERATED_MARKER}\nexport const a = 1;\n` };
const handWritten = "export const mine = 1;\n";

describe("decideGeneratedFile", () => {
  it("creates a missing file", () => {
    expect(decideGeneratedFile(generated, { kind: "missing" }, false)).toEqual({
      action: "create",
    });
  });

  it("leaves an identical file alone", () => {
    const text = generated.contents;
    expect(decideGeneratedFile(generated, { kind: "file", text }, false)).toEqual({
      action: "unchanged",
    });
  });

  it("replaces a file that starts with the marker", () => {
    const old = `${GENERATED_MARKER}\r\nexport const a = 0;\r\n`;
    expect(decideGeneratedFile(generated, { kind: "file", text: old }, false)).toEqual({
      action: "change",
    });
  });

  it("refuses a file without the marker unless forced", () => {
    expect(decideGeneratedFile(generated, { kind: "file", text: handWritten }, false)).toEqual({
      action: "refuse",
      reason: "exists without the generated marker; --force overwrites it",
    });
    expect(decideGeneratedFile(generated, { kind: "file", text: handWritten }, true)).toEqual({
      action: "change",
    });
  });

  it("does not take a marker below the first line, or a longer first line, as the marker", () => {
    for (const text of [`// mine\n${GENERATED_MARKER}\n`, `${GENERATED_MARKER} (edited)\n`]) {
      expect(decideGeneratedFile(generated, { kind: "file", text }, false).action).toBe("refuse");
    }
  });

  it("refuses directories and links even when forced", () => {
    const directory = { kind: "other", description: "is a directory" } as const;
    expect(decideGeneratedFile(generated, directory, true)).toEqual({
      action: "refuse",
      reason: "is a directory",
    });
  });
});

describe("decideGeneratedFile with a hand-written starter (service.config.ts)", () => {
  const starter = { path: "service.config.ts", contents: handWritten, handWritten: true } as const;

  it("creates it when missing and keeps whatever is there otherwise, forced or not", () => {
    expect(decideGeneratedFile(starter, { kind: "missing" }, false)).toEqual({ action: "create" });
    for (const force of [false, true]) {
      const edited = { kind: "file", text: "export const options = { timeout: 1 };\n" } as const;
      expect(decideGeneratedFile(starter, edited, force)).toEqual({ action: "unchanged" });
    }
  });
});

describe("decideInitFile", () => {
  it("is blocked by any existing file, generated or not, unless forced", () => {
    const text = generated.contents;
    expect(decideInitFile(generated, { kind: "file", text }, false)).toMatchObject({
      action: "refuse",
    });
    expect(decideInitFile(generated, { kind: "file", text: handWritten }, true)).toEqual({
      action: "change",
    });
    expect(decideInitFile(generated, { kind: "missing" }, false)).toEqual({ action: "create" });
  });
});
