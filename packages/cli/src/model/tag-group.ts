import type { Operation } from "./operation.js";

export interface ApiMethod {
  operation: Operation;
  /** Unique within its class. */
  name: string;
  /** Relative to the class prefix, placeholders as `:name`; `""` when it equals the prefix. */
  path: string;
  /**
   * Set on the method that reads a stream the operation offers beside another answer (OpenAI's
   * JSON or `text/event-stream`): the name of the method that reads the other.
   */
  streamOf?: string;
}

/** One tag: one `apis/<fileName>.api.ts` with one class and one instance. */
export interface TagGroup {
  /** The tag text as written in the document. */
  tag: string;
  description?: string;
  /** Lowercase, hyphenated, ASCII only: `apis/<fileName>.api.ts`, `types/<fileName>.ts`. */
  fileName: string;
  className: string;
  instanceName: string;
  /** True when the names do not come from the tag's own words (non-ASCII tag or collision). */
  renamed: boolean;
  /** The `@Api` prefix: whole literal segments shared by every path of the tag. */
  prefix: string;
  /** Sorted by path, then verb. */
  methods: ApiMethod[];
}

/** The route a method's requests take: the class prefix and its path, or its own absolute URL. */
export function fullRoute(prefix: string, path: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(path) ? path : `${prefix}${path}`;
}
