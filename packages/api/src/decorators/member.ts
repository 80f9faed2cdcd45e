import { KitDecoratorError } from "../core/errors.js";
import { messages } from "../core/messages.js";
import type { Constructor } from "./metadata.js";

/** The instance method a method or parameter decorator sits on. */
export interface DecoratedMember {
  readonly apiClass: Constructor;
  readonly methodName: string;
  /** `"PetApi.getPetById"`, for messages. */
  readonly where: string;
}

export function describeMember(className: string, methodName: string): string {
  return `${className}.${methodName}`;
}

/** Accepts only instance methods with string names: the proxy exposes nothing else. */
export function decoratedMember(
  decorator: string,
  target: object,
  key: string | symbol | undefined,
): DecoratedMember {
  const owner = typeof target === "function" ? target.name : target.constructor.name;
  if (typeof target === "function" || typeof key !== "string") {
    const where = describeMember(owner, key === undefined ? "constructor" : String(key));
    throw new KitDecoratorError(
      "KIT_DECORATOR_TARGET",
      messages.KIT_DECORATOR_TARGET(decorator, where),
    );
  }
  return {
    apiClass: target.constructor as Constructor,
    methodName: key,
    where: describeMember(owner, key),
  };
}

export function requireText(
  decorator: string,
  where: string,
  value: unknown,
  what: string,
): string {
  if (typeof value !== "string" || value === "") throw argumentError(decorator, where, what);
  return value;
}

/** The one-line error of a decorator given an argument it cannot use, saying what it needs. */
export function argumentError(
  decorator: string,
  where: string,
  expected: string,
): KitDecoratorError {
  return new KitDecoratorError(
    "KIT_DECORATOR_ARGUMENT",
    messages.KIT_DECORATOR_ARGUMENT(decorator, where, expected),
  );
}
