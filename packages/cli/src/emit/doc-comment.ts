/**
 * A doc comment from untrusted text: `*\/` cannot end it early and a line starting with `@`
 * cannot become a tag. `tags` are the generator's own lines (`@deprecated`, `@param id …`): the
 * tag stays, document text after it is cleaned as well.
 * Returns no lines when there is nothing to say.
 */
export function docComment(
  paragraphs: readonly unknown[],
  indent: string,
  tags: readonly string[] = [],
): string[] {
  // Paragraphs come from the document as they are: a `description` may hold any JSON value.
  const blocks = paragraphs
    .map((paragraph) => (typeof paragraph === "string" ? cleanLines(paragraph) : []))
    .filter((lines) => lines.length > 0);
  if (tags.length > 0) blocks.push(tags.flatMap(tagLines));
  if (blocks.length === 0) return [];
  const lines = blocks.flatMap((block, index) => (index === 0 ? block : ["", ...block]));
  if (lines.length === 1) return [`${indent}/** ${lines[0]} */`];
  return [
    `${indent}/**`,
    ...lines.map((line) => (line === "" ? `${indent} *` : `${indent} * ${line}`)),
    `${indent} */`,
  ];
}

/** Anything that needs more than trimming: a line break, a comment end or a tag sign. */
const NEEDS_CLEANING = /[\n\r\u2028\u2029@]|\*\//;

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/;

/**
 * A tag line the generator wrote (`@param id …`, `@default "…"`): document text in it cannot end
 * the comment, and its further lines are cleaned as any text, so none of them becomes a tag.
 */
function tagLines(tag: string): string[] {
  if (!NEEDS_CLEANING.test(tag.slice(1))) return [tag];
  const [head = "", ...rest] = tag.split(LINE_BREAK);
  return [head.replaceAll("*/", "*\\/").trimEnd(), ...cleanLines(rest.join("\n"))];
}

function cleanLines(text: string): string[] {
  if (!NEEDS_CLEANING.test(text)) {
    const line = text.trimEnd();
    return line.trim() === "" ? [] : [line];
  }
  const lines = text
    .split(LINE_BREAK)
    .map((line) => line.replaceAll("*/", "*\\/").trimEnd())
    .map((line) => (line.trimStart().startsWith("@") ? `\\${line.trimStart()}` : line));
  while (lines.length > 0 && lines[0]!.trim() === "") lines.shift();
  while (lines.length > 0 && lines.at(-1)!.trim() === "") lines.pop();
  return lines;
}
