/*
 * What `@kit/api/messages` adds to the core's message tables (core/catalogue.ts): the catalogue
 * chosen globally, written into every table, and the memory of what each error's message was made
 * from, so a server's own catalogue can reword that server's errors. Every module of this entry
 * calls `startWording()` as it loads, so importing any of them turns both on.
 */
import { type Catalogue, type KitMessage, type MessageTable, wording } from "../core/catalogue.js";
import { messages } from "../core/messages.js";
import { optionMessages } from "../decorators/messages.js";

/** The tables every client loads, which are not registered, and those registered so far. */
const tables = (): MessageTable[] => [messages, optionMessages, ...wording.tables];

/** The messages chosen globally, by code; a code not here uses the table's default. */
const chosen: Record<string, KitMessage> = Object.create(null);

/** The last message made and its arguments: an error is made from it in the same turn. */
let lastText: string | undefined;
let lastArgs: readonly unknown[] = [];

/** What each error's message was made from. */
const wordings = new WeakMap<object, readonly unknown[]>();

/**
 * Writes into `table` the chosen message of each of its codes, else the default it inherits,
 * each remembering the arguments it was called with.
 */
function write(table: MessageTable): void {
  const defaults: MessageTable = Object.getPrototypeOf(table);
  for (const code of Object.keys(defaults)) {
    const message = chosen[code] ?? defaults[code]!;
    table[code] = (...args) => {
      const text = message(...args);
      lastText = text;
      lastArgs = args;
      return text;
    };
  }
}

/** Turns the global choice and the rewording by a server's catalogue on; once is enough. */
export function startWording(): void {
  if (wording.added !== undefined) return;
  wording.added = write;
  wording.made = (error, message) => {
    if (message === lastText) wordings.set(error, lastArgs);
  };
  wording.reword = reword;
  for (const table of tables()) write(table);
}

/**
 * `error` reworded by the server's own catalogue, if it has one with its code and the error's
 * message came from a table; anything else thrown is left as it is.
 */
function reword(
  error: unknown,
  server: { readonly options: { readonly messages?: Catalogue } },
): void {
  const args = wordings.get(error as object);
  const message = args && server.options.messages?.[(error as { code: string }).code];
  if (message !== undefined) (error as Error).message = message(...args!);
}

/**
 * Lays `messages` over the global choice, `undefined` for a code returning it to its default;
 * `null` returns every message to its default.
 */
export function chooseMessages(messages: Catalogue | null): void {
  if (messages === null) {
    for (const code of Object.keys(chosen)) delete chosen[code];
  }
  for (const [code, message] of Object.entries(messages ?? {})) {
    if (message === undefined) delete chosen[code];
    else chosen[code] = message;
  }
  for (const table of tables()) write(table);
}
