import { compareText } from "../model/compare.js";
import { essence, responseKind } from "../model/media.js";
import type { Operation } from "../model/operation.js";
import { responseReadings, streamItemKey, streamKind } from "../model/stream-media.js";
import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer } from "../openapi/pointer.js";
import { followReference, valueAtPointer } from "../openapi/refs.js";
import type { EnvelopeKeys } from "../options.js";
import {
  clientResponse,
  type ExampleResponse,
  encodeResponse,
  exampleResponse,
} from "../wire/example-response.js";
import { exampleValue } from "../wire/example-value.js";
import { isStreamText, STREAM_ITEMS, streamText } from "../wire/stream-body.js";
import { exampleObjectValue } from "./example-object.js";
import { isStatusKey, type Preference } from "./prefer.js";

/** A response the client asked for with `Prefer` that the document does not declare. */
export interface Undeclared {
  undeclared: string;
}

/**
 * How a JSON answer is checked before it is served: `problems` of a value against the schema at a
 * pointer (the response side; empty when valid), and `notice`, told of each example passed over
 * and where it is. `surelyValid`, when given, is a quicker test that may only say "valid": a value
 * it passes is not given to `problems`.
 */
export interface AnswerCheck {
  problems(value: unknown, pointer: string): string[];
  notice(message: string, pointer: string): void;
  surelyValid?(value: unknown, pointer: string): boolean;
}

/**
 * The answer for one operation: the status and media type a generated client reads (the 2xx
 * response, JSON first), or the status of `Prefer: code=…` and the media type `Accept` names.
 * The body is the named example of `Prefer: example=…`, else the media type's first example or
 * `example`, else a value `exampleValue` builds from the schema with `seed` (kept in `generated`
 * per schema, so a value is built once however often it is asked for). With `check`, a JSON body
 * is the first of these that is valid against its schema: a document example that is not is
 * passed over with one notice naming it, and so are the schema's own examples inside a generated
 * value (generated again without them). A stream media type is answered as a few events or
 * lines, each from the item schema. `keys` are the envelope keys of `--envelope`: a JSON answer
 * whose schema declares them is already an envelope. `kit mock` and the MSW handlers both answer
 * with this.
 */
export function chooseResponse(
  loaded: LoadedDocument,
  operation: Operation,
  preference: Preference,
  accept: string | undefined,
  seed: number,
  generated = new Map<string, unknown>(),
  check?: AnswerCheck,
  keys?: EnvelopeKeys,
): ExampleResponse | Undeclared {
  if (preference.code !== undefined && !isStatusKey(preference.code))
    return { undeclared: `no response with status ${JSON.stringify(preference.code)} is declared` };
  const code = preference.code ?? defaultStatus(operation);
  const declared = code === undefined ? undefined : responseObject(loaded, operation, code);
  if (declared === undefined || code === undefined) {
    if (preference.code !== undefined)
      return { undeclared: `no response with status ${preference.code} is declared` };
    if (preference.example !== undefined)
      return { undeclared: `no example named "${preference.example}" is declared` };
    return exampleResponse(loaded, operation, seed, keys);
  }
  const status = Number(code) >= 100 && Number(code) <= 599 ? Number(code) : statusFor(code);
  const content = isObject(declared.value.content) ? declared.value.content : {};
  // These statuses never carry a body (RFC 9110).
  const mediaType =
    status === 204 || status === 304 ? undefined : acceptable(Object.keys(content), accept);
  if (mediaType === undefined) {
    if (preference.example !== undefined)
      return { undeclared: `no example named "${preference.example}" is declared` };
    return { status, body: new Uint8Array(), expected: { kind: "empty" } };
  }
  const media = isObject(content[mediaType]) ? content[mediaType] : {};
  const mediaPointer = appendPointer(declared.pointer, "content", mediaType);
  const stream = streamKind(mediaType);
  // A stream's items are described by OpenAPI 3.2's itemSchema when it is given.
  const schemaKey = stream !== undefined ? streamItemKey(media) : "schema";
  const schema = isObject(media[schemaKey])
    ? { schema: media[schemaKey], pointer: appendPointer(mediaPointer, schemaKey) }
    : undefined;
  const named =
    preference.example === undefined
      ? undefined
      : documentExample(loaded, media, mediaType, mediaPointer, preference.example);
  if (named === undefined && preference.example !== undefined)
    return { undeclared: `no example named "${preference.example}" is declared for ${mediaType}` };
  // With the check, the generator takes values the validator accepts where it has a choice
  // (a `oneOf` branch), and says where the schema admits none.
  const checked =
    check === undefined || stream !== undefined
      ? {}
      : {
          check: (value: unknown, pointer: string) =>
            check.surelyValid?.(value, pointer) ? [] : check.problems(value, pointer),
          onNoValue: ({
            pointer,
            reason,
            proven,
          }: {
            pointer: string;
            reason: string;
            proven: boolean;
          }) =>
            check.notice(
              `${proven ? "no value satisfies the schema" : "no valid value found"}: ${reason}; answered anyway: a value generated from the schema`,
              pointer,
            ),
        };
  const generate = (itemSeed: number, useExamples = true): unknown => {
    if (schema === undefined) return undefined;
    const key = `${schema.pointer}\n${itemSeed}${useExamples ? "" : "\nwithout examples"}`;
    if (!generated.has(key))
      generated.set(
        key,
        exampleValue(loaded.document, schema.schema, schema.pointer, {
          direction: "response",
          seed: itemSeed,
          useExamples,
          // Told once: the value served when the schema's examples do not give a valid one.
          ...(useExamples ? { check: checked.check } : checked),
        }),
      );
    return generated.get(key);
  };
  if (
    named === undefined &&
    check !== undefined &&
    schema !== undefined &&
    stream === undefined &&
    responseKind(loaded, mediaType, schema) === "json"
  ) {
    const key = `${mediaPointer}\n${seed}\nanswer`;
    if (!generated.has(key))
      generated.set(
        key,
        validAnswer(loaded, media, mediaType, mediaPointer, schema.pointer, check, generate, seed),
      );
    return encodeResponse(loaded, status, mediaType, schema, generated.get(key), keys);
  }
  const example = named ?? documentExample(loaded, media, mediaType, mediaPointer, undefined);
  if (stream !== undefined) {
    const text =
      example !== undefined && isStreamText(stream, example.value)
        ? example.value
        : streamText(
            stream,
            example !== undefined
              ? Array.isArray(example.value) && schemaKey === "itemSchema"
                ? example.value
                : [example.value]
              : Array.from({ length: STREAM_ITEMS }, (_, index) => generate(seed + index)),
          );
    return {
      status,
      contentType: mediaType,
      body: new TextEncoder().encode(text),
      expected: { kind: "text", value: text },
    };
  }
  const value = example !== undefined ? example.value : generate(seed);
  return encodeResponse(loaded, status, mediaType, schema, value, keys);
}

/**
 * The first valid of: the media type's examples by name, its `example`, the value generated with
 * the schema's own examples, the value generated without them (served even when invalid, the
 * schema allowing no value the generator finds). Each one passed over is noticed once.
 */
function validAnswer(
  loaded: LoadedDocument,
  media: Record<string, unknown>,
  mediaType: string,
  mediaPointer: string,
  schemaPointer: string,
  check: AnswerCheck,
  generate: (seed: number, useExamples?: boolean) => unknown,
  seed: number,
): unknown {
  const problemOf = (value: unknown): string | undefined =>
    check.surelyValid?.(value, schemaPointer) ? undefined : check.problems(value, schemaPointer)[0];
  const passed: { pointer: string; problem: string }[] = [];
  const served = (value: unknown, what: string): unknown => {
    for (const { pointer, problem } of passed)
      check.notice(
        `the example does not match its schema (${problem}); answered instead: ${what}`,
        pointer,
      );
    return value;
  };
  for (const { value, pointer, name } of documentExamples(loaded, media, mediaType, mediaPointer)) {
    const problem = problemOf(value);
    if (problem === undefined)
      return served(value, name === undefined ? "`example`" : `example "${name}"`);
    passed.push({ pointer, problem });
  }
  const withExamples = generate(seed);
  // Served whether or not the value without the schema's examples is the same.
  if (check.surelyValid?.(withExamples, schemaPointer))
    return served(withExamples, "a value generated from the schema");
  const without = generate(seed, false);
  // The same value either way: nothing to choose between, and no schema to compile for it.
  if (JSON.stringify(withExamples) === JSON.stringify(without))
    return served(without, "a value generated from the schema");
  const problem = check.problems(withExamples, schemaPointer)[0];
  if (problem === undefined) return served(withExamples, "a value generated from the schema");
  if (passed.length === 0)
    check.notice(
      `the schema's own examples give an invalid value (${problem}); answered instead: a value generated without them`,
      schemaPointer,
    );
  return served(without, "a value generated from the schema");
}

/** The status a generated client reads: the 2xx response it was generated for. */
function defaultStatus(operation: Operation): string | undefined {
  const response = clientResponse(operation.responses);
  return response === undefined ? undefined : response.status;
}

/** The Response Object of `code` (exact, then `4XX`, then `default`), `$ref` followed. */
function responseObject(
  loaded: LoadedDocument,
  operation: Operation,
  code: string,
): { value: Record<string, unknown>; pointer: string } | undefined {
  const at = appendPointer(operation.pointer, "responses");
  const responses = valueAtPointer(loaded, at).value;
  if (!isObject(responses)) return undefined;
  const key = [code, `${code.charAt(0)}XX`, `${code.charAt(0)}xx`, "default"].find((candidate) =>
    Object.hasOwn(responses, candidate),
  );
  if (key === undefined) return undefined;
  const { value, pointer } = followReference(loaded, responses[key], appendPointer(at, key));
  return isObject(value) ? { value, pointer } : undefined;
}

/**
 * A declared media type the `Accept` header names (not a range), else the one a client reads: a
 * stream only when the `Accept` names it or nothing else is offered.
 */
function acceptable(mediaTypes: string[], accept: string | undefined): string | undefined {
  const wanted = (accept ?? "")
    .split(",")
    .map((item) => essence(item))
    .filter((item) => item !== "" && !item.endsWith("/*"));
  const named = mediaTypes.filter((mediaType) => wanted.includes(essence(mediaType)));
  return responseReadings(named.length > 0 ? named : mediaTypes).read;
}

/** Every example of a media type, in the order they are served: `examples` by name, then `example`. */
function documentExamples(
  loaded: LoadedDocument,
  media: Record<string, unknown>,
  mediaType: string,
  pointer: string,
): { value: unknown; pointer: string; name?: string }[] {
  const found: { value: unknown; pointer: string; name?: string }[] = [];
  const examples = isObject(media.examples) ? media.examples : {};
  for (const name of Object.keys(examples).sort(compareText)) {
    let example = examples[name];
    let at = appendPointer(pointer, "examples", name);
    if (isObject(example) && typeof example.$ref === "string") {
      ({ value: example, pointer: at } = followReference(loaded, example, at));
    }
    const value = isObject(example) ? exampleObjectValue(example, mediaType) : undefined;
    if (value !== undefined) found.push({ ...value, pointer: at, name });
  }
  if (Object.hasOwn(media, "example"))
    found.push({ value: media.example, pointer: appendPointer(pointer, "example") });
  return found;
}

/** The named example, else the first of `examples` by name, else `example`; `$ref`s followed. */
function documentExample(
  loaded: LoadedDocument,
  media: Record<string, unknown>,
  mediaType: string,
  pointer: string,
  name: string | undefined,
): { value: unknown } | undefined {
  const examples = isObject(media.examples) ? media.examples : {};
  // The first by name, not by document order: the same answer however the keys are ordered.
  const chosen = name ?? Object.keys(examples).sort(compareText)[0];
  if (chosen !== undefined && Object.hasOwn(examples, chosen)) {
    const example = followReference(
      loaded,
      examples[chosen],
      appendPointer(pointer, "examples", chosen),
    ).value;
    const found = isObject(example) ? exampleObjectValue(example, mediaType) : undefined;
    if (found !== undefined) return found;
  }
  if (name === undefined && Object.hasOwn(media, "example")) return { value: media.example };
  return undefined;
}

/** `2XX` and `default` are answered as 200, `4XX` as 400. */
function statusFor(code: string): number {
  const first = Number(code.charAt(0));
  return first >= 1 && first <= 5 ? first * 100 : 200;
}
