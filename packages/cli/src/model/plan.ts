import type { LoadedDocument } from "../openapi/load.js";
import type { OpenAPIDocument } from "../openapi/types.js";
import type { GenerateOptions } from "../options.js";
import { planBaseUrl } from "./base-url.js";
import { buildOperations } from "./build-operations.js";
import { buildDeclaration } from "./declaration.js";
import { planClassEnvelope } from "./envelope-mode.js";
import { planEnvelope } from "./envelope-plan.js";
import { groupOperations } from "./group-operations.js";
import { planMethod } from "./method-plan.js";
import { TypePlacement } from "./placement.js";
import type { Declaration, GenerationPlan } from "./plan-types.js";
import { SchemaContext } from "./schema/schema-context.js";
import { buildSchemaType } from "./schema/schema-type.js";
import type { NamedType } from "./type-expr.js";
import { TypeRegistry } from "./type-registry.js";
import type { Warnings } from "./warnings.js";

/**
 * Plans a loaded document: operations grouped by tag, every method's signature with its types as
 * trees, and every type those refer to declared in the first tag file that uses it.
 */
export function planDocument(
  loaded: LoadedDocument,
  options: GenerateOptions,
  warnings: Warnings,
): GenerationPlan {
  const operations = buildOperations(loaded, {
    ...(options.tags ? { tags: options.tags } : {}),
    ...(options.excludeTags ? { excludeTags: options.excludeTags } : {}),
    warnings,
  });
  const groups = groupOperations(operations, {
    descriptions: tagDescriptions(loaded.document),
    ...(options.tagNames ? { tagNames: options.tagNames } : {}),
    warnings,
  });
  const envelope = planEnvelope(loaded, operations, options.envelope, warnings);
  const envelopeKeys = typeof envelope === "object" ? envelope.keys : undefined;
  const registry = new TypeRegistry(loaded.document, {
    // With envelope keys a method may carry `@Envelope`, which a type must not shadow.
    reserved: [...groups.map((group) => group.className), ...(envelopeKeys ? ["Envelope"] : [])],
    warnings,
  });
  const context = new SchemaContext(loaded, registry, warnings, buildSchemaType);
  // Query objects and multipart forms have no schema to build from: their methods declare them.
  const types = { declared: new Map<NamedType, Declaration>(), queryObject: !!options.queryObject };
  const placement = new TypePlacement(
    (type) => types.declared.get(type) ?? buildDeclaration(type, context),
  );
  // One group after the other, its methods then the types they use: names of inline types are
  // claimed in this order, so it must not change.
  const apis = groups.map((group) => {
    const methods = group.methods.map((method) => planMethod(method, context, envelopeKeys, types));
    placement.place(
      group.fileName,
      methods.flatMap((method) => [
        ...method.parameters.map((p) => p.type),
        method.returns,
        ...(method.errors ? [method.errors] : []),
        ...(method.form ? [method.form] : []),
      ]),
    );
    return { group, ...planClassEnvelope(methods) };
  });
  context.split.nameVariants(placement.homes, (base, pointer) => registry.claim(base, pointer));
  return {
    apis,
    declarations: placement.declarations,
    homes: placement.homes,
    service: {
      baseUrl: planBaseUrl(loaded.document, options.baseUrl, warnings),
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(envelope ? { envelope } : {}),
    },
  };
}

/**
 * Each tag's text for its class doc: its summary (OpenAPI 3.2), description, and 3.2's `parent` and
 * `kind` as a line; a tag listed twice keeps its first entry. Classes stay one per tag: `parent`
 * does not nest them.
 */
function tagDescriptions(document: OpenAPIDocument): Map<string, string> {
  const descriptions = new Map<string, string>();
  for (const tag of Array.isArray(document.tags) ? document.tags : []) {
    if (typeof tag?.name !== "string" || descriptions.has(tag.name)) continue;
    const placed = [
      typeof tag.parent === "string" ? `Parent tag: ${tag.parent}.` : undefined,
      typeof tag.kind === "string" ? `Kind: ${tag.kind}.` : undefined,
    ].filter((part) => part !== undefined);
    const text = [tag.summary, tag.description, placed.join(" ")]
      .filter((part): part is string => typeof part === "string" && part !== "")
      .join("\n\n");
    if (text !== "") descriptions.set(tag.name, text);
  }
  return descriptions;
}
