import type { DataTag } from "@tanstack/query-core";
import { KitOptionsError } from "../core/errors.js";
import { type AnyKitMethod, KitMethod, methodInternals } from "../core/method.js";
import type { KitMethodFactory } from "../frameworks/types.js";
import { queryMessages } from "./messages.js";

export type { KitFactoryData, KitMethodFactory } from "../frameworks/types.js";

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

/** What `kitQueryOptions` returns: spread it into `useQuery`, `queryClient.fetchQuery`, and so on. */
export interface KitQueryOptions<T> {
  readonly queryKey: DataTag<KitQueryKey, T, Error>;
  readonly queryFn: (context: { readonly signal: AbortSignal }) => Promise<T>;
}

/** What `kitMutationOptions` returns; the mutation's variables are the API method's arguments. */
export interface KitMutationOptions<Args extends readonly unknown[], T> {
  readonly mutationKey: readonly [server: string, api: string, method: string];
  readonly mutationFn: (args: Args) => Promise<T>;
}

/**
 * The query key of a `KitMethod` (`[server, "PetApi", "getPetById", 1]`), of an API method
 * (`[server, "PetApi", "getPetById"]`, every call of it) or of an API object (`[server, "PetApi"]`,
 * all its methods). The server comes first because one query client may serve the same API class
 * from two servers (regions, tenants on their own hosts), whose answers must not stand in for each
 * other. Keys of equal arguments are equal: trailing `undefined` arguments are left out, and
 * TanStack Query hashes objects with their keys sorted. Arguments should be JSON values to stay
 * serializable.
 */
export function kitQueryKey(target: object): KitQueryKey {
  if (target instanceof KitMethod) {
    return [serverOf(target), target.api, target.name, ...withoutTrailingUndefined(target.args)];
  }
  const method = probe(target);
  const server = serverOf(method);
  return typeof target === "function" ? [server, method.api, method.name] : [server, method.api];
}

/**
 * Query options for one call: `useQuery(kitQueryOptions(petApi.getPetById(id)))`. `data` is the
 * response data; the query's `signal` aborts the send when TanStack Query cancels the query.
 */
export function kitQueryOptions<T>(
  method: ReturnType<KitMethodFactory<[], T>>,
): KitQueryOptions<T> {
  return {
    queryKey: kitQueryKey(method) as DataTag<KitQueryKey, T, Error>,
    queryFn: ({ signal }) => method.sendWith({ signal }).then((result) => result.data),
  };
}

/**
 * Mutation options for an API method: `useMutation(kitMutationOptions(petApi.addPet))`, then
 * `mutate([pet])`, the arguments as a tuple. `mutationKey` is the method's query key.
 */
export function kitMutationOptions<Args extends readonly unknown[], T>(
  factory: KitMethodFactory<Args, T>,
): KitMutationOptions<Args, T> {
  const method = probe(factory);
  return {
    mutationKey: [serverOf(method), method.api, method.name],
    mutationFn: (args) =>
      factory(...args)
        .send()
        .then((result) => result.data),
  };
}

/**
 * The `KitMethod` an API method builds when called without arguments, or the first method of an API
 * object: building one sends nothing, and it knows the API and method names.
 */
function probe(target: object): KitMethod<unknown, never, unknown> {
  const factory = typeof target === "function" ? target : firstFunction(target);
  const built: unknown = factory?.();
  if (built instanceof KitMethod) return built;
  throw new KitOptionsError(
    "KIT_QUERY_KEY_TARGET",
    queryMessages.KIT_QUERY_KEY_TARGET(describe(target)),
  );
}

/** The server's `name`: its baseURL unless the server was given one. */
function serverOf(method: AnyKitMethod): string {
  return methodInternals.endpoint(method).server.options.name;
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
