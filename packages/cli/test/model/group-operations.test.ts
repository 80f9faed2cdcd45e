import { describe, expect, it } from "vitest";
import { buildOperations } from "../../src/model/build-operations.js";
import { groupOperations } from "../../src/model/group-operations.js";
import { Warnings } from "../../src/model/warnings.js";
import { inlineDocument } from "../support/fixtures.js";

const ok = { responses: { "204": { description: "ok" } } };

function groupsOf(paths: Record<string, unknown>, warnings = new Warnings()) {
  return groupOperations(buildOperations(inlineDocument({ paths }), { warnings }), { warnings });
}

describe("groupOperations", () => {
  it("names file, class and instance after the tag", () => {
    const [group] = groupsOf({ "/s": { get: { ...ok, tags: ["pet store"] } } });
    expect(group).toMatchObject({
      fileName: "pet-store",
      className: "PetStoreApi",
      instanceName: "petStoreApi",
      renamed: false,
    });
  });

  it("puts an operation with two tags into both classes", () => {
    const groups = groupsOf({ "/s": { get: { ...ok, tags: ["b", "a"] } } });
    expect(groups.map((group) => [group.tag, group.methods.length])).toEqual([
      ["a", 1],
      ["b", 1],
    ]);
  });

  it("suffixes tags that sanitize alike, in sorted order of the tag text, with one warning each", () => {
    const warnings = new Warnings();
    const groups = groupsOf(
      {
        "/a": { get: { ...ok, tags: ["pet-store"] } },
        "/b": { get: { ...ok, tags: ["pet store"] } },
        "/c": { get: { ...ok, tags: ["pet"] } },
        "/d": { get: { ...ok, tags: ["Pet"] } },
      },
      warnings,
    );
    expect(groups.map((group) => [group.tag, group.fileName, group.className])).toEqual([
      ["Pet", "pet", "PetApi"],
      ["pet", "pet-2", "Pet2Api"],
      ["pet store", "pet-store", "PetStoreApi"],
      ["pet-store", "pet-store-2", "PetStore2Api"],
    ]);
    expect(warnings.messages).toHaveLength(2);
  });

  it("never lets a tag leave the output folders", () => {
    const groups = groupsOf({
      "/a": { get: { ...ok, tags: [".."] } },
      "/b/c": { get: { ...ok, tags: ["../../etc/x"] } },
      "/d": { get: { ...ok, tags: ["a\\b"] } },
    });
    for (const group of groups) expect(group.fileName).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(groups.map((group) => group.fileName)).toEqual([
      expect.stringMatching(/^tag-[a-z]+$/),
      "etc-x",
      "a-b",
    ]);
  });

  it("names a tag without ASCII words by a stable hash of its text, which no added or removed operation changes", () => {
    const warnings = new Warnings();
    const [before] = groupsOf(
      {
        "/auth/login": { post: { ...ok, tags: ["认证"] } },
        "/auth/login/sms": { post: { ...ok, tags: ["认证"] } },
        "/auth/logout": { post: { ...ok, tags: ["认证"] } },
      },
      warnings,
    );
    // The operations' last shared path segment once named it: removing /auth/logout renamed
    // AuthApi to LoginApi.
    const [after] = groupsOf({
      "/auth/login": { post: { ...ok, tags: ["认证"] } },
      "/auth/login/sms": { post: { ...ok, tags: ["认证"] } },
    });
    expect(before!.fileName).toMatch(/^tag-[a-z]+$/);
    expect(after).toMatchObject({
      fileName: before!.fileName,
      className: before!.className,
      instanceName: before!.instanceName,
      renamed: true,
    });
    expect(warnings.messages).toEqual([
      `#/paths/~1auth~1login/post/tags: tag "认证" has no ASCII letters or digits, so its file and class are named by a hash of its text (apis/${before!.fileName}.api.ts), which no added or removed operation changes; give it a readable name in the config file: tagNames: { "认证": "auth" }`,
    ]);
  });

  it("takes the name the team pinned for a tag", () => {
    const warnings = new Warnings();
    const paths = { "/auth/login": { post: { ...ok, tags: ["认证"] } } };
    const operations = buildOperations(inlineDocument({ paths }), { warnings });
    const [group] = groupOperations(operations, { warnings, tagNames: { 认证: "auth" } });
    expect(group).toMatchObject({
      fileName: "auth",
      className: "AuthApi",
      instanceName: "authApi",
      renamed: true,
    });
    expect(warnings.messages).toEqual([]);
  });

  it("uses whole literal segments as the prefix, keeping trailing slashes in method paths", () => {
    const [group] = groupsOf({
      "/pet": { get: { ...ok, tags: ["pet"] } },
      "/pet/": { post: { ...ok, tags: ["pet"] } },
      "/pet/{id}": { get: { ...ok, tags: ["pet"] } },
      "/petstore": { get: { ...ok, tags: ["pet"] } },
    });
    // `/petstore` shares the characters `/pet` but not the segment, so the prefix is empty.
    expect(group!.prefix).toBe("");
    const [withoutStore] = groupsOf({
      "/pet": { get: { ...ok, tags: ["pet"] } },
      "/pet/": { post: { ...ok, tags: ["pet"] } },
      "/pet/{id}": { get: { ...ok, tags: ["pet"] } },
    });
    expect(withoutStore!.prefix).toBe("/pet");
    expect(withoutStore!.methods.map((method) => method.path)).toEqual(["", "/", "/:id"]);
  });

  it("never puts a placeholder into the prefix and gives a single operation an empty prefix", () => {
    const groups = groupsOf({
      "/{a}/x": { get: { ...ok, tags: ["t"] } },
      "/{a}/y": { get: { ...ok, tags: ["t"] } },
      "/single/path": { get: { ...ok, tags: ["u"] } },
    });
    expect(groups.map((group) => group.prefix)).toEqual(["", ""]);
    expect(groups[1]!.methods[0]!.path).toBe("/single/path");
  });

  it("turns placeholders into the runtime's :name form, sanitized like @Params keys", () => {
    const [group] = groupsOf({
      "/v1/{name}:cancel/{pet-id}.{ext}": { post: { ...ok, tags: ["t"] } },
    });
    expect(group!.methods[0]!.path).toBe("/v1/:name:cancel/:pet_id.:ext");
  });

  it("names methods from operationId, else verb and path, suffixing duplicates in path order", () => {
    const [group] = groupsOf({
      "/a": { get: { ...ok, tags: ["t"], operationId: "same" } },
      "/b": { get: { ...ok, tags: ["t"], operationId: "same" } },
      "/pets/{petId}": { delete: { ...ok, tags: ["t"] } },
    });
    expect(group!.methods.map((method) => method.name)).toEqual([
      "same",
      "same2",
      "deletePetsByPetId",
    ]);
  });
});

describe("method names the API proxy could not answer", () => {
  it("get a trailing _", () => {
    const [group] = groupsOf({
      "/a": { get: { ...ok, tags: ["t"], operationId: "then" } },
      "/b": { get: { ...ok, tags: ["t"], operationId: "constructor" } },
    });
    expect(group!.methods.map((method) => method.name)).toEqual(["then_", "constructor_"]);
  });
});

describe("a tag starting with a digit", () => {
  it("gets a tag- prefix so class and instance are identifiers that differ", () => {
    const [group] = groupsOf({ "/codes": { get: { ...ok, tags: ["2fa"] } } });
    expect(group).toMatchObject({
      fileName: "tag-2fa",
      className: "Tag2faApi",
      instanceName: "tag2faApi",
    });
  });
});

describe("file names that a file system refuses", () => {
  it("are never Windows device names, whatever the case", () => {
    const tags = ["CON", "aux", "NUL", "com1", "LPT9", "prn", "Com0"];
    const groups = groupsOf({ "/d": { get: { ...ok, tags } } });
    expect(groups.map((group) => [group.tag, group.fileName, group.className])).toEqual([
      ["CON", "tag-con", "TagConApi"],
      ["Com0", "tag-com0", "TagCom0Api"],
      ["LPT9", "tag-lpt9", "TagLpt9Api"],
      ["NUL", "tag-nul", "TagNulApi"],
      ["aux", "tag-aux", "TagAuxApi"],
      ["com1", "tag-com1", "TagCom1Api"],
      ["prn", "tag-prn", "TagPrnApi"],
    ]);
  });

  it("keeps words that only contain a device name", () => {
    const [group] = groupsOf({ "/d": { get: { ...ok, tags: ["console"] } } });
    expect(group!.fileName).toBe("console");
  });

  it("shortens a long tag to 64 characters ending in a hash of the whole tag", () => {
    const long = `${"very ".repeat(47)}long`;
    const other = `${"very ".repeat(47)}longer`;
    const groups = groupsOf({ "/l": { get: { ...ok, tags: [long, other] } } });
    const names = groups.map((group) => group.fileName);
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(64);
      expect(name).toMatch(/^very-very-[a-z-]+-[a-z]{1,7}$/);
    }
    expect(new Set(names).size).toBe(2);
    expect(groups.map((group) => group.renamed)).toEqual([true, true]);
    const again = groupsOf({ "/l": { get: { ...ok, tags: [other, long] } } });
    expect(again.map((group) => group.fileName)).toEqual(names);
  });
});
