import type { ClientParameter, ClientSignature } from "../changes/client-shape.js";
import type { MethodPlan, ParameterPlan, QueryKeyPlan } from "../model/plan-types.js";
import { docComment } from "./doc-comment.js";
import type { TypePrinter } from "./type-printer.js";
import { group, layout, type Part } from "./wrap.js";

const INDENT = "  ";

const VERB_DECORATORS: Readonly<Record<string, string>> = {
  get: "Get",
  put: "Put",
  post: "Post",
  delete: "Delete",
  options: "Options",
  head: "Head",
  patch: "Patch",
};

/** A method's text, and its signature as printed. */
export interface PrintedMethod {
  text: string;
  signature: ClientSignature;
}

/**
 * One decorated method of an API class; adds the decorators it uses to `decorators`. Keeps the
 * parts of its signature as printed, so the change report need not read them back from the text.
 */
export function printMethod(
  method: MethodPlan,
  printer: TypePrinter,
  decorators: Set<string>,
): PrintedMethod {
  const returns = printer.print(method.returns, INDENT);
  // The error type is the `this` type, which no call passes: the runtime infers it from there.
  const errors =
    method.errors === undefined ? [] : [`this: ${printer.print(method.errors, INDENT)}`];
  const lines = docComment(method.doc.paragraphs, INDENT, method.doc.tags);
  // With parameters, the named signature is an overload and the decorated implementation's
  // parameters start with `_`: noUnusedParameters skips those, and editors show the overload.
  const overloaded = method.parameters.length > 0;
  const parameters = method.parameters.map((parameter) => ({
    name: parameter.variable,
    optional: !parameter.required,
    type: printer.print(parameter.type, INDENT),
    decorator: bindingDecorator(parameter, decorators),
  }));
  if (overloaded) {
    const overload = [...errors, ...parameters.map(renderParameter)].map((text) => [text]);
    const parts = [method.name, group("(", overload)];
    lines.push(...layout(parts, INDENT, `: Promise<${returns}>;`));
  }
  lines.push(...decoratorLines(verbDecorator(method, decorators)));
  if (method.contentType !== undefined) {
    decorators.add("ContentType");
    lines.push(...decoratorLines(`@ContentType(${JSON.stringify(method.contentType)})`));
  }
  if (method.responseType !== undefined) {
    decorators.add("ResponseType");
    lines.push(...decoratorLines(`@ResponseType(${JSON.stringify(method.responseType)})`));
  }
  if (method.envelope !== undefined) {
    decorators.add("Envelope");
    lines.push(...decoratorLines(`@Envelope(${JSON.stringify(method.envelope)})`));
  }
  const bindings = [
    ...(overloaded ? [] : errors.map((text) => [text])),
    ...parameters.map(renderBinding),
  ];
  const implementation = [method.name, group("(", bindings)];
  lines.push(
    ...layout(implementation, INDENT, `: Promise<${overloaded ? "unknown" : returns}> {`),
    `${INDENT}${INDENT}return null!;`,
    `${INDENT}}`,
  );
  return {
    text: lines.join("\n"),
    signature: { method: method.name, parameters, returns },
  };
}

/** A method decorator's lines: one, or its arguments one per line when it is too long. */
function decoratorLines(text: string): string[] {
  return layout([{ expression: text }], INDENT);
}

/**
 * `@Get("/pets")`; a method without a decorator of its own (OpenAPI 3.2's `query`, an
 * `additionalOperations` token) is `@Method("QUERY", "/pets")`: `@Query` binds a query parameter.
 */
function verbDecorator(method: MethodPlan, decorators: Set<string>): string {
  const path = JSON.stringify(method.path);
  const named = VERB_DECORATORS[method.verb];
  if (named !== undefined) {
    decorators.add(named);
    return `@${named}(${path})`;
  }
  decorators.add("Method");
  return `@Method(${JSON.stringify(method.verb.toUpperCase())}, ${path})`;
}

/** A parameter of the overload users call: its name and type. */
function renderParameter(parameter: ClientParameter): string {
  return `${parameter.name}${parameter.optional ? "?" : ""}: ${parameter.type}`;
}

/**
 * A parameter of the decorated implementation: what the runtime binds it to. Its decorator's
 * brackets may break when the line is too long.
 */
function renderBinding(parameter: ClientParameter): Part[] {
  const name = `_${parameter.name}${parameter.optional ? "?" : ""}: unknown`;
  if (parameter.decorator === "") return [name];
  return [{ expression: parameter.decorator }, ` ${name}`];
}

type WireBinding = ParameterPlan["binding"];

const DECORATORS = { path: "Params", query: "Query", header: "HeaderValue", body: "Data" } as const;

/** `@Query("page", { explode: false })`, or "" for a cookie parameter, which has none. */
function bindingDecorator(parameter: ParameterPlan, decorators: Set<string>): string {
  const { binding } = parameter;
  if (binding.in === "cookie") return "";
  const decorator = DECORATORS[binding.in];
  decorators.add(decorator);
  if (parameter.queryKeys !== undefined)
    return `@Query(${queryObjectArgument(parameter.queryKeys)})`;
  const key = parameter.key === undefined ? "" : JSON.stringify(parameter.key);
  const option = bindingOption(binding);
  return `@${decorator}(${key}${option === "" ? "" : `, ${option}`})`;
}

/** `{ keys: ["a", "b"], styles: { b: { explode: false } } }`: the keys in the order they are sent. */
function queryObjectArgument(keys: readonly QueryKeyPlan[]): string {
  const names = keys.map(({ key }) => JSON.stringify(key)).join(", ");
  const styles = keys.flatMap(({ key, binding }) => {
    // A query object's styles have no JSON content type: such a key goes as the runtime's way.
    const style = binding.in === "query" && binding.style === "json" ? "" : bindingOption(binding);
    return style === "" ? [] : [`${JSON.stringify(key)}: ${style}`];
  });
  return `{ keys: [${names}]${styles.length === 0 ? "" : `, styles: { ${styles.join(", ")} }`} }`;
}

/**
 * The decorator's option for a binding, "" where the runtime's way is the binding: the style, its
 * `explode` only where it differs from the runtime's default for the style, and an encoding's keys
 * in a fixed order.
 */
function bindingOption(binding: WireBinding): string {
  switch (binding.in) {
    case "path":
    case "query":
      switch (binding.style) {
        case undefined:
          return "";
        case "json":
          return '{ contentType: "application/json" }';
        case "form":
          // `{ style: "form", explode: true }` is `@Query()`, which has no option.
          return binding.explode ? "" : "{ explode: false }";
        case "spaceDelimited":
        case "pipeDelimited":
        case "deepObject":
          return `{ style: "${binding.style}" }`;
        default:
          return `{ style: "${binding.style}"${binding.explode ? ", explode: true" : ""} }`;
      }
    case "header":
      return binding.style === undefined ? "" : `{ explode: ${binding.explode} }`;
    case "body":
      return binding.encoding === undefined ? "" : encodingArgument(binding.encoding);
    case "cookie":
      return "";
  }
}

/** The runtime's `@Data` encoding option, keys in a fixed order: `{ style: "deepObject", explode: true }`. */
function encodingArgument(
  encoding: NonNullable<Extract<WireBinding, { in: "body" }>["encoding"]>,
): string {
  const fields = (["style", "explode", "contentType"] as const).flatMap((key) =>
    encoding[key] === undefined ? [] : [`${key}: ${JSON.stringify(encoding[key])}`],
  );
  return `{ ${fields.join(", ")} }`;
}
