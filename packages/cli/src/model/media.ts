import type { LoadedDocument } from "../openapi/load.js";
import { dereference } from "../openapi/refs.js";
import type { SchemaAt } from "./schema-input.js";

/** How a body travels on the wire; decides decorators and the TypeScript type of a payload. */
export type BodyKind = "json" | "form" | "multipart" | "text" | "binary";

/** Kinds a request body is generated for, best first, when an operation offers several. */
const REQUEST_PREFERENCE: readonly BodyKind[] = ["json", "form", "multipart", "text", "binary"];

/** Kinds a response is read as, best first; forms are never responses in practice. */
const RESPONSE_PREFERENCE: readonly BodyKind[] = ["json", "text", "binary", "form", "multipart"];

/** The lowercase `type/subtype` without parameters (`; charset=utf-8`). */
export function essence(mediaType: string): string {
  return mediaType.split(";", 1)[0]!.trim().toLowerCase();
}

/**
 * `*\/*` and `application/*` are read as JSON because that is what such APIs almost always
 * return and what the runtime sends by default; XML is text since it is read as a string.
 */
export function bodyKind(mediaType: string): BodyKind {
  const type = essence(mediaType);
  if (
    type === "application/json" ||
    type.endsWith("+json") ||
    type === "text/json" ||
    type === "*/*" ||
    type === "application/*"
  ) {
    return "json";
  }
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  if (type.startsWith("text/") || type === "application/xml" || type.endsWith("+xml")) {
    return "text";
  }
  return "binary";
}

/**
 * The media type to generate for: the best kind by preference; among equals, plain
 * `application/json` first, then the first in sorted order so key order never matters.
 */
export function chooseMediaType(
  mediaTypes: Iterable<string>,
  use: "request" | "response",
): string | undefined {
  const preference = use === "request" ? REQUEST_PREFERENCE : RESPONSE_PREFERENCE;
  let best: string | undefined;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const mediaType of [...mediaTypes].sort()) {
    const rank =
      preference.indexOf(bodyKind(mediaType)) * 2 +
      (essence(mediaType) === "application/json" ? 0 : 1);
    if (rank < bestRank) {
      best = mediaType;
      bestRank = rank;
    }
  }
  return best;
}

/** A media range a server fills with whatever it produces (springdoc writes `*\/*` for any return). */
export function isMediaRange(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === "*/*" || type.endsWith("/*");
}

/**
 * How a response is read: by its media type, except that a media range (`*\/*`, `text/*`,
 * `application/*`) whose schema is a string is text, and a binary string (`format: binary`) under a
 * range or a JSON media type is a Blob: springdoc documents a controller returning `String` as
 * `*\/*` with `{ type: string }`, and its server answers `text/plain`; bytes declared as
 * `application/json` are bytes, as such a request body is sent.
 */
export function responseKind(
  loaded: LoadedDocument,
  mediaType: string,
  schema: SchemaAt | undefined,
): BodyKind {
  const kind = bodyKind(mediaType);
  const range = isMediaRange(mediaType);
  if ((!range && kind !== "json") || schema === undefined) return kind;
  const resolved = dereference(loaded, schema.schema, schema.pointer).schema;
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  if (!types.includes("string") || types.some((type) => type !== "string" && type !== "null"))
    return kind;
  if (resolved.format === "binary") return "binary";
  return range ? "text" : kind;
}
