export type { KitAutoRefreshOptions } from "../frameworks/auto-refresh.js";
export type {
  KitFactoryPageState,
  KitPageFactory,
  KitPageItem,
  KitPageState,
  KitPaginationActions,
  KitPaginationOptions,
} from "../frameworks/pagination.js";
export type {
  KitFactoryState,
  KitRequestActions,
  KitRequestCallbacks,
  KitRequestOptions,
  KitRequestState,
} from "../frameworks/request-core.js";
export type {
  KitEnvelopeFields,
  KitFactoryArgs,
  KitFactoryData,
  KitFactoryEnvelope,
  KitFactoryError,
  KitFactoryOutcome,
  KitMethodFactory,
  KitSendOutcome,
} from "../frameworks/types.js";
export type { KitWatchTiming } from "../frameworks/watch-timing.js";
export {
  type UseKitPaginationOptions,
  type UseKitPaginationResult,
  useKitPagination,
} from "./pagination.js";
export { type UseKitRequestOptions, type UseKitRequestResult, useKitRequest } from "./request.js";
