export { configure } from "./core/configure.js";
export {
  isKitError,
  isKitRequestError,
  KitAbortError,
  KitBusinessError,
  KitDecoratorError,
  KitError,
  KitHttpError,
  KitNetworkError,
  KitOptionsError,
  KitPluginError,
  KitRequestError,
  type KitRequestErrorKind,
  type KitRequestTarget,
  KitResponseError,
  KitTimeoutError,
} from "./core/errors.js";
export type { KitFieldEncoding } from "./core/form-encoding.js";
export type { KitErrorCode } from "./core/messages.js";
export type { KitMethod, KitSendOptions } from "./core/method.js";
export {
  isKitErrorOf,
  type KitErrors,
  type KitErrorsOf,
  type KitHttpErrorOf,
  type KitMethodError,
  type KitUndeclaredHttpError,
} from "./core/method-errors.js";
export {
  defaultValidateCode,
  type KitEnvelopeMode,
  type KitResolvedServerOptions,
  type KitRuntimeOptions,
  type KitServerOptions,
  type KitValidateCode,
} from "./core/options.js";
export type { KitPathStyle } from "./core/path-value.js";
export type {
  KitCallOptions,
  KitContext,
  KitMeta,
  KitNext,
  KitPlugin,
  KitPluginRegister,
  KitServerInfo,
} from "./core/plugin.js";
export { definePlugin } from "./core/plugin-lifecycle.js";
export { hasPlugin, pluginsReady, removePlugin } from "./core/plugin-registry.js";
export { KitQueryList, type KitQuerySeparator } from "./core/query.js";
export type {
  KitEnvelopeCode,
  KitEnvelopeMessage,
  KitResponseHeaders,
  KitResult,
} from "./core/result.js";
export { KitServer } from "./core/server.js";
export type { KitApi, KitPayloadOf } from "./core/types.js";
export type { KitHttpMethod, KitRequest, KitResponseType } from "./core/vocabulary.js";
export { Api, type KitApiOptions } from "./decorators/api.js";
export { ContentType } from "./decorators/content-type.js";
export { Envelope } from "./decorators/envelope.js";
export {
  Data,
  HeaderValue,
  type KitHeaderStyle,
  type KitParameterDecorator,
  type KitQueryObject,
  type KitQueryStyle,
  Params,
  Query,
} from "./decorators/parameters.js";
export {
  type KitOptionDecorator,
  PluginOptions,
  ResponseType,
  StaticHeaders,
  Timeout,
  WithCredentials,
} from "./decorators/request-options.js";
export { Server } from "./decorators/server.js";
export {
  Delete,
  Get,
  Head,
  type KitMethodDecorator,
  Method,
  Options,
  Patch,
  Post,
  Put,
} from "./decorators/verbs.js";
export type {
  KitByteStream,
  KitJsonLines,
  KitServerSentEvent,
  KitServerSentEvents,
} from "./stream/types.js";
