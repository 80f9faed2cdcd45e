import { describe, expect, it } from "vitest";
import { formatLocation, KitGenerateError } from "../../src/errors.js";

describe("formatLocation", () => {
  it("names the pointer, the file and the line", () => {
    expect(formatLocation({ pointer: "#/paths", file: "api.yaml", line: 4 })).toBe(
      "#/paths (api.yaml:4)",
    );
  });

  it("keeps the line when the text came without a file name", () => {
    expect(formatLocation({ pointer: "#/paths", line: 4 })).toBe("#/paths (line 4)");
  });

  it("names only what it knows", () => {
    expect(formatLocation({ pointer: "#/openapi" })).toBe("#/openapi");
    expect(formatLocation({ file: "api.json" })).toBe("api.json");
    expect(formatLocation({})).toBe("");
  });
});

describe("KitGenerateError", () => {
  it("puts the place in front of the message, on one line", () => {
    const error = new KitGenerateError("missing paths", {
      pointer: "#/paths",
      file: "a.yaml",
      line: 1,
    });
    expect(error.message).toBe("#/paths (a.yaml:1): missing paths");
    expect(error.exitCode).toBe(1);
  });
});

describe("one line, whatever the document holds", () => {
  it("escapes line breaks and other control characters of a pointer", () => {
    expect(formatLocation({ pointer: "#/components/schemas/A/properties/x\r\ny\u2028z" })).toBe(
      "#/components/schemas/A/properties/x\\u000d\\u000ay\\u2028z",
    );
  });

  it("escapes them in the message too", () => {
    const error = new KitGenerateError('$ref "a\nb" is not local', { pointer: "#/paths" });
    expect(error.message).toBe('#/paths: $ref "a\\u000ab" is not local');
  });
});
