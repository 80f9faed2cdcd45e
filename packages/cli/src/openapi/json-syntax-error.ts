export interface JsonSyntaxError {
  offset: number;
  reason: string;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ["true", "false", "null"];
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const HEX4 = /[0-9a-fA-F]{4}/y;

class Failure {
  constructor(readonly error: JsonSyntaxError) {}
}

/**
 * Finds the first syntax error in text that `JSON.parse` rejected. Node 20's messages do not
 * always carry a position, and users need a line and column to fix the file.
 * Iterative, so hostile nesting depth cannot overflow the stack.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  try {
    scanDocument(text);
    return undefined;
  } catch (thrown) {
    if (thrown instanceof Failure) return thrown.error;
    throw thrown;
  }
}

function scanDocument(text: string): void {
  const fail = (offset: number, expected?: string): never => {
    const found = offset >= text.length ? "end of input" : JSON.stringify(text[offset]);
    throw new Failure({
      offset,
      reason: `unexpected ${found}${expected ? ` (expected ${expected})` : ""}`,
    });
  };
  const skipSpace = (from: number): number => {
    let at = from;
    while (at < text.length && " \t\n\r".includes(text[at]!)) at++;
    return at;
  };
  const scanString = (from: number): number => {
    let at = from + 1;
    while (at < text.length) {
      const char = text[at]!;
      if (char === '"') return at + 1;
      if (char === "\\") {
        const escaped = text[at + 1];
        if (escaped === "u") {
          HEX4.lastIndex = at + 2;
          if (!HEX4.test(text)) fail(at, "four hex digits after \\u");
          at += 6;
          continue;
        }
        if (escaped === undefined || !ESCAPES.has(escaped)) fail(at + 1, "an escape character");
        at += 2;
        continue;
      }
      if (char < " ") fail(at, 'a string character or "');
      at++;
    }
    return fail(at, '"');
  };
  const scanKey = (from: number): number => {
    if (text[from] !== '"') fail(from, "a property name in double quotes");
    const afterKey = skipSpace(scanString(from));
    if (text[afterKey] !== ":") fail(afterKey, '":"');
    return skipSpace(afterKey + 1);
  };

  const open: string[] = [];
  let at = skipSpace(0);
  for (;;) {
    const char = text[at];
    if (char === "{" || char === "[") {
      at = skipSpace(at + 1);
      const close = char === "{" ? "}" : "]";
      if (text[at] !== close) {
        open.push(close);
        if (close === "}") at = scanKey(at);
        continue;
      }
      at++;
    } else if (char === '"') {
      at = scanString(at);
    } else {
      NUMBER.lastIndex = at;
      const literal = LITERALS.find((word) => text.startsWith(word, at));
      if (literal) at += literal.length;
      else if (NUMBER.test(text)) at = NUMBER.lastIndex;
      else fail(at, "a value");
    }
    // A value ended: close containers until one continues with a comma.
    for (;;) {
      at = skipSpace(at);
      const close = open.at(-1);
      if (close === undefined) {
        if (at < text.length) fail(at, "end of input");
        return;
      }
      if (text[at] === close) {
        open.pop();
        at++;
        continue;
      }
      if (text[at] !== ",") fail(at, `"," or "${close}"`);
      at = skipSpace(at + 1);
      if (close === "}") at = scanKey(at);
      break;
    }
  }
}
