import { describe, expect, it } from "vitest";
import { joinURL, leavesOrigin } from "../src/core/url.js";

describe("routes written as absolute URLs (#33 class 7)", () => {
  it("joinURL takes an absolute right part whole: no baseURL, no class prefix", () => {
    expect(joinURL("https://api.example.test/v1", "https://files.example.test/v2/a")).toBe(
      "https://files.example.test/v2/a",
    );
    expect(joinURL("/pets", "http://127.0.0.1:8080/a")).toBe("http://127.0.0.1:8080/a");
    expect(joinURL("/api", "/a")).toBe("/api/a");
  });

  it("leavesOrigin: another origin, or any absolute URL beside a relative baseURL", () => {
    const base = "https://api.example.test/v1";
    expect(leavesOrigin("https://api.example.test/v1/a", base)).toBe(false);
    expect(leavesOrigin("https://api.example.test", base)).toBe(false);
    expect(leavesOrigin("https://API.example.test:443/upload", base)).toBe(false);
    expect(leavesOrigin("https://api.example.test.evil.test/a", base)).toBe(true);
    expect(leavesOrigin("https://api.example.test:8443/a", base)).toBe(true);
    expect(leavesOrigin("http://api.example.test/a", base)).toBe(true);
    expect(leavesOrigin("https://files.example.test/a", base)).toBe(true);
    expect(leavesOrigin("/api/a", "/api")).toBe(false);
    expect(leavesOrigin("https://files.example.test/a", "/api")).toBe(true);
  });
});
