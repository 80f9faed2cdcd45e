import { describe, expect, it } from "vitest";
import { docComment } from "../../src/emit/doc-comment.js";

describe("docComment", () => {
  it("prints one line as a one-line comment and nothing for no text", () => {
    expect(docComment(["Find pet"], "  ")).toEqual(["  /** Find pet */"]);
    expect(docComment([undefined, "  \n "], "")).toEqual([]);
  });

  it("separates paragraphs with an empty line and puts tags last", () => {
    expect(docComment(["Summary", "GET /pet"], "", ["@deprecated"])).toEqual([
      "/**",
      " * Summary",
      " *",
      " * GET /pet",
      " *",
      " * @deprecated",
      " */",
    ]);
  });

  it("cannot be closed early and cannot gain tags from document text", () => {
    const lines = docComment(["a */ b\r\n  @internal\n@see x"], "");
    expect(lines).toEqual(["/**", " * a *\\/ b", " * \\@internal", " * \\@see x", " */"]);
    expect(lines.join("\n").indexOf("*/")).toBe(lines.join("\n").length - 2);
  });
});
