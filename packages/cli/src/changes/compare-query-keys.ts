import { compareText } from "../model/compare.js";
import type { ClientMethod, ClientParameter, QueryKey } from "./client-shape.js";

/** A generated query object parameter: `@Query({ keys: [...] })`. */
export function isQueryObject(parameter: ClientParameter): boolean {
  return parameter.keys !== undefined;
}

/** A change to one key of a query object; breaking when a call that compiled may not. */
export interface QueryKeyChange {
  kind:
    | "query-key-added"
    | "query-key-removed"
    | "query-key-type"
    | "query-key-required"
    | "query-key-optional";
  breaking: boolean;
  message: string;
}

/**
 * The changes to the keys of each query object the method keeps: a call passes an object literal,
 * so a new optional key breaks nothing, while a new required key, a removed key (an excess
 * property now) and a key whose type changed or became required do break existing calls.
 */
export function compareQueryKeys(before: ClientMethod, after: ClientMethod): QueryKeyChange[] {
  const changes: QueryKeyChange[] = [];
  for (const current of after.parameters) {
    const previous = before.parameters.find((parameter) => parameter.name === current.name);
    if (previous?.keys === undefined || current.keys === undefined) continue;
    const old = new Map(previous.keys.map((key) => [key.key, key]));
    const now = new Map(current.keys.map((key) => [key.key, key]));
    for (const key of [...new Set([...old.keys(), ...now.keys()])].sort(compareText)) {
      const change = compareKey(current.name, key, old.get(key), now.get(key));
      if (change !== undefined) changes.push(change);
    }
  }
  return changes;
}

function compareKey(
  parameter: string,
  key: string,
  before: QueryKey | undefined,
  after: QueryKey | undefined,
): QueryKeyChange | undefined {
  const where = `${parameter}.${key}`;
  if (before === undefined) {
    const what = after!.optional ? "new optional query key" : "new required query key";
    return {
      kind: "query-key-added",
      breaking: !after!.optional,
      message: `${what} ${where}${after!.optional ? "?" : ""}: ${after!.type}`,
    };
  }
  if (after === undefined) {
    return { kind: "query-key-removed", breaking: true, message: `query key ${where} removed` };
  }
  if (before.type !== after.type) {
    return {
      kind: "query-key-type",
      breaking: true,
      message: `query key ${where}: ${after.type} (was ${before.type})`,
    };
  }
  if (before.optional !== after.optional) {
    return after.optional
      ? {
          kind: "query-key-optional",
          breaking: false,
          message: `query key ${where} is now optional`,
        }
      : {
          kind: "query-key-required",
          breaking: true,
          message: `query key ${where} is now required`,
        };
  }
  return undefined;
}
