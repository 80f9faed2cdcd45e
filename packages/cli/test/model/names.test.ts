import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  camelCase,
  kebabCase,
  NameScope,
  pascalCase,
  placeholderKey,
  typeName,
  variableName,
} from "../../src/model/names.js";

describe("name casing", () => {
  it("breaks words at separators and case changes", () => {
    expect(camelCase("pet store")).toBe("petStore");
    expect(camelCase("get-user.by id")).toBe("getUserById");
    expect(camelCase("HTTPServer")).toBe("httpServer");
    expect(pascalCase("pet_status")).toBe("PetStatus");
    expect(pascalCase("PetDTO")).toBe("PetDTO");
    expect(kebabCase("Pet Store")).toBe("pet-store");
    expect(kebabCase("pet-store")).toBe("pet-store");
  });

  it("drops every character that is not an ASCII letter or digit", () => {
    expect(camelCase("../x")).toBe("x");
    expect(kebabCase('a"b/c\\d')).toBe("a-b-c-d");
    expect(camelCase("用户管理")).toBe("");
  });
});

describe("a process that names many documents", () => {
  it("does not keep every text it ever split", () => {
    setFlagsFromString("--expose-gc");
    const collectGarbage = runInNewContext("gc") as () => void;
    const heapAfterCollecting = () => {
      collectGarbage();
      collectGarbage();
      return process.memoryUsage().heapUsed;
    };
    const before = heapAfterCollecting();
    // About 70 MB of texts and their words, if every one were kept. Each name is compared here
    // and the wrong ones collected: an expect per name would cost more than the names.
    const wrong: string[] = [];
    for (let index = 0; index < 100_000; index++) {
      const text = `operation ${index} of tag ${"named thing ".repeat(8)}${index}`;
      const name = camelCase(text);
      if (name !== `operation${index}OfTag${"NamedThing".repeat(8)}${index}`) wrong.push(name);
    }
    expect(wrong).toEqual([]);
    expect(heapAfterCollecting() - before).toBeLessThan(30_000_000);
  });
});

describe("variableName", () => {
  it("suffixes reserved words and prefixes leading digits", () => {
    expect(variableName("class", "param")).toBe("class_");
    expect(variableName("default", "param")).toBe("default_");
    expect(variableName("2fa", "param")).toBe("_2fa");
    expect(variableName("X-Request-Id", "param")).toBe("xRequestId");
  });

  it("falls back when no word survives", () => {
    expect(variableName("$$", "param")).toBe("param");
  });
});

describe("typeName", () => {
  it("PascalCases component names and guards leading digits", () => {
    expect(typeName("user-profile", "Schema")).toBe("UserProfile");
    expect(typeName("404Error", "Schema")).toBe("_404Error");
    expect(typeName("名前", "Schema")).toBe("Schema");
  });
});

describe("placeholderKey", () => {
  it("keeps valid identifiers and replaces other characters with _", () => {
    expect(placeholderKey("user_id")).toBe("user_id");
    expect(placeholderKey("pet-id")).toBe("pet_id");
    expect(placeholderKey("1st")).toBe("_1st");
  });
});

describe("NameScope", () => {
  it("gives the first asker the name and later ones numeric suffixes", () => {
    const scope = new NameScope();
    expect(scope.claim("get")).toBe("get");
    expect(scope.claim("get")).toBe("get2");
    expect(scope.claim("get")).toBe("get3");
  });

  it("skips suffixed names that are already taken", () => {
    const scope = new NameScope();
    scope.reserve("Pet2");
    scope.claim("Pet");
    expect(scope.claim("Pet")).toBe("Pet3");
  });

  it("folds names that must not coexist", () => {
    const scope = new NameScope((name) => name.toLowerCase());
    scope.claim("pet");
    expect(scope.claim("Pet", (n) => `-${n}`)).toBe("Pet-2");
  });
});
