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

  it("keeps the tags together in one block, the same tag twice included", () => {
    const tags = ["@deprecated", "@param to Mail to a@b.example", "@deprecated"];
    expect(docComment(["Text"], "  ", tags)).toEqual([
      "  /**",
      "   * Text",
      "   *",
      "   * @deprecated",
      "   * @param to Mail to a@b.example",
      "   * @deprecated",
      "   */",
    ]);
  });

  it("keeps document text after a tag from closing the comment or starting a tag", () => {
    const tags = ['@default "*/"', "@param id The id */\n@internal\nDefault: 1", "@deprecated"];
    expect(docComment([], "", tags)).toEqual([
      "/**",
      ' * @default "*\\/"',
      " * @param id The id *\\/",
      " * \\@internal",
      " * Default: 1",
      " * @deprecated",
      " */",
    ]);
  });

  it("cannot be closed early and cannot gain tags from document text", () => {
    const lines = docComment(["a */ b\r\n  @internal\n@see x"], "");
    expect(lines).toEqual(["/**", " * a *\\/ b", " * \\@internal", " * \\@see x", " */"]);
    expect(lines.join("\n").indexOf("*/")).toBe(lines.join("\n").length - 2);
  });

  it("escapes every @ that TypeScript would read as a tag, at a line start or mid-line", () => {
    const lines = docComment(["* @deprecated old\nsee @internal, mail a@b.example"], "", [
      "@param id Text @deprecated",
    ]);
    expect(lines).toEqual([
      "/**",
      " * * \\@deprecated old",
      " * see \\@internal, mail a@b.example",
      " *",
      " * @param id Text \\@deprecated",
      " */",
    ]);
  });
});
