export { type ExampleResponse, exampleResponse } from "./example-response.js";
export { type ExampleOptions, exampleValue } from "./example-value.js";
export { type Direction, toJsonSchemaDocument } from "./json-schema.js";
export {
  type ProblemKind,
  type RequestProblem,
  RequestValidator,
  type WireRequest,
} from "./request-validator.js";
export { SchemaCheck } from "./schema-check.js";
