export { renderApiFile } from "./emit/api-file.js";
export { renderBarrelFile } from "./emit/barrel-file.js";
export { renderPayloadType } from "./emit/payload-type.js";
export { renderSchemaType } from "./emit/schema/render-schema-type.js";
export { renderServiceFile } from "./emit/service-file.js";
export { renderTypeFile } from "./emit/type-file.js";
export { isKitGenerateError, KitGenerateError, type SourceLocation } from "./errors.js";
export { generateFromOpenAPI, renderDocument } from "./generate.js";
export { buildOperations } from "./model/build-operations.js";
export { groupOperations } from "./model/group-operations.js";
export { mergeObjectShape } from "./model/merge-object-shape.js";
export { TypeRegistry } from "./model/type-registry.js";
export {
  type LoadedDocument,
  loadOpenAPIDocument,
  parseOpenAPIDocument,
  readOpenAPIDocument,
} from "./openapi/load.js";
export { dereferenceSchema, resolveLocalReference } from "./openapi/refs.js";
export type { OpenAPIDocument } from "./openapi/types.js";
export {
  GENERATED_MARKER,
  type GeneratedFile,
  type GenerateOptions,
  type GenerateResult,
} from "./options.js";
export { WriteRefusedError } from "./write/refused-error.js";
export { writeGenerated } from "./write/write-generated.js";
