import type { MethodPlan, ParameterPlan } from "../model/plan-types.js";
import { docComment } from "./doc-comment.js";
import type { TypePrinter } from "./type-printer.js";

const INDENT = "  ";

const VERB_DECORATORS = {
  get: "Get",
  put: "Put",
  post: "Post",
  delete: "Delete",
  options: "Options",
  head: "Head",
  patch: "Patch",
} as const;

/** One decorated method of an API class; adds the decorators it uses to `decorators`. */
export function renderMethod(
  method: MethodPlan,
  printer: TypePrinter,
  decorators: Set<string>,
): string {
  const returns = printer.print(method.returns, INDENT);
  // The error type is the `this` type, which no call passes: the runtime infers it from there.
  const errors =
    method.errors === undefined ? [] : [`this: ${printer.print(method.errors, INDENT)}`];
  const lines = [...docComment(method.doc.paragraphs, INDENT, method.doc.tags)];
  // With parameters, the named signature is an overload and the decorated implementation's
  // parameters start with `_`: noUnusedParameters skips those, and editors show the overload.
  const overloaded = method.parameters.length > 0;
  if (overloaded) {
    const parameters = [
      ...errors,
      ...method.parameters.map((parameter) => renderParameter(parameter, printer)),
    ].join(", ");
    lines.push(`${INDENT}${method.name}(${parameters}): Promise<${returns}>;`);
  }
  const verb = VERB_DECORATORS[method.verb];
  decorators.add(verb);
  lines.push(`${INDENT}@${verb}(${JSON.stringify(method.path)})`);
  if (method.contentType !== undefined) {
    decorators.add("ContentType");
    lines.push(`${INDENT}@ContentType(${JSON.stringify(method.contentType)})`);
  }
  if (method.responseType !== undefined) {
    decorators.add("ResponseType");
    lines.push(`${INDENT}@ResponseType(${JSON.stringify(method.responseType)})`);
  }
  const bindings = [
    ...(overloaded ? [] : errors),
    ...method.parameters.map((parameter) => renderBinding(parameter, decorators)),
  ].join(", ");
  lines.push(
    `${INDENT}${method.name}(${bindings}): Promise<${overloaded ? "unknown" : returns}> {`,
    `${INDENT}${INDENT}return null!;`,
    `${INDENT}}`,
  );
  return lines.join("\n");
}

/** A parameter of the overload users call: its name and type. */
function renderParameter(parameter: ParameterPlan, printer: TypePrinter): string {
  const optional = parameter.required ? "" : "?";
  return `${parameter.variable}${optional}: ${printer.print(parameter.type, INDENT)}`;
}

/** A parameter of the decorated implementation: what the runtime binds it to. */
function renderBinding(parameter: ParameterPlan, decorators: Set<string>): string {
  let decorator = "";
  if (parameter.decorator !== undefined) {
    decorators.add(parameter.decorator);
    const key = parameter.key === undefined ? "" : JSON.stringify(parameter.key);
    const option =
      styleArgument(parameter.joinedStyle) ||
      (parameter.deepObject ? ', { style: "deepObject" }' : "") ||
      encodingArgument(parameter.encoding) ||
      (parameter.simpleExplode === undefined ? "" : `, { explode: ${parameter.simpleExplode} }`);
    decorator = `@${parameter.decorator}(${key}${option}) `;
  }
  const optional = parameter.required ? "" : "?";
  return `${decorator}_${parameter.variable}${optional}: unknown`;
}

/** The runtime's `@Query` option for the style; `explode` defaults to false for the delimited ones. */
function styleArgument(style: ParameterPlan["joinedStyle"]): string {
  if (style === undefined) return "";
  return style === "form" ? ", { explode: false }" : `, { style: "${style}" }`;
}

/** The runtime's `@Data` encoding option, keys in a fixed order: `, { style: "deepObject", explode: true }`. */
function encodingArgument(encoding: ParameterPlan["encoding"]): string {
  if (encoding === undefined) return "";
  const fields = (["style", "explode", "contentType"] as const).flatMap((key) =>
    encoding[key] === undefined ? [] : [`${key}: ${JSON.stringify(encoding[key])}`],
  );
  return `, { ${fields.join(", ")} }`;
}
