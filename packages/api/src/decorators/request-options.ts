import { mergeCallOptions } from "../core/call-options.js";
import { KitDecoratorError } from "../core/errors.js";
import { fieldValue, httpToken } from "../core/http-token.js";
import { durationText, isDuration } from "../core/options.js";
import { isPlainObject } from "../core/plain-object.js";
import type { KitCallOptions } from "../core/plugin.js";
import type { KitResponseType } from "../core/vocabulary.js";
import { argumentError, describeMember } from "./member.js";
import { optionMessages } from "./messages.js";
import {
  type Constructor,
  ownApiRecord,
  ownMethodRecord,
  type RequestSettings,
} from "./metadata.js";

/**
 * A decorator for an API class (every method of it) or one of its methods. A method's value wins
 * over its class's, the class's over the server's; a call's own options win over all.
 */
export type KitOptionDecorator = {
  (target: Constructor): void;
  (target: object, key: string | symbol, descriptor: PropertyDescriptor): void;
};

/** The settings a class or method decorator writes to, after checking where it sits. */
function settingsOf(
  decorator: string,
  target: object,
  key: string | symbol | undefined,
): { settings: RequestSettings; where: string } {
  if (typeof target === "function" && key === undefined) {
    return { settings: ownApiRecord(target as Constructor).settings, where: target.name };
  }
  const owner = typeof target === "function" ? target.name : target.constructor.name;
  const where = describeMember(owner, key === undefined ? "constructor" : String(key));
  if (typeof target === "function" || typeof key !== "string") {
    throw new KitDecoratorError(
      "KIT_DECORATOR_OPTION_TARGET",
      optionMessages.KIT_DECORATOR_OPTION_TARGET(decorator, where),
    );
  }
  return { settings: ownMethodRecord(target.constructor as Constructor, key).settings, where };
}

function optionDecorator<T>(
  decorator: string,
  valid: (value: unknown) => boolean,
  expected: string,
  write: (settings: RequestSettings, value: T) => void,
): (value: T) => KitOptionDecorator {
  return (value) =>
    ((target: object, key?: string | symbol) => {
      const { settings, where } = settingsOf(decorator, target, key);
      if (!valid(value)) {
        throw argumentError(decorator, where, expected);
      }
      write(settings, value);
    }) as KitOptionDecorator;
}

function isHeaderRecord(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const [name, text] of Object.entries(value)) {
    if (!httpToken.test(name) || typeof text !== "string" || !fieldValue.test(text)) return false;
  }
  return true;
}

function isPluginOptions(value: unknown): boolean {
  return isPlainObject(value) && Object.values(value).every(isPlainObject);
}

/** Milliseconds before the request fails with `KitTimeoutError`; `0` waits forever. */
export const Timeout = /* @__PURE__ */ optionDecorator<number>(
  "Timeout",
  isDuration,
  durationText,
  (settings, timeout) => {
    settings.timeout = timeout;
  },
);

/**
 * Static headers, laid over the server's `headers`; a method's over its class's. `@HeaderValue`
 * arguments are laid over them in turn.
 */
export const StaticHeaders = /* @__PURE__ */ optionDecorator<Readonly<Record<string, string>>>(
  "StaticHeaders",
  isHeaderRecord,
  "an object of header names (HTTP tokens) to string values without control characters",
  (settings, headers) => {
    settings.headers = { ...settings.headers, ...headers };
  },
);

/** Sends cookies on cross-origin requests; `@WithCredentials(false)` turns a server's `true` off. */
export const WithCredentials = (enabled = true): KitOptionDecorator => withCredentials(enabled);

const withCredentials = /* @__PURE__ */ optionDecorator<boolean>(
  "WithCredentials",
  (value) => typeof value === "boolean",
  "true or false",
  (settings, enabled) => {
    settings.withCredentials = enabled;
  },
);

/**
 * Options for the plugins, as `KitMethod.options(...)` takes them, e.g.
 * `@PluginOptions({ cache: { ttl: 300_000 }, retry: { retries: 0 } })`. Each plugin's object is
 * merged field by field: the call's over the method's over the class's.
 */
export const PluginOptions = /* @__PURE__ */ optionDecorator<KitCallOptions>(
  "PluginOptions",
  isPluginOptions,
  "an object whose fields are the plugins' option objects",
  (settings, options) => {
    settings.plugins = mergeCallOptions(settings.plugins, options);
  },
);

const responseTypes: readonly KitResponseType[] = [
  "json",
  "text",
  "blob",
  "arraybuffer",
  "stream",
  "auto",
];

/** How the response body is read; only `"json"` (the default) is ever unwrapped. */
export const ResponseType = /* @__PURE__ */ optionDecorator<KitResponseType>(
  "ResponseType",
  (value) => responseTypes.includes(value as KitResponseType),
  `one of ${responseTypes.map((name) => `"${name}"`).join(", ")}`,
  (settings, type) => {
    settings.responseType = type;
  },
);
