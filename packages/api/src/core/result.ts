/**
 * What `send()` resolves. A plain object with no methods, so a plugin copies one with a spread,
 * e.g. a cache hit: `{ ...stored, fromCache: true }`.
 *
 * `Envelope` is the server's envelope type, `KitServer<{ code: number; message: string }>`: it
 * types `code` and `message` by the result fields they fill, whatever the envelope's own keys are.
 * A field it leaves out keeps the untyped default.
 */
export interface KitResult<Envelope = unknown, Data = unknown> {
  /** The envelope's `dataKey` field when the body was an envelope, else the whole body. */
  readonly data: Data;
  /** The envelope's `codeKey` field when it is a string or number. */
  readonly code: KitEnvelopeCode<Envelope> | undefined;
  /** The envelope's `messageKey` field when it is a string. */
  readonly message: KitEnvelopeMessage<Envelope> | undefined;
  /** `true` only when a plugin answered from its cache without sending. */
  readonly fromCache: boolean;
  /** The HTTP status. */
  readonly status: number;
  /** Response headers, names in lower case; in Node, `set-cookie` is an array. */
  readonly headers: KitResponseHeaders;
  /** The raw body when it was an envelope, else `undefined`. */
  readonly envelope: Readonly<Record<string, unknown>> | undefined;
}

/**
 * Response headers as the adapter gave them: one string per name, except that Node's adapters
 * give `set-cookie` as an array of strings (browsers never show it).
 */
export type KitResponseHeaders = Readonly<Record<string, string | readonly string[]>>;

/** The type of `KitResult.code`: the envelope type's `code`, else any string or number. */
export type KitEnvelopeCode<Envelope> = Envelope extends { readonly code: infer Code }
  ? Code
  : string | number;

/** The type of `KitResult.message`: the envelope type's `message`, else any string. */
export type KitEnvelopeMessage<Envelope> = Envelope extends { readonly message: infer Message }
  ? Message
  : string;
