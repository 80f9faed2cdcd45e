import type { optionMessages } from "../decorators/messages.js";
import type { frameworkMessages } from "../frameworks/messages.js";
import type { catalogueMessages } from "../messages/messages.js";
import type { pluginMessages } from "../plugins/messages.js";
import type { streamMessages } from "../stream/messages.js";
import type { KitMessage } from "./catalogue.js";
import type { lifecycleMessages } from "./lifecycle-messages.js";
import { isJsonMediaType } from "./media-type.js";

/**
 * Every message the core produces, keyed by the error's stable `code`. Messages only a plugin or
 * an entry point raises live beside it, so the core bundle does not carry them.
 * Programs compare codes; people read messages. The two server messages are the seed's own text.
 */
export const coreMessages = {
  KIT_SERVER_DECORATOR_MISSING: (serverClass: string) =>
    `服务类[${serverClass}]缺少 @Server() 装饰器`,
  KIT_BASE_URL_INVALID: () => "@Server() 的 baseURL 必须是非空字符串",
  KIT_SERVER_OPTION_INVALID: (option: string, expected: string, got: string) =>
    `@Server({ ${option} }) must be ${expected}, got ${got}`,
  KIT_SERVER_NOT_KIT_SERVER: (serverClass: string) =>
    `@Server() must decorate a subclass of KitServer, and ${serverClass} is not one`,
  KIT_PLUGIN_DUPLICATE: (plugin: string) => `A plugin named "${plugin}" is already registered`,
  KIT_PLUGIN_INVALID: () => "A plugin must be an object with a non-empty string name",
  KIT_PLUGIN_UNDECLARED: (plugin: string) =>
    `Plugin ${plugin} declares an order or has an async setup, so it must be made with definePlugin()`,
  KIT_PLUGIN_NO_RESULT: (plugin: string, where: string) =>
    `Plugin ${plugin} answered no result for ${where}; request() must return next() or a KitResult`,
  KIT_ROUTE_LEAVES_ORIGIN: (where: string, url: string, baseURL: string) =>
    `${where} has the route "${url}", which leaves the origin of the baseURL "${baseURL}"`,
  KIT_VERB_TWICE: (where: string, first: string, second: string) =>
    `${where} has two verb decorators: @${first} and @${second}`,
  KIT_PARAMS_DUPLICATE: (where: string, key: string) => `${where} declares @Params("${key}") twice`,
  KIT_PARAMS_WITHOUT_PLACEHOLDER: (where: string, key: string, path: string) =>
    `${where} declares @Params("${key}") but its route "${path}" has no :${key}`,
  KIT_PARAMETER_WITHOUT_VERB: (where: string) =>
    `${where} has parameter decorators but no verb decorator such as @Get`,
  KIT_DECORATOR_TARGET: (decorator: string, where: string) =>
    `@${decorator} on ${where} must decorate a parameter of an instance method`,
  KIT_DECORATOR_ARGUMENT: (decorator: string, where: string, expected: string) =>
    `@${decorator} on ${where} needs ${expected}`,
  KIT_API_WITHOUT_ROUTES: (apiClass: string) =>
    `${apiClass} has no method with a verb decorator such as @Get, so createApi has nothing to send`,
  KIT_PATH_VALUE_INVALID: (where: string, keys: string, path: string) =>
    `${where} was called with path values for ${keys} that make "${path}", which would change the route`,
  KIT_HEADER_VALUE_INVALID: (where: string, header: string) =>
    `${where} was called with a line break or control character in the value of header "${header}"`,
  KIT_QUERY_NOT_OBJECT: (where: string, argument: number, got: string) =>
    `${where} was called with ${got} for @Query() (argument ${argument}), which takes an object of query keys`,
  KIT_BODY_NOT_OBJECT: (where: string, argument: number, got: string, field: string) =>
    `${where} was called with ${got} for @Data() (argument ${argument}), which must be an object to hold @Data("${field}")`,
  KIT_HEADER_NAME_INVALID: (where: string, header: string) =>
    `${where} would send the header name ${JSON.stringify(header)}, which is not an HTTP token`,
  KIT_BODY_NOT_SENDABLE: (method: string, url: string, adapter: string) =>
    `${method} ${url} has a request body, which the ${adapter} adapter cannot send with ${method}: use the http adapter (Node), or send the values another way`,
  KIT_METHOD_INVALID: (where: string, method: string) =>
    `${where} would send the method ${JSON.stringify(method)}, which is not an HTTP token`,
  KIT_URL_INVALID: (method: string, url: string) =>
    `${method} ${url} is not an absolute URL, which this platform needs: give the server an absolute baseURL`,
  KIT_PATH_VALUE_MISSING: (where: string, key: string) =>
    `${where} was called without a value for path parameter "${key}"`,
  KIT_SEND_SIGNAL_INVALID: (where: string, got: string) =>
    `${where}.sendWith({ signal }) needs an AbortSignal, got ${got}`,
  KIT_SEND_OPTION_INVALID: (where: string, option: string, expected: string, got: string) =>
    `${where}.sendWith({ ${option} }) must be ${expected}, got ${got}`,
  KIT_HTTP: (status: number, method: string, url: string) =>
    `${method} ${url} answered HTTP ${status}`,
  KIT_BUSINESS: (code: string) => `The response carries business code ${code}`,
  KIT_NETWORK: (method: string, url: string) => `${method} ${url} got no response`,
  KIT_TIMEOUT: (method: string, url: string, timeout: number) =>
    `${method} ${url} got no response within ${timeout} ms`,
  KIT_REDIRECT_REFUSED: (method: string, url: string, location: string) =>
    `${method} ${url} was redirected to another origin (${location}); it is not followed, so no credential leaves the server's origin`,
  KIT_RESPONSE_TOO_LARGE: (method: string, url: string, limit: number) =>
    `${method} ${url} answered a body larger than maxResponseSize (${limit} bytes)`,
  KIT_ABORTED: (method: string, url: string) => `${method} ${url} was aborted`,
  KIT_INVALID_JSON: (method: string, url: string, contentType: string) =>
    contentType === "" || isJsonMediaType(contentType)
      ? `${method} ${url} answered invalid JSON`
      : `${method} ${url} answered ${contentType} where JSON was expected`,
  KIT_ENVELOPE_MISSING: (method: string, url: string, dataKey: string, codeKey: string) =>
    `${method} ${url} answered a body that is not an envelope (an object with "${dataKey}" or "${codeKey}"), which envelope "strict" requires`,
} as const;

/**
 * The core's messages as errors use them: the defaults above, or what `@kit/api/messages` wrote
 * over them. Every client loads this table, so that entry imports it instead of it registering.
 */
export const messages: typeof coreMessages = Object.create(coreMessages);

export type KitErrorCode =
  | keyof typeof messages
  | keyof typeof lifecycleMessages
  | keyof typeof optionMessages
  | keyof typeof catalogueMessages
  | keyof typeof pluginMessages
  | keyof typeof streamMessages
  | keyof typeof frameworkMessages;

/**
 * A catalogue of messages: any of Kit's error codes, each a function of the same arguments as the
 * default. A partial one rewords only the codes it has.
 */
export type KitMessageCatalogue = {
  readonly [Code in KitErrorCode]?: (
    ...args: Parameters<
      (typeof coreMessages &
        typeof lifecycleMessages &
        typeof optionMessages &
        typeof catalogueMessages &
        typeof pluginMessages &
        typeof streamMessages &
        typeof frameworkMessages)[Code]
    >
  ) => string;
};

export type { KitMessage };
