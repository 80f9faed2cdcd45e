import { KitOptionsError } from "../core/errors.js";
import { type AnyKitMethod, KitMethod, methodInternals } from "../core/method.js";
import { frameworkMessages } from "./messages.js";

/**
 * `[server, api, method, ...args]`: `["https://eu.example.com/api", "PetApi", "getPetById", 1]`,
 * where `server` is the server's `name` (its baseURL unless named). A prefix selects a server, an
 * API or a method.
 */
export type KitQueryKey = readonly [
  server: string,
  api: string,
  method?: string,
  ...args: unknown[],
];

/** What a query key can be made of: an API object, one of its methods, or a `KitMethod`. */
export type KitQueryTarget = object;

/**
 * The query key of a `KitMethod` (`[server, "PetApi", "getPetById", 1]`), of an API method
 * (`[server, "PetApi", "getPetById"]`, every call of it) or of an API object (`[server, "PetApi"]`,
 * all its methods). The server comes first because one query client may serve the same API class
 * from two servers (regions, tenants on their own hosts), whose answers must not stand in for each
 * other. Keys of equal arguments are equal: trailing `undefined` arguments are left out, and
 * TanStack Query hashes objects with their keys sorted. Arguments should be JSON values to stay
 * serializable.
 */
export function kitQueryKey(target: KitQueryTarget): KitQueryKey {
  return methodKey(target, "kitQueryKey()");
}

/** `kitQueryKey`, naming `where` when the target is none of the three. */
export function methodKey(target: KitQueryTarget, where: string): KitQueryKey {
  if (target instanceof KitMethod) {
    return [serverOf(target), target.api, target.name, ...withoutTrailingUndefined(target.args)];
  }
  const method = probe(target, where);
  const server = serverOf(method);
  return typeof target === "function" ? [server, method.api, method.name] : [server, method.api];
}

/**
 * The `KitMethod` an API method builds when called without arguments, or the first method of an API
 * object: building one sends nothing, and it knows the API and method names.
 */
export function probe(target: object, where: string): AnyKitMethod {
  const factory = typeof target === "function" ? target : firstFunction(target);
  const built: unknown = factory?.();
  if (built instanceof KitMethod) return built;
  throw new KitOptionsError(
    "KIT_QUERY_KEY_TARGET",
    frameworkMessages.KIT_QUERY_KEY_TARGET(where, describe(target)),
  );
}

/** The server's `name`: its baseURL unless the server was given one. */
export function serverOf(method: AnyKitMethod): string {
  return methodInternals.endpoint(method).server.options.name;
}

/** How many arguments the API method of `method` declares. */
export function arityOf(method: AnyKitMethod): number {
  return methodInternals.endpoint(method).route.arity;
}

function firstFunction(target: object): (() => unknown) | undefined {
  for (const value of Object.values(target)) if (typeof value === "function") return value;
  return undefined;
}

function describe(value: unknown): string {
  if (typeof value === "function") return `function ${value.name || "(anonymous)"}`;
  return Object.prototype.toString.call(value).slice(8, -1).toLowerCase();
}

function withoutTrailingUndefined(args: readonly unknown[]): unknown[] {
  let end = args.length;
  while (end > 0 && args[end - 1] === undefined) end--;
  return args.slice(0, end);
}

/** Whether `key` is `prefix` or lies below it: the queries a key of a method, API or call selects. */
export function keyStartsWith(key: readonly unknown[], prefix: readonly unknown[]): boolean {
  return (
    prefix.length <= key.length &&
    prefix.every((part, i) => stableText(part) === stableText(key[i]))
  );
}

/** JSON with object keys sorted, as TanStack Query hashes keys: equal content, equal text. */
function stableText(value: unknown): string {
  return JSON.stringify(value, (_, part: unknown) =>
    part !== null && typeof part === "object" && !Array.isArray(part)
      ? Object.fromEntries(Object.entries(part).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : part,
  );
}
