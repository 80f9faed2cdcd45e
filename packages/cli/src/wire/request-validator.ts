import { bodyKind, essence } from "../model/media.js";
import { mergeObjectShape } from "../model/merge-object-shape.js";
import type { Operation } from "../model/operation.js";
import { isContentParameter } from "../model/query-style.js";
import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer } from "../openapi/pointer.js";
import { dereference, valueAtPointer } from "../openapi/refs.js";
import type {
  MediaTypeObject,
  ParameterObject,
  RequestBodyObject,
  SchemaObject,
} from "../openapi/types.js";
import { emptyRecord, parseFormFields, recordOf } from "./form-fields.js";
import { matchPathTemplate } from "./path-template.js";
import { SchemaCheck } from "./schema-check.js";

/** A request as it arrived: the path and query relative to the server's base path, raw. */
export interface WireRequest {
  method: string;
  /** `/pets/p%201?limit=2`, exactly as sent (percent-encoding kept). */
  target: string;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string | undefined>>;
  body: Uint8Array;
}

export type ProblemKind =
  | "method"
  | "path"
  | "query"
  | "header"
  | "content-type"
  | "content-type without body"
  | "body missing"
  | "body";

export interface RequestProblem {
  kind: ProblemKind;
  message: string;
  /** Where in the request, as a JSON pointer: `/query/limit`, `/body/items/0/price`, `/header/content-type`. */
  location: string;
}

/**
 * Checks requests against one OpenAPI document: the method; the path against the template, each
 * value against its schema; every query parameter as its `style`/`explode` serialize it, and no
 * undeclared key; required and declared headers; that a body's `Content-Type` is one of the
 * operation's media types (and that no body means no `Content-Type`); and the body against the
 * schema of that media type (JSON, urlencoded fields read by their `encoding`, multipart parts,
 * text). Cookie parameters are not checked.
 */
export class RequestValidator {
  readonly #loaded: LoadedDocument;
  readonly #schemas: SchemaCheck;

  constructor(loaded: LoadedDocument, schemas = new SchemaCheck(loaded.document)) {
    this.#loaded = loaded;
    this.#schemas = schemas;
  }

  async validate(operation: Operation, request: WireRequest): Promise<RequestProblem[]> {
    const problems: RequestProblem[] = [];
    const add: Add = (kind, message, location) => problems.push({ kind, message, location });
    if (request.method.toUpperCase() !== operation.verb.toUpperCase()) {
      add(
        "method",
        `sent ${request.method}, the operation is ${operation.verb.toUpperCase()}`,
        "/method",
      );
    }
    const [rawPath = "", rawQuery = ""] = splitTarget(request.target);
    this.#checkPath(operation, rawPath, add);
    this.#checkQuery(operation, rawQuery, add);
    this.#checkHeaders(operation, request, add);
    await this.#checkBody(operation, request, add);
    return problems;
  }

  #parameterObject(pointer: string): ParameterObject {
    return valueAtPointer(this.#loaded, pointer).value as ParameterObject;
  }

  #checkValue(
    value: unknown,
    schemaPointer: string | undefined,
    what: string,
    kind: ProblemKind,
    add: Add,
    location: string,
  ): void {
    if (schemaPointer === undefined) return;
    // The text as it is first (a `oneOf` of integer and string would match twice once coerced).
    if (this.#schemas.problems(structuredClone(value), schemaPointer).length === 0) return;
    for (const { path, message } of this.#schemas.violations(value, schemaPointer, true))
      add(kind, `${what}: ${path === "" ? "the value" : path} ${message}`, `${location}${path}`);
  }

  /**
   * The type a schema's value has: its own, else the one type every `oneOf`/`anyOf` branch has
   * besides null (an object parameter written `anyOf: [{…}, {…}]` is still sent as an object).
   */
  #schemaType(pointer: string | undefined): string | undefined {
    if (pointer === undefined) return undefined;
    const raw = valueAtPointer(this.#loaded, pointer).value;
    return isObject(raw) ? this.#typeOf(raw as SchemaObject, pointer, 0) : undefined;
  }

  #typeOf(schema: SchemaObject, pointer: string, depth: number): string | undefined {
    const resolved = dereference(this.#loaded, schema, pointer);
    const own = typeOfSchema(resolved.schema);
    if (own !== undefined || depth > 8) return own;
    for (const key of ["oneOf", "anyOf"] as const) {
      const branches = resolved.schema[key];
      if (!Array.isArray(branches)) continue;
      const types = new Set(
        branches.map((branch, index) =>
          isObject(branch)
            ? this.#typeOf(
                branch as SchemaObject,
                appendPointer(resolved.pointer, key, index),
                depth + 1,
              )
            : undefined,
        ),
      );
      types.delete("null");
      if (types.size === 1) return [...types][0];
    }
    return undefined;
  }

  /**
   * How to read one item of an array sent in a query or a form field: an object or array item
   * travels as JSON text (the runtime's formValue), so it is parsed where the items schema says
   * so, or, without a type, where the text starts like JSON.
   */
  #itemReader(pointer: string | undefined): (item: string) => unknown {
    const items = pointer === undefined ? undefined : this.#schemaAt(pointer).items;
    const type = isObject(items)
      ? typeOfSchema(
          dereference(this.#loaded, items as SchemaObject, appendPointer(pointer!, "items")).schema,
        )
      : undefined;
    return (item) =>
      type === "object" || type === "array" || (type === undefined && /^[[{]/.test(item))
        ? jsonOrText(item)
        : item;
  }

  /** A binary string (`format: binary`): bytes, whatever media type carries them. */
  #isBinary(pointer: string): boolean {
    const schema = this.#schemaAt(pointer);
    return schema.format === "binary" && this.#schemaType(pointer) === "string";
  }

  #schemaAt(pointer: string): SchemaObject {
    const raw = valueAtPointer(this.#loaded, pointer).value;
    if (!isObject(raw)) return {};
    return dereference(this.#loaded, raw as SchemaObject, pointer).schema;
  }

  #checkPath(operation: Operation, rawPath: string, add: Add): void {
    const template = operation.path.split(/[?#]/, 1)[0]!;
    const names: string[] = [];
    const literal = template.replace(/\{([^}]*)\}/g, (_, name: string) => {
      names.push(name);
      return `\u0000`;
    });
    const encoded = new URL(`http://h${literal.replaceAll("\u0000", "KITPLACEHOLDER")}`).pathname;
    const match = matchPathTemplate(
      {
        literals: encoded.split("KITPLACEHOLDER"),
        greedy: names.map((name) => name.endsWith("+")),
      },
      rawPath,
      true,
    );
    if (match === undefined) {
      add("path", `${rawPath} does not match ${template}`, "/path");
      return;
    }
    names.forEach((name, index) => {
      const parameter = operation.parameters.find((p) => p.in === "path" && p.name === name);
      const text = safeDecode(match[index]!);
      const location = appendPointer("/path", name);
      if (text === "") add("path", `path parameter "${name}" is empty`, location);
      const value =
        this.#schemaType(parameter?.schema?.pointer) === "array" ? text.split(",") : text;
      this.#checkValue(
        value,
        parameter?.schema?.pointer,
        `path parameter "${name}"`,
        "path",
        add,
        location,
      );
    });
  }

  #checkQuery(operation: Operation, rawQuery: string, add: Add): void {
    const pairs = parsePairs(rawQuery);
    const literal = new URLSearchParams(operation.path.split("?")[1]?.split("#")[0] ?? "");
    const claimed = new Set<string>([...literal.keys()]);
    const parameters = operation.parameters.filter((p) => p.in === "query");
    // Exploded objects take the keys no other parameter names.
    const declared = new Set(parameters.map((p) => p.name));
    for (const parameter of parameters) {
      const raw = this.#parameterObject(parameter.pointer);
      const style = typeof raw.style === "string" ? raw.style : "form";
      const explode = typeof raw.explode === "boolean" ? raw.explode : style === "form";
      const pointer = parameter.schema?.pointer;
      const type = this.#schemaType(pointer);
      const values = pairs.filter(([key]) => key === parameter.name).map(([, value]) => value);
      const location = appendPointer("/query", parameter.name);
      let value: unknown;
      if (values.length > 1 && !explode)
        add(
          "query",
          `query parameter "${parameter.name}" (explode: false) is sent ${values.length} times`,
          location,
        );
      // OpenAPI 3.2's querystring is read as the query object Kit sends it as (form, exploded).
      if (isContentParameter(raw) && raw.in !== "querystring") {
        // Serialized whole by its media type: JSON text for a JSON one.
        if (values.length > 1)
          add(
            "query",
            `query parameter "${parameter.name}" is sent ${values.length} times`,
            location,
          );
        if (values.length > 0) value = jsonOrText(values[0]!);
      } else if (style === "deepObject") {
        if (values.length > 0 && type === "object")
          add(
            "query",
            `query parameter "${parameter.name}" is sent whole, not as deepObject keys`,
            location,
          );
        const nested = pairs.filter(([key]) => key.startsWith(`${parameter.name}[`));
        for (const [key] of nested) claimed.add(key);
        if (nested.length > 0) value = parseFormFields(nested)[parameter.name];
        else if (values.length > 0) value = values[0];
      } else if (type === "array") {
        if (values.length > 0)
          value = (explode ? values : values.flatMap((v) => v.split(SEPARATORS[style] ?? ","))).map(
            this.#itemReader(pointer),
          );
      } else if (type === "object" && explode) {
        const own = pairs.filter(([key]) => !declared.has(key) && !literal.has(key));
        for (const [key] of own) claimed.add(key);
        if (own.length > 0) value = recordOf(own);
      } else if (type === "object") {
        if (values.length > 0) value = pairsToObject(values[0]!.split(SEPARATORS[style] ?? ","));
      } else {
        if (values.length > 1)
          add(
            "query",
            `query parameter "${parameter.name}" is sent ${values.length} times`,
            location,
          );
        value = values[0];
      }
      claimed.add(parameter.name);
      if (value === undefined) {
        if (parameter.required)
          add("query", `required query parameter "${parameter.name}" is missing`, location);
        continue;
      }
      this.#checkValue(
        value,
        pointer,
        `query parameter "${parameter.name}"`,
        "query",
        add,
        location,
      );
    }
    for (const [key] of pairs) {
      if (!claimed.has(key))
        add("query", `query key "${key}" is not declared`, appendPointer("/query", key));
    }
  }

  #checkHeaders(operation: Operation, request: WireRequest, add: Add): void {
    for (const parameter of operation.parameters.filter((p) => p.in === "header")) {
      const value = request.headers[parameter.name.toLowerCase()];
      const location = appendPointer("/header", parameter.name.toLowerCase());
      if (value === undefined) {
        if (parameter.required)
          add("header", `required header "${parameter.name}" is missing`, location);
        continue;
      }
      const raw = this.#parameterObject(parameter.pointer);
      const type = this.#schemaType(parameter.schema?.pointer);
      // Headers have one style, simple: `a,b` for an array, `k,v,k,v` or (explode) `k=v,k=v` for
      // an object; a header described by content carries its media type's text (JSON here).
      let typed: unknown = value;
      if (isContentParameter(raw)) typed = jsonOrText(value);
      else if (type === "array") typed = value.split(",");
      else if (type === "object" && raw.explode === true)
        typed = recordOf(value.split(",").map((pair) => splitPair(pair)));
      else if (type === "object") typed = pairsToObject(value.split(","));
      this.#checkValue(
        typed,
        parameter.schema?.pointer,
        `header "${parameter.name}"`,
        "header",
        add,
        location,
      );
    }
  }

  async #checkBody(operation: Operation, request: WireRequest, add: Add): Promise<void> {
    const contentType = request.headers["content-type"];
    const at = appendPointer(operation.pointer, "requestBody");
    const raw = isObject(resolveAt(this.#loaded, at))
      ? (resolveAt(this.#loaded, at) as RequestBodyObject)
      : undefined;
    const bodyPointer = raw === undefined ? undefined : resolvedPointer(this.#loaded, at);
    const content = raw !== undefined && isObject(raw.content) ? raw.content : {};
    if (request.body.byteLength === 0) {
      // Some clients (alova's XHR adapter) send a Content-Type on every request; GET and HEAD
      // carry no body by definition, so the header says nothing there.
      const bodiless = /^(?:GET|HEAD)$/i.test(request.method);
      if (contentType !== undefined && !bodiless)
        add(
          "content-type without body",
          `Content-Type "${contentType}" is sent without a body`,
          CONTENT_TYPE,
        );
      if (
        raw?.required === true &&
        Object.keys(content).length > 0 &&
        !allOptionalForm(this.#loaded, content, bodyPointer!)
      )
        add("body missing", "the required request body is missing", "/body");
      return;
    }
    if (Object.keys(content).length === 0) {
      add("body", "a body is sent, but the operation declares none", "/body");
      return;
    }
    if (contentType === undefined) {
      add("content-type", "a body is sent without a Content-Type", CONTENT_TYPE);
      return;
    }
    const declared = Object.keys(content).find((mediaType) => matches(mediaType, contentType));
    if (declared === undefined) {
      add(
        "content-type",
        `Content-Type "${contentType}" is not one of ${Object.keys(content).sort().join(", ")}`,
        CONTENT_TYPE,
      );
      return;
    }
    const media = content[declared] as MediaTypeObject;
    const schemaPointer = isObject(media?.schema)
      ? appendPointer(bodyPointer!, "content", declared, "schema")
      : undefined;
    const sent = essence(contentType);
    const kind =
      sent.endsWith("+json") || sent === "application/json" || sent === "text/json"
        ? "json"
        : bodyKind(sent);
    const text = new TextDecoder().decode(request.body);
    // Bytes whose schema is a binary string are sent as they are, JSON media type or not.
    if (kind === "json" && schemaPointer !== undefined && this.#isBinary(schemaPointer)) return;
    switch (kind) {
      case "json": {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          add("body", `the ${sent} body is not JSON: ${text.slice(0, 60)}`, "/body");
          return;
        }
        if (schemaPointer !== undefined)
          for (const { path, message } of this.#schemas.violations(value, schemaPointer))
            add("body", `${path === "" ? "the value" : path} ${message}`, `/body${path}`);
        return;
      }
      case "form": {
        // A form body whose schema is a string is sent as that string (the generator passes it whole).
        if (schemaPointer !== undefined && this.#schemaType(schemaPointer) === "string") {
          this.#checkValue(text, schemaPointer, "form body", "body", add, "/body");
          return;
        }
        const value = this.#formValue(parsePairs(text), schemaPointer, media, add);
        if (schemaPointer !== undefined)
          this.#checkValue(value, schemaPointer, "form body", "body", add, "/body");
        return;
      }
      case "multipart": {
        const form = await new Response(new Blob([new Uint8Array(request.body)]), {
          headers: { "content-type": contentType },
        })
          .formData()
          .catch(() => undefined);
        if (form === undefined) {
          add("body", "the multipart body cannot be parsed", "/body");
          return;
        }
        const value = emptyRecord();
        for (const [name, part] of form) {
          // A part typed JSON (OpenAPI's default for an object field) is read as its value.
          const item =
            typeof part === "string"
              ? jsonOrText(part)
              : /json/i.test(part.type)
                ? jsonOrText(await part.text())
                : "(file)";
          value[name] = Object.hasOwn(value, name) ? [value[name], item].flat() : item;
        }
        if (schemaPointer !== undefined) {
          this.#readSinglePartsAsArrays(value, schemaPointer);
          this.#checkValue(value, schemaPointer, "multipart body", "body", add, "/body");
        }
        return;
      }
      case "text":
        if (schemaPointer !== undefined && this.#schemaType(schemaPointer) === "string")
          this.#checkValue(text, schemaPointer, "text body", "body", add, "/body");
        return;
      default:
        return;
    }
  }

  /**
   * An array field is sent as one part per item (OpenAPI's multipart rule), so a single part is an
   * array of one; a part that is itself a JSON array is kept as it is.
   */
  #readSinglePartsAsArrays(value: Record<string, unknown>, schemaPointer: string): void {
    const shape = mergeObjectShape(this.#loaded, [
      { schema: this.#schemaAt(schemaPointer), pointer: schemaPointer },
    ]);
    if (shape === undefined) return;
    for (const [name, property] of shape.properties)
      if (
        Object.hasOwn(value, name) &&
        !Array.isArray(value[name]) &&
        this.#schemaType(property.pointer) === "array"
      )
        value[name] = [value[name]];
  }

  /** The fields of a urlencoded body as their encoding writes them, read back into one object. */
  #formValue(
    pairs: [string, string][],
    schemaPointer: string | undefined,
    media: MediaTypeObject,
    add: Add,
  ): Record<string, unknown> {
    const shape =
      schemaPointer === undefined
        ? undefined
        : mergeObjectShape(this.#loaded, [
            { schema: this.#schemaAt(schemaPointer), pointer: schemaPointer },
          ]);
    if (shape === undefined) return recordOf(pairs);
    const encodings = isObject(media.encoding) ? media.encoding : {};
    const value = emptyRecord();
    const claimed = new Set<string>();
    const exploded: string[] = [];
    for (const [name, property] of shape.properties) {
      const encoding = isObject(encodings[name]) ? encodings[name]! : {};
      const style = typeof encoding.style === "string" ? encoding.style : "form";
      const explode = typeof encoding.explode === "boolean" ? encoding.explode : style === "form";
      const type = this.#schemaType(property.pointer);
      const own = pairs.filter(([key]) => key === name).map(([, v]) => v);
      if (typeof encoding.contentType === "string" && /json/i.test(encoding.contentType)) {
        if (own.length > 0) value[name] = jsonOrText(own[0]!);
      } else if (style === "deepObject") {
        const nested = pairs.filter(([key]) => key.startsWith(`${name}[`));
        for (const [key] of nested) claimed.add(key);
        if (nested.length > 0) value[name] = parseFormFields(nested)[name];
        else if (own.length > 0) value[name] = own[0];
      } else if (type === "array") {
        if (own.length > 0)
          value[name] = (explode ? own : own.flatMap((v) => v.split(SEPARATORS[style] ?? ","))).map(
            this.#itemReader(property.pointer),
          );
      } else if (type === "object") {
        if (explode) exploded.push(name);
        else if (own.length > 0)
          value[name] = pairsToObject(own[0]!.split(SEPARATORS[style] ?? ","));
      } else if (own.length > 0) {
        if (own.length > 1)
          add(
            "body",
            `form field "${name}" is sent ${own.length} times`,
            appendPointer("/body", name),
          );
        value[name] = own[0];
      }
      if (own.length > 0) claimed.add(name);
    }
    const rest = pairs.filter(([key]) => !claimed.has(key) && !shape.properties.has(key));
    if (exploded.length > 0 && rest.length > 0) {
      // OpenAPI's default for an object field: its properties as pairs of their own.
      value[exploded[0]!] = recordOf(rest);
    } else {
      for (const [key] of rest)
        add("body", `form field "${key}" is not declared`, appendPointer("/body", key));
    }
    return value;
  }
}

type Add = (kind: ProblemKind, message: string, location: string) => void;

const CONTENT_TYPE = "/header/content-type";

const SEPARATORS: Record<string, string> = { form: ",", spaceDelimited: " ", pipeDelimited: "|" };

function splitTarget(target: string): [string, string] {
  const index = target.indexOf("?");
  return index === -1 ? [target, ""] : [target.slice(0, index), target.slice(index + 1)];
}

/** Query or form pairs, percent-decoded (`+` is a space, as in forms). */
function parsePairs(text: string): [string, string][] {
  return [...new URLSearchParams(text)];
}

/** `k=v` → `["k", "v"]`; without `=`, the whole text is the key. */
function splitPair(pair: string): [string, string] {
  const at = pair.indexOf("=");
  return at === -1 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
}

function pairsToObject(items: string[]): Record<string, string> {
  const object = emptyRecord<string>();
  for (let index = 0; index + 1 < items.length; index += 2)
    object[items[index]!] = items[index + 1]!;
  return object;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function typeOfSchema(schema: SchemaObject): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (typeof type === "string") return type;
  if (schema.properties !== undefined || schema.additionalProperties !== undefined) return "object";
  if (schema.items !== undefined) return "array";
  return undefined;
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Whether a sent `Content-Type` is the declared media type or falls in the declared range. */
function matches(declared: string, sent: string): boolean {
  const want = essence(declared);
  const got = essence(sent);
  if (want === got || want === "*/*") return true;
  return want.endsWith("/*") && got.startsWith(want.slice(0, -1));
}

function resolveAt(loaded: LoadedDocument, pointer: string): unknown {
  try {
    return valueAtPointer(loaded, pointer).value;
  } catch {
    return undefined;
  }
}

function resolvedPointer(loaded: LoadedDocument, pointer: string): string {
  return valueAtPointer(loaded, pointer).pointer;
}

/** A required form body whose fields are all optional may be sent empty. */
function allOptionalForm(
  loaded: LoadedDocument,
  content: Record<string, unknown>,
  bodyPointer: string,
): boolean {
  const form = Object.keys(content).find((mediaType) => bodyKind(mediaType) === "form");
  if (form === undefined) return false;
  const media = content[form] as MediaTypeObject;
  if (!isObject(media?.schema)) return true;
  const shape = mergeObjectShape(loaded, [
    { schema: media.schema, pointer: appendPointer(bodyPointer, "content", form, "schema") },
  ]);
  return shape !== undefined && shape.required.size === 0;
}
