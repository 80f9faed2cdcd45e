import { describe, expect, it } from "vitest";
import { bodyKind, chooseMediaType } from "../../src/model/media.js";

describe("bodyKind", () => {
  it.each([
    ["application/json", "json"],
    ["application/json; charset=utf-8", "json"],
    ["application/vnd.github+json", "json"],
    ["*/*", "json"],
    ["application/x-www-form-urlencoded", "form"],
    ["multipart/form-data", "multipart"],
    ["text/plain", "text"],
    ["text/csv", "text"],
    ["application/xml", "text"],
    ["application/octet-stream", "binary"],
    ["image/png", "binary"],
  ])("%s is %s", (mediaType, kind) => {
    expect(bodyKind(mediaType)).toBe(kind);
  });
});

describe("chooseMediaType", () => {
  it("prefers JSON, plain application/json above its variants", () => {
    expect(
      chooseMediaType(["application/xml", "application/vnd.x+json", "application/json"], "request"),
    ).toBe("application/json");
  });

  it("prefers a form over multipart over text over binary for requests", () => {
    expect(
      chooseMediaType(["multipart/form-data", "application/x-www-form-urlencoded"], "request"),
    ).toBe("application/x-www-form-urlencoded");
    expect(chooseMediaType(["image/png", "text/plain"], "request")).toBe("text/plain");
  });

  it("does not depend on the order it is given", () => {
    expect(chooseMediaType(["text/csv", "text/plain"], "response")).toBe("text/csv");
    expect(chooseMediaType(["text/plain", "text/csv"], "response")).toBe("text/csv");
  });

  it("returns undefined for no content", () => {
    expect(chooseMediaType([], "response")).toBeUndefined();
  });
});
