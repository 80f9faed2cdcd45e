import type { FieldEncoding } from "../model/operation.js";
import type { JoinedQueryStyle } from "../model/query-style.js";
import { planSignature, type SignatureParameter } from "../model/signature.js";
import type { ApiMethod } from "../model/tag-group.js";
import { docComment } from "./doc-comment.js";
import { renderPayloadType } from "./payload-type.js";
import type { RenderContext } from "./render-context.js";

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
  method: ApiMethod,
  context: RenderContext,
  decorators: Set<string>,
): string {
  const { operation } = method;
  const signature = planSignature(context.loaded, operation, context.warnings, context.envelope);
  const notes = [
    signature.cookies.length > 0
      ? `Cookie parameters (${signature.cookies.join(", ")}) are not sent by this method: write them into the Cookie header yourself.`
      : undefined,
    signature.fileFields.length > 0
      ? `Multipart file fields: ${signature.fileFields.join(", ")}.`
      : undefined,
  ];
  const doc = docComment(
    [
      operation.summary,
      operation.description,
      ...notes,
      `${operation.verb.toUpperCase()} ${operation.path}`,
    ],
    INDENT,
    operation.deprecated ? ["@deprecated"] : [],
  );

  const returns = context.union(() =>
    signature.returns.map((source) => renderPayloadType(source, context, INDENT)),
  );
  const lines = [...doc];
  // With parameters, the named signature is an overload and the decorated implementation's
  // parameters start with `_`: noUnusedParameters skips those, and editors show the overload.
  const overloaded = signature.parameters.length > 0;
  if (overloaded) {
    const parameters = signature.parameters
      .map((parameter) => renderParameter(parameter, context))
      .join(", ");
    lines.push(`${INDENT}${method.name}(${parameters}): Promise<${returns}>;`);
  }
  const verb = VERB_DECORATORS[operation.verb];
  decorators.add(verb);
  lines.push(`${INDENT}@${verb}(${JSON.stringify(method.path)})`);
  if (signature.contentType !== undefined) {
    decorators.add("ContentType");
    lines.push(`${INDENT}@ContentType(${JSON.stringify(signature.contentType)})`);
  }
  if (signature.responseType !== undefined) {
    decorators.add("ResponseType");
    lines.push(`${INDENT}@ResponseType(${JSON.stringify(signature.responseType)})`);
  }
  const bindings = signature.parameters
    .map((parameter) => renderBinding(parameter, decorators))
    .join(", ");
  lines.push(
    `${INDENT}${method.name}(${bindings}): Promise<${overloaded ? "unknown" : returns}> {`,
    `${INDENT}${INDENT}return null!;`,
    `${INDENT}}`,
  );
  return lines.join("\n");
}

/** A parameter of the overload users call: its name and type. */
function renderParameter(parameter: SignatureParameter, context: RenderContext): string {
  const optional = parameter.required ? "" : "?";
  const type = renderPayloadType(parameter.type, context, INDENT);
  return `${parameter.variable}${optional}: ${type}`;
}

/** A parameter of the decorated implementation: what the runtime binds it to. */
function renderBinding(parameter: SignatureParameter, decorators: Set<string>): string {
  let decorator = "";
  if (parameter.decorator !== undefined) {
    decorators.add(parameter.decorator);
    const key = parameter.key === undefined ? "" : JSON.stringify(parameter.key);
    const option =
      styleArgument(parameter.joinedStyle) ||
      (parameter.deepObject ? ', { style: "deepObject" }' : "") ||
      encodingArgument(parameter.encoding);
    decorator = `@${parameter.decorator}(${key}${option}) `;
  }
  const optional = parameter.required ? "" : "?";
  return `${decorator}_${parameter.variable}${optional}: unknown`;
}

/** The runtime's `@Query` option for the style; `explode` defaults to false for the delimited ones. */
function styleArgument(style: JoinedQueryStyle | undefined): string {
  if (style === undefined) return "";
  return style === "form" ? ", { explode: false }" : `, { style: "${style}" }`;
}

/** The runtime's `@Data` encoding option, keys in a fixed order: `, { style: "deepObject", explode: true }`. */
function encodingArgument(encoding: FieldEncoding | undefined): string {
  if (encoding === undefined) return "";
  const fields = (["style", "explode", "contentType"] as const).flatMap((key) =>
    encoding[key] === undefined ? [] : [`${key}: ${JSON.stringify(encoding[key])}`],
  );
  return `, { ${fields.join(", ")} }`;
}
