/**
 * What `send()` resolves. A plain object with no methods, so a plugin copies one with a spread,
 * e.g. a cache hit: `{ ...stored, fromCache: true }`.
 */
export interface KitResult<Envelope = unknown, Data = unknown> {
  /** The envelope's `dataKey` field when the body was an envelope, else the whole body. */
  readonly data: Data;
  /** The envelope's `codeKey` field when it is a string or number. */
  readonly code: string | number | undefined;
  /** The envelope's `messageKey` field when it is a string. */
  readonly message: string | undefined;
  /** `true` only when a plugin answered from its cache without sending. */
  readonly fromCache: boolean;
  /** The HTTP status. */
  readonly status: number;
  /** Response headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The raw body when it was an envelope, else `undefined`. */
  readonly envelope: Envelope | undefined;
}
