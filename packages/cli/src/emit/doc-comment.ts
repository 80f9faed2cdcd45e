/**
 * A doc comment from untrusted text: `*\/` cannot end it early and no `@` in it can start a tag.
 * `tags` are the generator's own lines (`@deprecated`, `@param id …`): the tag stays, document
 * text after it is cleaned as well.
 * Returns no lines when there is nothing to say.
 */
export function docComment(
  paragraphs: readonly unknown[],
  indent: string,
  tags: readonly string[] = [],
): string[] {
  // Blocks of lines, an empty line between two. Paragraphs come from the document as they are:
  // a `description` may hold any JSON value.
  const lines: string[] = [];
  const addBlock = (block: readonly string[]) => {
    if (block.length === 0) return;
    if (lines.length > 0) lines.push("");
    for (const line of block) lines.push(line);
  };
  for (const paragraph of paragraphs) {
    if (typeof paragraph === "string") addBlock(cleanLines(paragraph));
  }
  const tagged: string[] = [];
  for (const tag of tags) for (const line of tagLines(tag)) tagged.push(line);
  addBlock(tagged);
  if (lines.length === 0) return [];
  if (lines.length === 1) return [`${indent}/** ${lines[0]} */`];
  const comment = [`${indent}/**`];
  for (const line of lines) comment.push(line === "" ? `${indent} *` : `${indent} * ${line}`);
  comment.push(`${indent} */`);
  return comment;
}

/** Anything that needs more than trimming: a line break, a comment end or a tag sign. */
const NEEDS_CLEANING = /[\n\r\u2028\u2029@]|\*\//;

/** The same, after a tag's own leading `@`. */
const TAG_NEEDS_CLEANING = /[\n\r\u2028\u2029]|(?<!^)@|\*\//;

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/;

/**
 * An `@` where TypeScript reads a tag: at the start of a line (after the comment's `*`), or after
 * white space as TypeScript counts it (any Unicode space, U+0085, U+200B), so `* @deprecated` and
 * `text @internal` in a description are tags unless escaped. Elsewhere (`a@b.example`,
 * `` `@high` ``, `**@mention**`) an `@` is text, and stays as written.
 */
const TAG_SIGN = /(?<=^|[\s\u0085\u200B])@/g;

/**
 * A tag line the generator wrote (`@param id …`, `@default "…"`): document text in it cannot end
 * the comment, and its further lines are cleaned as any text, so none of them becomes a tag.
 */
function tagLines(tag: string): string[] {
  if (!TAG_NEEDS_CLEANING.test(tag)) return [tag];
  const [head = "", ...rest] = tag.split(LINE_BREAK);
  const cleanHead = `@${head.slice(1).replaceAll("*/", "*\\/").replace(TAG_SIGN, "\\@")}`;
  return [cleanHead.trimEnd(), ...cleanLines(rest.join("\n"))];
}

function cleanLines(text: string): string[] {
  if (!NEEDS_CLEANING.test(text)) {
    const line = text.trimEnd();
    return line.trim() === "" ? [] : [line];
  }
  const lines = text.split(LINE_BREAK).map((raw) => {
    const line = raw.replaceAll("*/", "*\\/").trimEnd();
    const start = line.trimStart();
    return (start.startsWith("@") ? start : line).replace(TAG_SIGN, "\\@");
  });
  while (lines.length > 0 && lines[0]!.trim() === "") lines.shift();
  while (lines.length > 0 && lines.at(-1)!.trim() === "") lines.pop();
  return lines;
}
