import type { OpenAPIDocument, SchemaObject } from "../openapi/types.js";
import type { Direction } from "./json-schema.js";

/** The problems of a value against the document's schema at a pointer (empty when valid). */
export type ValueCheck = (value: unknown, pointer: string) => readonly string[];

/** What one `exampleValue` call carries through the generator. */
export interface State {
  document: OpenAPIDocument;
  direction: Direction;
  seed: number;
  useExamples: boolean;
  /** Characters and items written so far, shared by the whole value. */
  size: { used: number };
  /** Whether a place with no value throws `NoValue` (else it gives its first candidate). */
  strict: boolean;
  check: ValueCheck | undefined;
  /** The schemas being generated, by pointer: a nullable schema leading back to one ends there. */
  open: Map<string, number>;
  /** `$dynamicAnchor` names in scope, the outermost first: what a `$dynamicRef` names. */
  anchors: Map<string, { schema: unknown; pointer: string }>;
}

export interface Schema extends SchemaObject {
  examples?: unknown[];
  $dynamicRef?: string;
  $dynamicAnchor?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  pattern?: string;
  multipleOf?: number;
  writeOnly?: boolean;
}
