import { KitOptionsError } from "../core/errors.js";
import { originOfURL } from "../core/url.js";
import { pluginMessages } from "./messages.js";

/**
 * Plugin options are checked when the plugin is created, so a typo fails at start-up with the
 * plugin and field named, not on some later request.
 */
export function invalidOption(
  plugin: string,
  field: string,
  expected: string,
  got: string,
): KitOptionsError {
  return new KitOptionsError(
    "KIT_PLUGIN_OPTION",
    pluginMessages.KIT_PLUGIN_OPTION(plugin, field, expected, got),
  );
}

export function requireInteger(plugin: string, field: string, value: unknown, min: number): void {
  if (!Number.isInteger(value) || (value as number) < min) {
    throw invalidOption(plugin, field, `an integer ≥ ${min}`, String(value));
  }
}

export function requirePositive(plugin: string, field: string, value: unknown): void {
  if (typeof value !== "number" || !(value > 0) || value === Number.POSITIVE_INFINITY) {
    throw invalidOption(plugin, field, "a positive finite number", String(value));
  }
}

export function requireFunction(plugin: string, field: string, value: unknown): void {
  if (typeof value !== "function") {
    throw invalidOption(plugin, field, "a function", typeof value);
  }
}

export function requireText(plugin: string, field: string, value: unknown): void {
  if (typeof value !== "string" || value === "") {
    throw invalidOption(plugin, field, "a non-empty string", String(value));
  }
}

/** An HTTP token (RFC 9110, section 5.6.2), as a header name must be. */
export function requireHeaderName(plugin: string, field: string, value: unknown): void {
  if (typeof value !== "string" || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value)) {
    const got = typeof value === "string" ? JSON.stringify(value) : String(value);
    throw invalidOption(plugin, field, "a header name (an HTTP token)", got);
  }
}

/** A list of absolute URLs, as the origins they name (`https://host:port`). */
export function requireOrigins(plugin: string, field: string, value: unknown): Set<string> {
  if (value === undefined) return new Set();
  if (!Array.isArray(value)) throw invalidOption(plugin, field, "an array of URLs", String(value));
  return new Set(
    value.map((url: unknown) => {
      const origin = typeof url === "string" ? originOfURL(url) : undefined;
      if (origin === undefined) throw invalidOption(plugin, field, "absolute URLs", String(url));
      return origin;
    }),
  );
}
