import { KitGenerateError } from "../errors.js";
import { isObject } from "./is-object.js";
import { assertOnlyLocalReferences } from "./local-refs.js";
import { pointerOf, ROOT_POINTER } from "./pointer.js";
import type { Locate } from "./refs.js";
import type { OpenAPIDocument } from "./types.js";

const SUPPORTED_VERSION = /^3\.[012]\.\d+$/;

/**
 * Checks what every later stage relies on: an OpenAPI 3.0/3.1/3.2 document with a `paths` object
 * (3.1 and 3.2 may leave it out) and
 * only local references. Deeper shapes are checked where they are read. `isTree` says no object
 * appears twice (see `ParsedText`).
 */
export function validateOpenAPIDocument(
  value: unknown,
  locate: Locate,
  isTree: boolean,
): OpenAPIDocument {
  if (!isObject(value)) {
    throw new KitGenerateError(
      `expected an OpenAPI document (an object with "openapi" and "paths"), got ${describe(value)}`,
      locate(ROOT_POINTER),
    );
  }
  if (Object.hasOwn(value, "swagger")) {
    throw new KitGenerateError(
      `Swagger ${String(value.swagger)} documents are not supported; convert it to OpenAPI 3 first (for example with swagger2openapi)`,
      locate(pointerOf("swagger")),
    );
  }
  if (typeof value.openapi !== "string" || !SUPPORTED_VERSION.test(value.openapi)) {
    throw new KitGenerateError(
      `expected an OpenAPI version 3.0.x, 3.1.x or 3.2.x, got ${describe(value.openapi)}`,
      locate(pointerOf("openapi")),
    );
  }
  // OpenAPI 3.1 makes `paths` optional when the document describes webhooks or components.
  const pathsOptional =
    !value.openapi.startsWith("3.0.") &&
    value.paths === undefined &&
    (isObject(value.webhooks) || isObject(value.components));
  if (!pathsOptional && !isObject(value.paths)) {
    throw new KitGenerateError(
      `expected a "paths" object, got ${describe(value.paths)}`,
      locate(pointerOf("paths")),
    );
  }
  assertOnlyLocalReferences(value, locate, isTree);
  return value as OpenAPIDocument;
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "an array";
  if (isObject(value)) return "an object";
  if (typeof value === "string")
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return String(value);
}
