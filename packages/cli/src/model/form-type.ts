import { dereference } from "../openapi/refs.js";
import { mergeObjectShape } from "./merge-object-shape.js";
import type { Operation } from "./operation.js";
import { operationTypeStem } from "./operation-name.js";
import type { Declaration } from "./plan-types.js";
import { hasBinaryField } from "./request-media.js";
import type { SchemaContext } from "./schema/schema-context.js";
import { buildSchemaType } from "./schema/schema-type.js";
import type { NamedType, Property, TypeExpr } from "./type-expr.js";

/**
 * Declares `<Operation>Form`, the fields of a multipart body as `formData<T>()` of `@kit/api/form`
 * takes them: built as a request sends it (files as `Blob`), each field whose Encoding Object
 * names a content type saying so. Undefined when the body is not multipart or has no object schema.
 * Adds the declaration to `declared`, where the type placement finds it.
 */
export function multipartFormType(
  operation: Operation,
  context: SchemaContext,
  declared: Map<NamedType, Declaration>,
): TypeExpr | undefined {
  const body = operation.requestBody;
  if (body?.kind !== "multipart" || body.schema === undefined) return undefined;
  if (mergeObjectShape(context.loaded, [body.schema]) === undefined) return undefined;
  const { schema, pointer } = body.schema;
  const name = `${operationTypeStem(operation)}Form`;
  const type = context.registry.nameInline(pointer, name, {});
  if (!declared.has(type)) {
    // A component with file fields is declared as JSON reads it (files as text), so the form
    // builds its fields in place, where they are parts; without any it stays an alias.
    const own = hasBinaryField(context.loaded, schema, pointer)
      ? dereference(context.loaded, schema, pointer)
      : { schema, pointer };
    const built = context.inView("request", () =>
      context.at("deferred", () =>
        context.multipartBody(() => buildSchemaType(own.schema, own.pointer, context)),
      ),
    );
    const usage = `formData<${type.name}>({ … })`;
    const doc = {
      paragraphs: [
        `The multipart body of ${operation.verb.toUpperCase()} ${operation.path}.`,
        `Build it with \`${usage}\` from \`@kit/api/form\`.`,
      ],
      tags: [],
    };
    const encodings = body.encoding ?? {};
    declared.set(type, {
      type,
      doc,
      body:
        built.kind === "object"
          ? {
              kind: "interface",
              properties: built.properties.map((property) =>
                withPartType(property, encodings[property.key]?.contentType),
              ),
              indexes: built.indexes,
            }
          : { kind: "alias", type: built },
    });
  }
  return { kind: "ref", type };
}

function withPartType(property: Property, contentType: string | undefined): Property {
  if (contentType === undefined) return property;
  const note = `Sent as a \`${contentType}\` part: pass \`{ ${JSON.stringify(property.key)}: { contentType: ${JSON.stringify(contentType)} } }\` as formData's second argument.`;
  return { ...property, doc: { ...property.doc, paragraphs: [...property.doc.paragraphs, note] } };
}
