export { type KitQueryKey, type KitQueryTarget, kitQueryKey } from "../frameworks/method-key.js";
export type {
  KitFactoryArgs,
  KitFactoryData,
  KitMethodFactory,
} from "../frameworks/types.js";
export { invalidateKitQueries, type KitInvalidatingClient } from "./invalidate.js";
export {
  type KitMutationOptions,
  type KitMutationVariables,
  kitMutationOptions,
} from "./mutation-options.js";
export { type KitMethodData, type KitQueryOptions, kitQueryOptions } from "./query-options.js";
export {
  type KitEventData,
  type KitStreamedQueryOptions,
  kitStreamedQueryOptions,
} from "./streamed-query.js";
