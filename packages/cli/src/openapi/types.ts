/**
 * The parts of an OpenAPI 3.0/3.1 document the generator reads. Everything is optional because
 * input is untrusted: readers check shapes where they use them and report the JSON pointer.
 */

export interface ReferenceObject {
  $ref: string;
  summary?: string;
  description?: string;
}

export type SchemaType = "string" | "number" | "integer" | "boolean" | "array" | "object" | "null";

export interface SchemaObject {
  type?: SchemaType | SchemaType[];
  format?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  properties?: Record<string, SchemaObject | ReferenceObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject | ReferenceObject;
  items?: SchemaObject | ReferenceObject;
  prefixItems?: (SchemaObject | ReferenceObject)[];
  patternProperties?: Record<string, SchemaObject | ReferenceObject>;
  propertyNames?: SchemaObject | ReferenceObject;
  if?: SchemaObject | ReferenceObject;
  then?: SchemaObject | ReferenceObject;
  else?: SchemaObject | ReferenceObject;
  minItems?: number;
  allOf?: (SchemaObject | ReferenceObject)[];
  oneOf?: (SchemaObject | ReferenceObject)[];
  anyOf?: (SchemaObject | ReferenceObject)[];
  not?: SchemaObject | ReferenceObject;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  default?: unknown;
  example?: unknown;
  examples?: unknown;
  contentMediaType?: string;
  contentEncoding?: string;
  /** JSON Schema 2020-12: the schema of the value a string holds (with `contentMediaType`). */
  contentSchema?: SchemaObject | ReferenceObject;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  $ref?: string;
}

export type ParameterLocation = "path" | "query" | "header" | "cookie";

export interface ParameterObject {
  name: string;
  /** `querystring` is OpenAPI 3.2's: the whole query string as one value. */
  in: ParameterLocation | "querystring";
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  example?: unknown;
  schema?: SchemaObject | ReferenceObject;
  content?: Record<string, MediaTypeObject>;
  style?: string;
  explode?: boolean;
}

export interface MediaTypeObject {
  schema?: SchemaObject | ReferenceObject;
  /** OpenAPI 3.2: the schema of each item of a sequential media type (events, JSON lines). */
  itemSchema?: SchemaObject | ReferenceObject;
  encoding?: Record<string, EncodingObject>;
}

export interface EncodingObject {
  contentType?: string;
  style?: string;
  explode?: boolean;
}

export interface RequestBodyObject {
  description?: string;
  required?: boolean;
  content?: Record<string, MediaTypeObject>;
}

export interface ResponseObject {
  /** OpenAPI 3.2: a short text, written into the method's doc comment. */
  summary?: string;
  description?: string;
  content?: Record<string, MediaTypeObject>;
  headers?: Record<string, unknown>;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: (ParameterObject | ReferenceObject)[];
  requestBody?: RequestBodyObject | ReferenceObject;
  responses?: Record<string, ResponseObject | ReferenceObject>;
  servers?: ServerObject[];
}

export const HTTP_VERBS = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
  "query",
] as const;

export type HttpVerb = (typeof HTTP_VERBS)[number];

export type PathItemObject = {
  [verb in HttpVerb]?: OperationObject;
} & {
  /** OpenAPI 3.2: operations of other methods, keyed by the method token. */
  additionalOperations?: Record<string, OperationObject>;
  $ref?: string;
  summary?: string;
  description?: string;
  parameters?: (ParameterObject | ReferenceObject)[];
  servers?: ServerObject[];
};

export interface ServerObject {
  url: string;
  description?: string;
  /** `default` must be a string; documents write ports as numbers too (`8443`). */
  variables?: Record<string, { default: string | number; enum?: string[]; description?: string }>;
}

export interface TagObject {
  name: string;
  /** OpenAPI 3.2: `summary`, `parent` and `kind` go into the tag class's doc comment. */
  summary?: string;
  parent?: string;
  kind?: string;
  description?: string;
}

export interface OpenAPIDocument {
  openapi: string;
  info?: { title?: string; version?: string; description?: string };
  servers?: ServerObject[];
  /** Absent only in a 3.1 document that describes webhooks or components alone. */
  paths?: Record<string, PathItemObject>;
  components?: {
    schemas?: Record<string, SchemaObject | ReferenceObject>;
    parameters?: Record<string, ParameterObject | ReferenceObject>;
    requestBodies?: Record<string, RequestBodyObject | ReferenceObject>;
    responses?: Record<string, ResponseObject | ReferenceObject>;
    [section: string]: unknown;
  };
  tags?: TagObject[];
  [key: string]: unknown;
}
