/*
 * Message catalogues. Every table of messages (the core's, the plugins', each entry point's) is
 * made with `catalogue(defaults)`: each message is looked up in the catalogue chosen globally
 * first, so `setKitMessages(zh)` rewords every Kit error, and a server's own catalogue rewords the
 * errors of its sends from the arguments their message was made with.
 */

// biome-ignore lint/suspicious/noExplicitAny: a table holds messages of any arguments
export type KitMessage = (...args: any[]) => string;

/** The messages chosen globally, by code; a code not here uses the table's default. */
const chosen: Record<string, KitMessage> = Object.create(null);

/** The last message made and its arguments: an error is made from it in the same turn. */
let lastText: string | undefined;
let lastArgs: readonly unknown[] = [];

/** A table whose every message reads the global choice first, and remembers its arguments. */
export function catalogue<T extends Record<string, KitMessage>>(defaults: T): T {
  const table: Record<string, KitMessage> = {};
  for (const code of Object.keys(defaults)) {
    table[code] = (...args) => {
      const text = (chosen[code] ?? defaults[code]!)(...args);
      lastText = text;
      lastArgs = args;
      return text;
    };
  }
  return table as T;
}

/** Lays `messages` over the global choice; `undefined` for a code returns it to the default. */
export function chooseMessages(messages: Readonly<Record<string, KitMessage | undefined>>): void {
  for (const [code, message] of Object.entries(messages)) {
    if (message === undefined) delete chosen[code];
    else chosen[code] = message;
  }
}

/** Every message back to its default. */
export function clearMessages(): void {
  for (const code of Object.keys(chosen)) delete chosen[code];
}

/** What each error's message was made from, so a server's own catalogue can reword it. */
const wordings = new WeakMap<object, readonly unknown[]>();

/** Remembers the arguments of `message` for `error`, when it is the last message made. */
export function rememberWording(error: object, message: string): void {
  if (message === lastText) wordings.set(error, lastArgs);
}

/**
 * `error` reworded by `messages` (a server's own, if it has one), if they have its code and its
 * message came from a catalogue; anything else thrown is left as it is.
 */
export function reword(
  error: unknown,
  messages: Readonly<Record<string, KitMessage | undefined>> | undefined,
): void {
  const args = wordings.get(error as object);
  const message = args && messages?.[(error as { code: string }).code];
  if (message !== undefined) (error as Error).message = message(...args!);
}
