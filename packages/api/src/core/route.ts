import { describeMember } from "../decorators/member.js";
import {
  type Constructor,
  type ParameterBinding,
  type ParameterRole,
  type RequestSettings,
  readApiName,
  readApiRecord,
} from "../decorators/metadata.js";
import { mergeCallOptions } from "./call-options.js";
import { KitDecoratorError } from "./errors.js";
import type { KitFieldEncoding, KitFieldEncodings } from "./form-encoding.js";
import { messages } from "./messages.js";
import type { KitEnvelopeMode } from "./options.js";
import { type PathTemplate, parsePathTemplate } from "./path-template.js";
import type { PathStyle } from "./path-value.js";
import type { KitCallOptions } from "./plugin.js";
import { joinURL } from "./url.js";
import type { KitHttpMethod, KitResponseType } from "./vocabulary.js";

/** One decorated method, checked and compiled once, so `send()` does no decorator work. */
export interface Route {
  readonly methodName: string;
  /** How many arguments the API method declares: its `length`, or past its last decorated one. */
  readonly arity: number;
  /** `"PetApi.getPetById"`. */
  readonly where: string;
  readonly method: KitHttpMethod;
  /** Prefix and method path joined, as written, without the server's baseURL. */
  readonly pathText: string;
  readonly path: PathTemplate;
  /** For each placeholder of `path`, the index of the argument that fills it. */
  readonly pathArguments: readonly number[];
  /** For each placeholder of `path`, its `@Params` style, if any. */
  readonly pathStyles: readonly (PathStyle | "json" | undefined)[];
  readonly query: readonly ParameterBinding[];
  readonly headers: readonly ParameterBinding[];
  readonly body: readonly ParameterBinding[];
  readonly contentType: string | undefined;
  /** The `@Data(name, encoding)` fields by name. */
  readonly encodings: KitFieldEncodings;
  readonly responseType: KitResponseType;
  /** `@Timeout` of the method, else of its class; `undefined`: the server's. */
  readonly timeout: number | undefined;
  /** `@StaticHeaders` of the class and the method, the method's winning; laid over the server's. */
  readonly staticHeaders: Readonly<Record<string, string>> | undefined;
  /** `@WithCredentials` of the method, else of its class; `undefined`: the server's. */
  readonly withCredentials: boolean | undefined;
  /** `@PluginOptions` of the class and the method merged; a call's `options()` go over them. */
  readonly pluginOptions: Readonly<KitCallOptions> | undefined;
  /** `@Envelope` of the method, else `@Api`'s `envelope` of its class; `undefined`: the server's. */
  readonly envelope: KitEnvelopeMode | undefined;
}

export interface CompiledApi {
  readonly name: string;
  readonly routes: readonly Route[];
}

const compiledApis = new WeakMap<Constructor, CompiledApi>();

export function compileApi(apiClass: Constructor): CompiledApi {
  let compiled = compiledApis.get(apiClass);
  if (!compiled) {
    compiled = compile(apiClass);
    compiledApis.set(apiClass, compiled);
  }
  return compiled;
}

function compile(apiClass: Constructor): CompiledApi {
  const record = readApiRecord(apiClass);
  const name = readApiName(apiClass);
  const routes: Route[] = [];
  for (const [methodName, method] of record?.methods ?? []) {
    const where = describeMember(name, methodName);
    if (!method.verb) {
      throw new KitDecoratorError(
        "KIT_PARAMETER_WITHOUT_VERB",
        messages.KIT_PARAMETER_WITHOUT_VERB(where),
      );
    }
    const routePath = joinURL(record?.prefix ?? "", method.verb.path);
    const parameters = [...method.parameters].sort((a, b) => a.index - b.index);
    const pathBindings = withRole(parameters, "params");
    const path = parsePathTemplate(routePath, new Set(pathBindings.map((p) => p.name!)));
    for (const { name } of pathBindings) {
      if (!path.names.includes(name!)) {
        throw new KitDecoratorError(
          "KIT_PARAMS_WITHOUT_PLACEHOLDER",
          messages.KIT_PARAMS_WITHOUT_PLACEHOLDER(where, name!, routePath),
        );
      }
    }
    const declared = (apiClass.prototype as Record<string, unknown>)[methodName];
    routes.push({
      methodName,
      arity: Math.max(
        typeof declared === "function" ? declared.length : 0,
        ...parameters.map((parameter) => parameter.index + 1),
      ),
      where,
      method: method.verb.method,
      pathText: routePath,
      path,
      pathArguments: path.names.map((name) => pathBindings.find((p) => p.name === name)!.index),
      pathStyles: path.names.map((name) => {
        const binding = pathBindings.find((p) => p.name === name)!;
        return binding.json ? "json" : binding.pathStyle;
      }),
      query: withRole(parameters, "query"),
      headers: withRole(parameters, "header"),
      body: withRole(parameters, "data"),
      contentType: method.contentType,
      encodings: fieldEncodings(withRole(parameters, "data")),
      ...routeSettings(record!.settings, method.settings),
    });
  }
  if (routes.length === 0) {
    throw new KitDecoratorError("KIT_API_WITHOUT_ROUTES", messages.KIT_API_WITHOUT_ROUTES(name));
  }
  return { name, routes };
}

/** A method's decorator settings over its class's, once per route. */
function routeSettings(
  api: RequestSettings,
  method: RequestSettings,
): Pick<
  Route,
  "responseType" | "timeout" | "staticHeaders" | "withCredentials" | "pluginOptions" | "envelope"
> {
  const headers =
    api.headers === undefined && method.headers === undefined
      ? undefined
      : Object.freeze({ ...api.headers, ...method.headers });
  const plugins =
    api.plugins === undefined && method.plugins === undefined
      ? undefined
      : mergeCallOptions(api.plugins, method.plugins);
  return {
    responseType: method.responseType ?? api.responseType ?? "json",
    timeout: method.timeout ?? api.timeout,
    staticHeaders: headers,
    withCredentials: method.withCredentials ?? api.withCredentials,
    pluginOptions: plugins,
    envelope: method.envelope ?? api.envelope,
  };
}

function fieldEncodings(bindings: readonly ParameterBinding[]): KitFieldEncodings {
  const encodings: Record<string, KitFieldEncoding> = Object.create(null);
  for (const { name, encoding } of bindings)
    if (name !== undefined && encoding) encodings[name] = encoding;
  return encodings;
}

function withRole(
  parameters: readonly ParameterBinding[],
  role: ParameterRole,
): ParameterBinding[] {
  return parameters.filter((p) => p.role === role);
}
