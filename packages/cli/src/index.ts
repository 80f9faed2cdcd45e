export {
  defineConfig,
  type KitConfig,
  type ServiceConfig,
  type WatchConfig,
} from "./config/types.js";
export { renderApiFile } from "./emit/api-file.js";
export { renderBarrelFile, renderTypesBarrelFile } from "./emit/barrel-file.js";
export { renderServiceFile } from "./emit/service-file.js";
export { renderTypeDeclaration } from "./emit/type-declaration.js";
export { renderTypeFile } from "./emit/type-file.js";
export { TypePrinter } from "./emit/type-printer.js";
export {
  isKitGenerateError,
  KitGenerateError,
  KitUsageError,
  type SourceLocation,
} from "./errors.js";
export { generateFromOpenAPI, renderDocument } from "./generate.js";
export { buildOperations } from "./model/build-operations.js";
export { groupOperations } from "./model/group-operations.js";
export { mergeObjectShape, type ObjectShape } from "./model/merge-object-shape.js";
export { type MethodParameter, planParameters } from "./model/method-parameters.js";
export { planReturns } from "./model/method-returns.js";
export type { Operation } from "./model/operation.js";
export { planDocument } from "./model/plan.js";
export type { GenerationPlan } from "./model/plan-types.js";
export { SchemaContext } from "./model/schema/schema-context.js";
export { buildSchemaType } from "./model/schema/schema-type.js";
export type { ApiMethod, TagGroup } from "./model/tag-group.js";
export type { NamedType, TypeExpr } from "./model/type-expr.js";
export { TypeRegistry } from "./model/type-registry.js";
export type { TypeSource } from "./model/type-source.js";
export { Warnings } from "./model/warnings.js";
export {
  type LoadedDocument,
  loadOpenAPIDocument,
  parseOpenAPIDocument,
  readOpenAPIDocument,
} from "./openapi/load.js";
export { dereferenceSchema, resolveLocalReference } from "./openapi/refs.js";
export type { OpenAPIDocument } from "./openapi/types.js";
export {
  type EnvelopeKeys,
  GENERATED_MARKER,
  type GeneratedFile,
  type GenerateOptions,
  type GenerateResult,
} from "./options.js";
export { WriteRefusedError } from "./write/refused-error.js";
export { writeGenerated } from "./write/write-generated.js";
