/*
 * Message tables. A table of messages is a plain object of functions that inherits its defaults,
 * which errors call directly. The two every client loads (core/messages.ts, decorators/messages.ts)
 * are imported by `@kit/api/messages`; every other (the lifecycle's, the plugins', each entry
 * point's) is made with `catalogue(defaults)`, which registers it. Choosing a catalogue
 * (`setKitMessages`) and a server's own catalogue are the code of `@kit/api/messages`, which
 * writes into the tables and sets the hooks below when it is imported; a client that never
 * imports it carries only the hooks' calls (in `KitError`'s constructor, where `send()` and
 * `createApi` fail, and in the check of `@Server({ messages })`).
 */

// biome-ignore lint/suspicious/noExplicitAny: a table holds messages of any arguments
export type KitMessage = (...args: any[]) => string;

/** A table of messages by code; its defaults are its prototype, what it holds itself was chosen. */
export type MessageTable = Record<string, KitMessage>;

/** Messages by code as a user gives them: a partial catalogue. */
export type Catalogue = Readonly<Record<string, KitMessage | undefined>>;

/** What `@kit/api/messages` reaches in the core; each hook is unset until it is imported. */
export const wording: {
  /** Every table made so far. */
  readonly tables: MessageTable[];
  /** Writes the chosen catalogue into a table made after `@kit/api/messages` was imported. */
  added?: (table: MessageTable) => void;
  /** Remembers what the message of a Kit error being made was made from. */
  made?: (error: object, message: string) => void;
  /** Rewords `error` by the server's own catalogue, if it has one. */
  reword?: (
    error: unknown,
    server: { readonly options: { readonly messages?: Catalogue } },
  ) => void;
} = { tables: [] };

/** The table of `defaults`, registered, with what was chosen already written in. */
export function catalogue<T extends MessageTable>(defaults: T): T {
  const table = Object.create(defaults);
  wording.tables.push(table);
  wording.added?.(table);
  return table;
}
