import { KitDecoratorError } from "../core/errors.js";
import { httpToken } from "../core/http-token.js";
import { messages } from "../core/messages.js";
import type { KitHttpMethod } from "../core/vocabulary.js";
import { argumentError, decoratedMember } from "./member.js";
import { ownMethodRecord } from "./metadata.js";

/**
 * Accepts only methods declared to return a promise: `KitPayloadOf` reads the response type from
 * `Promise<T>`, so a bare `T` return type is a compile error here rather than a wrong type later.
 */
export type KitMethodDecorator = <F extends (...args: never) => Promise<unknown>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<F>,
) => void;

const NAMED = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);

/** `"GET"` is declared with `@Get`, any other method with `@Method`. */
function decoratorName(method: KitHttpMethod): string {
  return NAMED.has(method) ? method[0] + method.slice(1).toLowerCase() : "Method";
}

function verb(method: KitHttpMethod): (path?: string) => KitMethodDecorator {
  const decorator = decoratorName(method);
  return (path = "") =>
    (target, key) => {
      const { apiClass, methodName, where } = decoratedMember(decorator, target, key);
      if (typeof method !== "string" || !httpToken.test(method)) {
        throw argumentError(decorator, where, 'an HTTP method token such as "QUERY"');
      }
      if (typeof path !== "string") {
        throw argumentError(decorator, where, "a path string");
      }
      const record = ownMethodRecord(apiClass, methodName);
      if (record.verb) {
        const first = decoratorName(record.verb.method);
        throw new KitDecoratorError(
          "KIT_VERB_TWICE",
          messages.KIT_VERB_TWICE(where, decorator, first),
        );
      }
      record.verb = { method, path };
    };
}

export const Get = /* @__PURE__ */ verb("GET");
export const Post = /* @__PURE__ */ verb("POST");
export const Put = /* @__PURE__ */ verb("PUT");
export const Patch = /* @__PURE__ */ verb("PATCH");
export const Delete = /* @__PURE__ */ verb("DELETE");
export const Head = /* @__PURE__ */ verb("HEAD");
export const Options = /* @__PURE__ */ verb("OPTIONS");

/**
 * Any other method: `@Method("QUERY", "/search")` (OpenAPI 3.2's `query`; `@Query` names the query
 * parameter decorator) or a token of `additionalOperations` (`@Method("LINK", "/pets/:id")`). axios
 * sends methods in upper case, so the token is kept in upper case.
 */
export function Method(method: string, path?: string): KitMethodDecorator {
  return verb(typeof method === "string" ? method.toUpperCase() : method)(path);
}
