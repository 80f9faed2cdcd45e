import { type KitQueryTarget, methodKey } from "../frameworks/method-key.js";

/** The part of TanStack's `QueryClient` (React's or Vue's) that invalidation needs. */
export interface KitInvalidatingClient {
  invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<void>;
}

/**
 * Marks the queries of an API object, of one API method or of one call stale and refetches the
 * active ones: `invalidateKitQueries(queryClient, petApi.findPetsByStatus)` after adding a pet.
 */
export function invalidateKitQueries(
  client: KitInvalidatingClient,
  target: KitQueryTarget,
): Promise<void> {
  return client.invalidateQueries({ queryKey: methodKey(target, "invalidateKitQueries()") });
}
