/** The `…Examples` object of a handler file, read as the JSON it is written as. */
export function examplesOf(contents: string): Record<string, unknown> {
  const start = contents.indexOf("Examples = {") + "Examples = ".length;
  const end = contents.indexOf("\n};\n", start) + 2;
  const text = contents.slice(start, end).replace(/ satisfies \w+/g, "");
  // The last entry's trailing comma is TypeScript, not JSON.
  return JSON.parse(text.replace(/,\n\}$/, "\n}"));
}

/** Each handler of a handler file: its method name, verb and path (`:name` for a parameter). */
export function routesOf(contents: string): { name: string; verb: string; path: string }[] {
  return [...contents.matchAll(/http\.(\w+)\(`\$\{baseUrl\}([^`]*)`, resolvers\["([^"]+)"\]/g)].map(
    ([, verb, path, name]) => ({ name: name!, verb: verb!, path: path! }),
  );
}
