export type { KitAutoRefreshOptions } from "../frameworks/auto-refresh.js";
export type {
  KitBlobFactory,
  KitDownloadActions,
  KitDownloadOptions,
  KitDownloadState,
} from "../frameworks/download.js";
export type {
  KitEventFactory,
  KitEventFeedActions,
  KitEventFeedOptions,
  KitEventFeedState,
  KitFactoryEvent,
  KitFactoryFeedState,
  KitFeedStatus,
} from "../frameworks/event-feed.js";
export type { KitFetcherActions, KitFetcherState } from "../frameworks/fetcher.js";
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
export type {
  KitFactoryUploaderState,
  KitUpload,
  KitUploaderActions,
  KitUploaderOptions,
  KitUploaderState,
  KitUploadFactory,
  KitUploadStatus,
} from "../frameworks/uploader.js";
export type { KitWatchTiming } from "../frameworks/watch-timing.js";
export { type UseKitDownloadResult, useKitDownload } from "./download.js";
export { type UseKitEventStreamResult, useKitEventStream } from "./event-stream.js";
export { type UseKitFetcherResult, useKitFetcher } from "./fetcher.js";
export {
  type UseKitPaginationOptions,
  type UseKitPaginationResult,
  useKitPagination,
} from "./pagination.js";
export { type UseKitRequestOptions, type UseKitRequestResult, useKitRequest } from "./request.js";
export { type UseKitUploaderResult, useKitUploader } from "./uploader.js";
