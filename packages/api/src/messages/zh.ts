import { isJsonMediaType } from "../core/media-type.js";
import type { KitMessageCatalogue } from "../core/messages.js";
import { startWording } from "./wording.js";

startWording();

/** Kit's messages in Chinese; the two of `@Server` are the seed's own text. */
export const zh = {
  KIT_SERVER_DECORATOR_MISSING: (serverClass) => `服务类[${serverClass}]缺少 @Server() 装饰器`,
  KIT_BASE_URL_INVALID: () => "@Server() 的 baseURL 必须是非空字符串",
  KIT_SERVER_OPTION_INVALID: (option, expected, got) =>
    `@Server({ ${option} }) 必须是 ${expected}，实际为 ${got}`,
  KIT_CONFIGURE_OPTION: (option) =>
    `configure() 不能修改 ${option}；可修改的是 baseURL、headers、timeout、withCredentials、codeKey、messageKey、dataKey、validateCode 和 envelope`,
  KIT_SERVER_NOT_KIT_SERVER: (serverClass) =>
    `@Server() 只能装饰 KitServer 的子类，而 ${serverClass} 不是`,
  KIT_MESSAGES_INVALID: (got) =>
    `setKitMessages() 需要一个按错误码组织的消息函数对象，实际为 ${got}`,
  KIT_PLUGIN_DUPLICATE: (plugin) => `名为 "${plugin}" 的插件已经注册`,
  KIT_PLUGIN_INVALID: () => "插件必须是带有非空字符串 name 的对象",
  KIT_PLUGIN_UNDECLARED: (plugin) =>
    `插件 ${plugin} 声明了注册顺序或有异步 setup，必须用 definePlugin() 创建`,
  KIT_PLUGIN_ORDER: (plugin, before) =>
    `${plugin} 必须在 ${before} 之前注册（其中一个插件声明了此顺序）`,
  KIT_PLUGIN_DEPENDENCY: (plugin, missing) => `${plugin} 依赖 ${missing}，必须先注册 ${missing}`,
  KIT_PLUGIN_REQUIRED: (plugin, dependent) => `不能移除 ${plugin}：${dependent} 依赖它`,
  KIT_PLUGIN_SETUP_FAILED: (plugin, reason) => `插件 ${plugin} 的 setup 失败，已被移除：${reason}`,
  KIT_PLUGIN_NO_RESULT: (plugin, where) =>
    `插件 ${plugin} 没有为 ${where} 返回结果；request() 必须返回 next() 或一个 KitResult`,
  KIT_ROUTE_LEAVES_ORIGIN: (where, url, baseURL) =>
    `${where} 的路由 "${url}" 离开了 baseURL "${baseURL}" 的源`,
  KIT_VERB_TWICE: (where, first, second) =>
    `${where} 有两个请求方法装饰器：@${first} 和 @${second}`,
  KIT_PARAMS_DUPLICATE: (where, key) => `${where} 两次声明了 @Params("${key}")`,
  KIT_PARAMS_WITHOUT_PLACEHOLDER: (where, key, path) =>
    `${where} 声明了 @Params("${key}")，但其路由 "${path}" 中没有 :${key}`,
  KIT_PARAMETER_WITHOUT_VERB: (where) => `${where} 有参数装饰器，却没有 @Get 之类的请求方法装饰器`,
  KIT_DECORATOR_TARGET: (decorator, where) => `${where} 上的 @${decorator} 必须装饰实例方法的参数`,
  KIT_DECORATOR_OPTION_TARGET: (decorator, where) =>
    `${where} 上的 @${decorator} 必须装饰 API 类或其实例方法`,
  KIT_DECORATOR_ARGUMENT: (decorator, where, expected) =>
    `${where} 上的 @${decorator} 需要 ${expected}`,
  KIT_API_WITHOUT_ROUTES: (apiClass) =>
    `${apiClass} 没有带 @Get 之类请求方法装饰器的方法，createApi 无可发送`,
  KIT_PATH_VALUE_INVALID: (where, keys, path) =>
    `调用 ${where} 时 ${keys} 的路径值组成了 "${path}"，会改变路由`,
  KIT_HEADER_VALUE_INVALID: (where, header) =>
    `调用 ${where} 时请求头 "${header}" 的值含有换行或控制字符`,
  KIT_HEADER_NAME_INVALID: (where, header) =>
    `${where} 将发送请求头名 ${JSON.stringify(header)}，它不是合法的 HTTP token`,
  KIT_BODY_NOT_SENDABLE: (method, url, adapter) =>
    `${method} ${url} 带有请求体，而 ${adapter} 适配器无法用 ${method} 发送请求体：请改用 http 适配器（Node），或换一种方式发送这些值`,
  KIT_METHOD_INVALID: (where, method) =>
    `${where} 将发送方法 ${JSON.stringify(method)}，它不是合法的 HTTP token`,
  KIT_URL_INVALID: (method, url) =>
    `${method} ${url} 不是绝对 URL，而当前平台需要绝对 URL：请给服务设置绝对的 baseURL`,
  KIT_PATH_VALUE_MISSING: (where, key) => `调用 ${where} 时缺少路径参数 "${key}" 的值`,
  KIT_QUERY_NOT_OBJECT: (where, argument, got) =>
    `调用 ${where} 时 @Query()（第 ${argument} 个参数）收到了${got}，它需要一个由查询键组成的对象`,
  KIT_BODY_NOT_OBJECT: (where, argument, got, field) =>
    `调用 ${where} 时 @Data()（第 ${argument} 个参数）收到了${got}，它必须是对象才能放入 @Data("${field}")`,
  KIT_SEND_SIGNAL_INVALID: (where, got) =>
    `${where}.sendWith({ signal }) 需要 AbortSignal，实际为 ${got}`,
  KIT_SEND_OPTION_INVALID: (where, option, expected, got) =>
    `${where}.sendWith({ ${option} }) 必须是 ${expected}，实际为 ${got}`,
  KIT_HTTP: (status, method, url) => `${method} ${url} 返回 HTTP ${status}`,
  KIT_BUSINESS: (code) => `响应携带业务码 ${code}`,
  KIT_NETWORK: (method, url) => `${method} ${url} 没有收到响应`,
  KIT_TIMEOUT: (method, url, timeout) => `${method} ${url} 在 ${timeout} 毫秒内没有收到响应`,
  KIT_REDIRECT_REFUSED: (method, url, location) =>
    `${method} ${url} 被重定向到另一个源（${location}）；未跟随，凭据不会离开服务的源`,
  KIT_RESPONSE_TOO_LARGE: (method, url, limit) =>
    `${method} ${url} 返回的响应体超过 maxResponseSize（${limit} 字节）`,
  KIT_ABORTED: (method, url) => `${method} ${url} 已取消`,
  KIT_INVALID_JSON: (method, url, contentType) =>
    contentType === "" || isJsonMediaType(contentType)
      ? `${method} ${url} 返回了无效的 JSON`
      : `${method} ${url} 返回了 ${contentType}，而预期是 JSON`,
  KIT_ENVELOPE_MISSING: (method, url, dataKey) =>
    `${method} ${url} 返回的响应体缺少 "${dataKey}"，而 envelope "strict" 要求它`,
  KIT_PLUGIN_OPTION: (plugin, field, expected, got) =>
    `${plugin}({ ${field} }) 必须是 ${expected}，实际为 ${got}`,
  KIT_CACHE_SCOPE_MISSING: (server, unseen) =>
    `服务 "${server}" 上的 cache() 看不到 ${unseen} 的凭据，会在用户之间共享缓存；请传入 cache({ scope }) 说明响应属于谁`,
  KIT_CACHE_STORAGE_MISSING: (storage) =>
    `cache({ storage: "${storage}" })：当前环境（服务端渲染、Node、Worker）没有 globalThis.${storage}，缓存改存于内存`,
  KIT_POOL_QUEUE_FULL: (method, url, maxQueue) =>
    `${method} ${url} 未发送：请求池队列已满（maxQueue ${maxQueue}）`,
  KIT_POOL_QUEUE_TIMEOUT: (method, url, timeout) =>
    `${method} ${url} 在请求池中等待超过 ${timeout} 毫秒，未发送`,
  KIT_REFRESH_TIMEOUT: (method, url, timeout) =>
    `${method} ${url} 等待的令牌刷新在 ${timeout} 毫秒内没有完成`,
  KIT_STREAM_CONTENT_TYPE: (method, url, expected, got) =>
    `${method} ${url} 返回了 ${got || "无 Content-Type"}，而预期是 ${expected} 流`,
  KIT_QUERY_KEY_TARGET: (where, got) => `${where} 接受 API 对象、其方法或 KitMethod，实际为 ${got}`,
  KIT_STRATEGY_OPTION_INVALID: (where, expected, got) =>
    `${where} 必须是 ${expected}，实际为 ${got}`,
  KIT_SAVE_WITHOUT_DOCUMENT: (where) =>
    `${where} 通过页面的 document 保存文件，但这里没有 document；请传入 save: (file) => … 以另行保存`,
} as const satisfies KitMessageCatalogue;
