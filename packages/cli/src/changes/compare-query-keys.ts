import { compareText } from "../model/compare.js";
import type { ClientMethod, ClientParameter } from "./client-shape.js";
import { splitTopLevel } from "./read-client.js";

/** A generated query object parameter: `@Query({ keys: [...] })`. */
export function isQueryObject(parameter: ClientParameter): boolean {
  return parameter.decorator.startsWith("@Query({");
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

interface QueryKey {
  optional: boolean;
  type: string;
}

const SEMICOLON = 0x3b;
const MEMBER = /^("(?:[^"\\]|\\.)*"|[A-Za-z_$][\w$]*)(\?)?: ([\s\S]+)$/;

/**
 * The changes to the keys of each query object the method keeps: a call passes an object literal,
 * so a new optional key breaks nothing, while a new required key, a removed key (an excess
 * property now) and a key whose type changed or became required do break existing calls.
 */
export function compareQueryKeys(
  before: ClientMethod,
  after: ClientMethod,
  beforeTypes: ReadonlyMap<string, string>,
  afterTypes: ReadonlyMap<string, string>,
): QueryKeyChange[] {
  const changes: QueryKeyChange[] = [];
  for (const current of after.parameters) {
    const previous = before.parameters.find((parameter) => parameter.name === current.name);
    if (previous === undefined || !isQueryObject(previous) || !isQueryObject(current)) continue;
    const old = queryKeys(beforeTypes.get(previous.type));
    const now = queryKeys(afterTypes.get(current.type));
    if (old === undefined || now === undefined) continue;
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

/**
 * The members of an interface declaration as the change report keeps it (comments left out,
 * white space collapsed), by key as written; undefined when it is no interface.
 */
function queryKeys(declaration: string | undefined): Map<string, QueryKey> | undefined {
  if (declaration === undefined) return undefined;
  const open = declaration.indexOf("{");
  const close = declaration.lastIndexOf("}");
  if (!declaration.startsWith("export interface ") || open === -1 || close < open) return undefined;
  const keys = new Map<string, QueryKey>();
  for (const member of splitTopLevel(declaration.slice(open + 1, close), SEMICOLON)) {
    const match = MEMBER.exec(member);
    if (match === null) return undefined;
    const key = match[1]!.startsWith('"') ? (JSON.parse(match[1]!) as string) : match[1]!;
    keys.set(key, { optional: match[2] === "?", type: match[3]! });
  }
  return keys;
}
