import type { ServiceEnvelope } from "./envelope-plan.js";
import type { Verb } from "./operation.js";
import type { TagGroup } from "./tag-group.js";
import type { Doc, IndexSignature, NamedType, Property, TypeExpr } from "./type-expr.js";
import type { WireBinding } from "./wire-binding.js";

/** The runtime's envelope modes, as a generated method declares them. */
export type EnvelopeMode = "strict" | "auto" | false;

/** The plan the printer prints: data only, decided in full before anything is printed. */

/** Everything the printer needs, decided before anything is printed. */
export interface GenerationPlan {
  /** One API file per tag group, sorted by tag. */
  readonly apis: readonly ApiPlan[];
  /** Every declared type, in the order it was placed. */
  readonly declarations: readonly Declaration[];
  /** The tag file (`types/<file>.ts`) each declared type lives in. */
  readonly homes: ReadonlyMap<NamedType, string>;
  readonly service: ServicePlan;
}

/** One API class: its tag group, its methods and the envelope mode its `@Api` declares. */
export interface ApiPlan {
  readonly group: TagGroup;
  readonly methods: readonly MethodPlan[];
  readonly envelope: EnvelopeMode;
}

export interface ServicePlan {
  readonly baseUrl: string;
  readonly name?: string;
  /** Absent: the runtime's default envelope handling, and an untyped server. */
  readonly envelope?: ServiceEnvelope;
}

/** Everything needed to print one decorated method. */
export interface MethodPlan {
  readonly name: string;
  readonly verb: Verb;
  /** The decorator's path, relative to the class prefix. */
  readonly path: string;
  readonly doc: Doc;
  readonly contentType?: string;
  readonly responseType?: "text" | "blob" | "stream" | "auto";
  /** `@Envelope(mode)`: how the runtime reads this method's JSON body, where its class says otherwise. */
  readonly envelope?: EnvelopeMode;
  /** Required parameters first, then optional ones. */
  readonly parameters: readonly ParameterPlan[];
  /** The union of the 2xx response types, `void`, or a stream type (`KitServerSentEvents<Tick>`). */
  readonly returns: TypeExpr;
  /**
   * The declared error responses, `KitErrors<{ 404: NotFound; default: Problem }>`: the method's
   * `this` type, from which the runtime infers its error type. Absent when no error body is typed.
   */
  readonly errors?: TypeExpr;
  /** `<Operation>Form`, the fields of a multipart body for `formData<T>()`; not in the signature. */
  readonly form?: TypeExpr;
}

/** One key of a query object: its wire name and, as for a named `@Query`, its binding. */
export interface QueryKeyPlan {
  readonly key: string;
  readonly binding: WireBinding;
}

export interface ParameterPlan {
  readonly variable: string;
  /** For a query object (`@Query({ keys })`): its keys in the order they are sent. */
  readonly queryKeys?: readonly QueryKeyPlan[];
  /** How the value goes on the wire, as the document's parameter decided it: the decorator. */
  readonly binding: WireBinding;
  /** The decorator's name argument; absent for `@Query()`, `@Data()` and a cookie. */
  readonly key?: string;
  readonly required: boolean;
  readonly type: TypeExpr;
}

/** A declared type: `export interface` for an object with properties, `export type` otherwise. */
export interface Declaration {
  readonly type: NamedType;
  readonly doc: Doc;
  readonly body:
    | {
        readonly kind: "interface";
        readonly properties: readonly Property[];
        readonly indexes: readonly IndexSignature[];
      }
    | { readonly kind: "alias"; readonly type: TypeExpr };
}

/** One MSW handler: the operation's route and the example answer, decided at generation time. */
export interface MockHandlerPlan {
  /** The generated method's name: the key to override the handler by. */
  readonly name: string;
  readonly verb: string;
  /** The full path, placeholders as `:name`, without a `?`/`#` part (MSW matches paths only). */
  readonly path: string;
  readonly status: number;
  readonly contentType?: string;
  readonly body:
    | { readonly kind: "json"; readonly value: unknown; readonly type?: TypeExpr }
    | { readonly kind: "text"; readonly value: string }
    | { readonly kind: "binary"; readonly value: readonly number[] }
    | { readonly kind: "empty" };
}

export interface MockFilePlan {
  readonly group: TagGroup;
  /** The seed the examples were generated with, as `kit mock --seed`. */
  readonly seed: number;
  readonly handlers: readonly MockHandlerPlan[];
}
