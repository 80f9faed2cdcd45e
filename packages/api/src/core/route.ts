import { describeMember } from "../decorators/member.js";
import {
  type Constructor,
  type ParameterBinding,
  type RequestSettings,
  readApiName,
  readApiRecord,
} from "../decorators/metadata.js";
import { mergeCallOptions } from "./call-options.js";
import { KitDecoratorError } from "./errors.js";
import { type FieldEncoder, type FieldEncoders, fieldEncoder } from "./form-encoding.js";
import { messages } from "./messages.js";
import type { KitEnvelopeMode } from "./options.js";
import { compileParameters, type ParameterHandler } from "./parameter-handlers.js";
import { type PathTemplate, parsePathTemplate } from "./path-template.js";
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
  /** One per decorated parameter, in argument order: a send runs them over its arguments. */
  readonly handlers: readonly ParameterHandler[];
  readonly contentType: string | undefined;
  /** The `@Data(name, encoding)` fields' encoders by name. */
  readonly encodings: FieldEncoders;
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
    const pathNames = parameters.flatMap(({ binding }) =>
      binding.in === "path" ? [binding.name] : [],
    );
    const path = parsePathTemplate(routePath, new Set(pathNames));
    for (const name of pathNames) {
      if (!path.names.includes(name)) {
        throw new KitDecoratorError(
          "KIT_PARAMS_WITHOUT_PLACEHOLDER",
          messages.KIT_PARAMS_WITHOUT_PLACEHOLDER(where, name, routePath),
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
      handlers: compileParameters(where, parameters, path.names),
      contentType: method.contentType,
      encodings: fieldEncoders(parameters),
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

function fieldEncoders(parameters: readonly ParameterBinding[]): FieldEncoders {
  const encoders: Record<string, FieldEncoder> = Object.create(null);
  for (const { binding } of parameters) {
    if (binding.in === "body" && binding.name !== undefined && binding.encoding) {
      encoders[binding.name] = fieldEncoder(binding.encoding);
    }
  }
  return encoders;
}
