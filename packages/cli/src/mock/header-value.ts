/**
 * `text` as a valid HTTP header value: characters Node refuses (controls, anything beyond
 * Latin-1) are percent-encoded, so a header the document supplies cannot crash the answer.
 */
export function headerValue(text: string): string {
  // A lone surrogate has no UTF-8 form; it stands as U+FFFD.
  return text.replace(/[^\t\u0020-\u007e\u0080-\u00ff]/gu, (char) =>
    encodeURIComponent(/[\ud800-\udfff]/u.test(char) ? "\ufffd" : char),
  );
}
