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
 * lines, then JSON. Pure. Anything else, an edited file or another format version included, is
 * unreadable with the reason.
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
  const { classes, texts, types } = json;
  if (!isStrings(texts)) return { unreadable: 'has a "texts" object this Kit cannot read' };
  if (!isStrings(types)) return { unreadable: 'has a "types" object this Kit cannot read' };
  const methods = isRecord(classes) ? readMethods(classes, texts) : undefined;
  if (methods === undefined) return { unreadable: 'has a "classes" object this Kit cannot read' };
  return { shape: { methods, types: new Map(Object.entries(types)) } };
}

/** The `//` lines at the start, which JSON does not allow. */
const COMMENT_LINES = /^(?:\/\/[^\n]*\n)+/;

/** Each class's methods, `[operation, name, returns, ...parameters]`; undefined if one is not. */
function readMethods(
  classes: Record<string, unknown>,
  texts: Record<string, string>,
): ClientMethod[] | undefined {
  const methods: ClientMethod[] = [];
  for (const [className, lines] of Object.entries(classes)) {
    if (!Array.isArray(lines)) return undefined;
    for (const line of lines) {
      if (!Array.isArray(line) || typeof line[0] !== "string" || typeof line[1] !== "string") {
        return undefined;
      }
      const returns = text(line[2], texts);
      const parameters = line.slice(3).map((parameter) => readParameter(parameter, texts));
      if (returns === undefined || !parameters.every((parameter) => parameter !== undefined)) {
        return undefined;
      }
      methods.push({ operation: line[0], className, method: line[1], parameters, returns });
    }
  }
  return methods;
}

/** `[name (? if optional), type, decorator, keys?]`. */
function readParameter(value: unknown, texts: Record<string, string>): ClientParameter | undefined {
  if (!Array.isArray(value) || typeof value[0] !== "string" || value.length > 4) return undefined;
  const type = text(value[1], texts);
  const decorator = text(value[2], texts);
  if (type === undefined || decorator === undefined) return undefined;
  const optional = value[0].endsWith("?");
  const name = optional ? value[0].slice(0, -1) : value[0];
  const parameter: ClientParameter = { name, optional, type, decorator };
  if (value.length === 4) {
    const keys = Array.isArray(value[3]) ? value[3].map((key) => readKey(key, texts)) : [];
    if (!Array.isArray(value[3]) || !keys.every((key) => key !== undefined)) return undefined;
    parameter.keys = keys;
  }
  return parameter;
}

/** `[key, type, optional]`. */
function readKey(value: unknown, texts: Record<string, string>): QueryKey | undefined {
  if (!Array.isArray(value) || value.length !== 3 || typeof value[0] !== "string") return undefined;
  const type = text(value[1], texts);
  if (type === undefined || typeof value[2] !== "boolean") return undefined;
  return { key: value[0], optional: value[2], type };
}

/** A text as written: itself, or `#key` for the one in `texts`. */
function text(value: unknown, texts: Record<string, string>): string | undefined {
  if (typeof value !== "string") return undefined;
  return value.startsWith("#") ? (Object.hasOwn(texts, value) ? texts[value] : undefined) : value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStrings(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((entry) => typeof entry === "string");
}
