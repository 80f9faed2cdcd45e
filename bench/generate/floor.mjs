// The floor Kit is measured against: `node floor.mjs <document> <out> <bytes> <files>` reads the
// document, parses it (JSON.parse, or the yaml package Kit uses for YAML), visits every value once
// and writes `bytes` bytes spread over `files` files into `out`, as many as Kit wrote. What Kit
// spends beyond this is the cost of generating; the ratio is printed next to the tools' table.
// The yaml package is loaded only for a YAML document: a JSON floor loads nothing but node:fs.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [input, out, bytesText, filesText] = process.argv.slice(2);
const text = readFileSync(input, "utf8");
const document = input.endsWith(".json") ? JSON.parse(text) : (await import("yaml")).parse(text);

let values = 0;
const stack = [document];
while (stack.length > 0) {
  const value = stack.pop();
  values++;
  if (value !== null && typeof value === "object") {
    for (const key in value) stack.push(value[key]);
  }
}

const bytes = Number(bytesText);
const files = Math.max(1, Number(filesText));
const per = Math.floor(bytes / files);
mkdirSync(out, { recursive: true });
for (let index = 0; index < files; index++) {
  const size = index === files - 1 ? bytes - per * (files - 1) : per;
  // The visit count goes into the output so the walk cannot be optimized away.
  const head = `// ${values}\n`;
  writeFileSync(join(out, `${index}.ts`), head.padEnd(size, "x").slice(0, size));
}
