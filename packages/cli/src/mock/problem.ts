import { pointerSegments } from "../openapi/pointer.js";
import type { RequestProblem } from "../wire/request-validator.js";

/** One violation as Prism reports it: where (a JSON pointer and Prism's location array) and what. */
export interface Violation {
  location: string[];
  pointer: string;
  severity: "Error";
  code: string;
  message: string;
}

/** An RFC 9457 problem document, the shape Prism answers with. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  validation?: Violation[];
}

const TYPE = "urn:kit:mock:";

/** The 422 answer to a request the document does not allow, listing every violation. */
export function invalidRequest(problems: readonly RequestProblem[]): Problem {
  return {
    type: `${TYPE}UNPROCESSABLE_ENTITY`,
    title: "Invalid request",
    status: 422,
    detail: `The request does not match the document: ${problems.length} violation${problems.length === 1 ? "" : "s"}.`,
    validation: problems.map((problem) => ({
      location: pointerSegments(problem.location),
      pointer: problem.location,
      severity: "Error",
      code: problem.kind,
      message: problem.message,
    })),
  };
}

export function problem(status: number, code: string, title: string, detail: string): Problem {
  return { type: `${TYPE}${code}`, title, status, detail };
}
