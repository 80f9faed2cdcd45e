/** One broken property for one generated document. */
export interface Failure {
  property: "throws" | "output-path" | "shuffle" | "compile" | "roundtrip";
  /** The failure with the document's own strings and numbers blanked out, to count distinct bugs. */
  signature: string;
  /** The full text, for the report. */
  detail: string;
}

export function failure(property: Failure["property"], detail: string): Failure {
  return { property, signature: `${property}: ${normalize(detail)}`, detail };
}

/** Quoted text, numbers and pointers differ per document; the shape of the message does not. */
function normalize(detail: string): string {
  return detail
    .split("\n", 1)[0]!
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, "…")
    .replace(/#\/\S*/g, "#…")
    .replace(/^\w+\.\w+ (?:\([^)]*\): )?/, "")
    .replace(/\[[^\]]*\]/g, "[…]")
    .replace(/:[A-Za-z_$][\w$]*/g, ":…")
    .replace(/case-\d+\/\S*/g, "…")
    .replace(/\d+/g, "N")
    .slice(0, 160);
}
