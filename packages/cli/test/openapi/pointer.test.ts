import { describe, expect, test } from "vitest";
import { appendPointer, pointerOf, pointerSegments } from "../../src/openapi/pointer.js";

describe("JSON pointers", () => {
  test("escape ~ and / in segments as RFC 6901 requires", () => {
    expect(pointerOf("paths", "/pets/{id}", "get")).toBe("#/paths/~1pets~1{id}/get");
    expect(pointerOf("components", "schemas", "a~b")).toBe("#/components/schemas/a~0b");
    expect(appendPointer("#/paths/~1pets", "get", "parameters", 0)).toBe(
      "#/paths/~1pets/get/parameters/0",
    );
    expect(appendPointer("#/paths/~1pets", "a/b~c")).toBe("#/paths/~1pets/a~1b~0c");
    expect(appendPointer("#/paths/~1pets")).toBe("#/paths/~1pets");
  });

  test("the root is #", () => {
    expect(pointerOf()).toBe("#");
    expect(pointerSegments("#")).toEqual([]);
  });

  test("segments read back exactly what was written, including ~1 written literally", () => {
    const segments = ["paths", "/a~1b/~0", "", "100%"];
    expect(pointerSegments(pointerOf(...segments))).toEqual(segments);
  });
});
