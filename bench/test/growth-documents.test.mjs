// Run with `node --test bench/test/`: the growth figures only mean something if the YAML copy
// holds the same document as the JSON one, and each scale really grows its dimension.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "yaml";
import { DIMENSIONS, yamlText } from "../growth/documents.mjs";

for (const dimension of DIMENSIONS) {
  test(`${dimension.name}: the YAML text parses to the same document`, () => {
    const value = dimension.build(dimension.count(1) / 50);
    assert.deepEqual(parse(yamlText(value), { maxAliasCount: -1 }), value);
  });

  test(`${dimension.name}: ×8 is about eight times as large as ×1`, () => {
    const small = JSON.stringify(dimension.build(dimension.count(1))).length;
    const large = JSON.stringify(dimension.build(dimension.count(8))).length;
    assert.ok(large / small > 7 && large / small < 9, `${large / small}`);
  });
}
