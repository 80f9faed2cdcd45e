import { SchemaContext } from "../../../src/model/schema/schema-context.js";
import { buildSchemaType } from "../../../src/model/schema/schema-type.js";
import type { IndexSignature, TypeExpr } from "../../../src/model/type-expr.js";
import { TypeRegistry } from "../../../src/model/type-registry.js";
import { Warnings } from "../../../src/model/warnings.js";
import { inlineDocument } from "../../support/fixtures.js";

/** Builds schemas at `#/s` against a document with these component schemas. */
export function builder(schemas: Record<string, unknown> = {}) {
  const loaded = inlineDocument({ components: { schemas } });
  const warnings = new Warnings();
  const registry = new TypeRegistry(loaded.document, { warnings });
  const context = new SchemaContext(loaded, registry, warnings, buildSchemaType);
  const build = (schema: unknown): TypeExpr => buildSchemaType(schema as object, "#/s", context);
  return { build, warnings, registry, context };
}

/** A tree with named types replaced by their names, so expectations stay short. */
export function plain(type: TypeExpr): unknown {
  switch (type.kind) {
    case "primitive":
      return type.name;
    case "literal":
      return { literal: type.value };
    case "ref":
      return { ref: type.type.name };
    case "array":
      return { array: plain(type.item) };
    case "tuple":
      return {
        tuple: type.elements.map(plain),
        required: type.required,
        ...(type.rest === undefined ? {} : { rest: plain(type.rest) }),
      };
    case "record":
      return { record: plain(type.value), ...(type.literal ? { literal: true } : {}) };
    case "union":
      return { union: type.members.map(plain) };
    case "intersection":
      return { intersection: type.members.map(plain) };
    case "object":
      return {
        object: Object.fromEntries(
          type.properties.map((p) => [`${p.key}${p.optional ? "?" : ""}`, plain(p.type)]),
        ),
        ...indexes(type.indexes),
      };
    case "runtime":
      return { [type.name]: type.args.map(plain) };
    case "statuses":
      return {
        statuses: Object.fromEntries(
          type.entries.map((entry) => [entry.status, plain(entry.type)]),
        ),
      };
  }
}

/** `extraKeys: true` for the index signature of any key and value; otherwise each signature. */
function indexes(signatures: readonly IndexSignature[]): object {
  if (signatures.length === 0) return {};
  if (
    signatures.length === 1 &&
    signatures[0]!.prefix === undefined &&
    plain(signatures[0]!.value) === "unknown"
  ) {
    return { extraKeys: true };
  }
  return {
    indexes: signatures.map(({ prefix, value }) => ({ [prefix ?? "string"]: plain(value) })),
  };
}
