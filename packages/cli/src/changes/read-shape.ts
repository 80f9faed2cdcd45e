import { GENERATED_MARKER } from "../options.js";
import { hasGeneratedMarker } from "../write/marker.js";
import {
  type ClientMethod,
  type ClientParameter,
  type ClientShape,
  type QueryKey,
  SHAPE_VERSION,
} from "./client-shape.js";

/** A shape file read back: the client's shape, or why it cannot be used. */
export type ShapeReading = { shape: ClientShape } | { unreadable: string };

/**
 * Reads a shape file (`CLIENT_SHAPE_FILE`) as `ShapeFile` wrote it: the generated marker, comment
 * lines, then JSON. Pure. Anything else, an edited file included, is unreadable with the reason.
 */
export function readShapeFile(text: string): ShapeReading {
  if (!hasGeneratedMarker(text)) return { unreadable: `does not start with ${GENERATED_MARKER}` };
  let json: unknown;
  try {
    json = JSON.parse(text.replace(COMMENT_LINES, ""));
  } catch {
    return { unreadable: "is not valid JSON after its comment lines" };
  }
  if (!isRecord(json) || json.version !== SHAPE_VERSION) {
    const version = isRecord(json) ? JSON.stringify(json.version) : "missing";
    return { unreadable: `has format version ${version}; this Kit reads ${SHAPE_VERSION}` };
  }
  const { methods, types } = json;
  if (!Array.isArray(methods) || !methods.every(isMethod)) {
    return { unreadable: 'has a "methods" list this Kit cannot read' };
  }
  if (!isRecord(types) || !Object.values(types).every((value) => typeof value === "string")) {
    return { unreadable: 'has a "types" object this Kit cannot read' };
  }
  return { shape: { methods, types: new Map(Object.entries(types as Record<string, string>)) } };
}

/** The `//` lines at the start, which JSON does not allow. */
const COMMENT_LINES = /^(?:\/\/[^\n]*\n)+/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isMethod(value: unknown): value is ClientMethod {
  return (
    isRecord(value) &&
    typeof value.operation === "string" &&
    typeof value.className === "string" &&
    typeof value.method === "string" &&
    typeof value.returns === "string" &&
    Array.isArray(value.parameters) &&
    value.parameters.every(isParameter)
  );
}

function isParameter(value: unknown): value is ClientParameter {
  return (
    isRecord(value) &&
    typeof value.name === "string" &&
    typeof value.optional === "boolean" &&
    typeof value.type === "string" &&
    typeof value.decorator === "string" &&
    (value.keys === undefined || (Array.isArray(value.keys) && value.keys.every(isQueryKey)))
  );
}

function isQueryKey(value: unknown): value is QueryKey {
  return (
    isRecord(value) &&
    typeof value.key === "string" &&
    typeof value.optional === "boolean" &&
    typeof value.type === "string"
  );
}
