// Run with `node --test bench/test/`: the growth figures only mean something if the YAML copy
// holds the same document as the JSON one, and each scale really grows its dimension.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "yaml";
import { DIMENSIONS, jsonText, yamlText } from "../growth/documents.mjs";

for (const dimension of DIMENSIONS) {
  test(`${dimension.name}: the JSON and YAML texts parse to the same document`, () => {
    const value = dimension.build(dimension.count(1) / 50);
    assert.deepEqual(JSON.parse(jsonText(value)), value);
    assert.deepEqual(parse(yamlText(value), { maxAliasCount: -1 }), value);
  });

  test(`${dimension.name}: ×8 has five to nine times the bytes of ×1`, () => {
    for (const text of [jsonText, yamlText]) {
      const small = text(dimension.build(dimension.count(1))).length;
      const large = text(dimension.build(dimension.count(8))).length;
      assert.ok(large / small > 5 && large / small < 9, `${large / small}`);
    }
  });
}
