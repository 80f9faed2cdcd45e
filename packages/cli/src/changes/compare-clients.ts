import { compareText } from "../model/compare.js";
import {
  type ClientMethod,
  type ClientParameter,
  type ClientShape,
  formatParameter,
  formatSignature,
} from "./client-shape.js";
import { compareQueryKeys, isQueryObject, type QueryKeyChange } from "./compare-query-keys.js";

/** One difference in a method; breaking when code that compiled against the old client may not. */
export interface MethodChange {
  kind:
    | "moved"
    | "renamed"
    | "parameter-added"
    | "parameter-removed"
    | "parameter-renamed"
    | "parameter-type"
    | "parameter-required"
    | "parameter-optional"
    | "parameter-order"
    | "parameter-sent"
    | QueryKeyChange["kind"]
    | "return-type";
  breaking: boolean;
  message: string;
}

export interface OperationEntry {
  operation: string;
  method: string;
  signature: string;
}

export interface ChangedOperation extends OperationEntry {
  breaking: boolean;
  changes: MethodChange[];
}

export interface ChangeReport {
  /** Operations (methods) in the client on disk and in the new one. */
  before: number;
  after: number;
  added: OperationEntry[];
  /** Always breaking: calls to them no longer compile. */
  removed: OperationEntry[];
  changed: ChangedOperation[];
  types: { added: string[]; removed: string[]; changed: string[] };
  /** Removed operations plus changed ones with a breaking change. */
  breaking: number;
}

/**
 * Compares two clients method by method. An operation is its verb and route; one that moved to
 * another class or was renamed is a change of that operation, not a removal and an addition.
 */
export function compareClients(before: ClientShape, after: ClientShape): ChangeReport {
  const added: OperationEntry[] = [];
  const removed: OperationEntry[] = [];
  const changed: ChangedOperation[] = [];
  const old = byOperation(before.methods);
  const now = byOperation(after.methods);
  for (const operation of [...new Set([...old.keys(), ...now.keys()])].sort(compareText)) {
    const pairs = pairUp(old.get(operation) ?? [], now.get(operation) ?? []);
    for (const [previous, current] of pairs) {
      if (previous === undefined) added.push(entry(current!));
      else if (current === undefined) removed.push(entry(previous));
      else {
        const changes = [
          ...compareMethods(previous, current),
          ...compareQueryKeys(previous, current),
        ];
        if (changes.length === 0) continue;
        changed.push({
          ...entry(current),
          breaking: changes.some((change) => change.breaking),
          changes,
        });
      }
    }
  }
  return {
    before: before.methods.length,
    after: after.methods.length,
    added,
    removed,
    changed,
    types: compareTypes(before.types, after.types),
    breaking: removed.length + changed.filter((change) => change.breaking).length,
  };
}

/**
 * The report on a client whose files on disk are the new ones, byte for byte: what
 * `compareClients` finds for two equal clients of `operations` methods, without pairing them.
 */
export function unchangedClient(operations: number): ChangeReport {
  return {
    before: operations,
    after: operations,
    added: [],
    removed: [],
    changed: [],
    types: { added: [], removed: [], changed: [] },
    breaking: 0,
  };
}

export function hasChanges(report: ChangeReport): boolean {
  const { types } = report;
  return (
    report.added.length + report.removed.length + report.changed.length > 0 ||
    types.added.length + types.removed.length + types.changed.length > 0
  );
}

function byOperation(methods: readonly ClientMethod[]): Map<string, ClientMethod[]> {
  const map = new Map<string, ClientMethod[]>();
  for (const method of methods) {
    const list = map.get(method.operation) ?? [];
    list.push(method);
    map.set(method.operation, list);
  }
  return map;
}

/**
 * An operation with several tags is a method in several classes. Same class pairs first; the
 * rest pair in class order (a move), and what is left over was added or removed.
 */
function pairUp(
  before: readonly ClientMethod[],
  after: readonly ClientMethod[],
): [ClientMethod | undefined, ClientMethod | undefined][] {
  const pairs: [ClientMethod | undefined, ClientMethod | undefined][] = [];
  const restBefore = [...before].sort(byClass);
  const restAfter = [...after].sort(byClass);
  for (const method of [...restBefore]) {
    const index = restAfter.findIndex((candidate) => candidate.className === method.className);
    if (index === -1) continue;
    pairs.push([method, restAfter.splice(index, 1)[0]]);
    restBefore.splice(restBefore.indexOf(method), 1);
  }
  const length = Math.max(restBefore.length, restAfter.length);
  for (let index = 0; index < length; index++) pairs.push([restBefore[index], restAfter[index]]);
  return pairs;
}

function byClass(left: ClientMethod, right: ClientMethod): number {
  return compareText(left.className, right.className);
}

function entry(method: ClientMethod): OperationEntry {
  return {
    operation: method.operation,
    method: `${method.className}.${method.method}`,
    signature: formatSignature(method),
  };
}

function compareMethods(before: ClientMethod, after: ClientMethod): MethodChange[] {
  const changes: MethodChange[] = [];
  if (before.className !== after.className) {
    changes.push({
      kind: "moved",
      breaking: true,
      message: `moved from ${before.className} to ${after.className}`,
    });
  }
  if (before.method !== after.method) {
    changes.push({
      kind: "renamed",
      breaking: true,
      message: `renamed from ${before.method} to ${after.method}`,
    });
  }
  for (const change of compareParameters(before.parameters, after.parameters)) changes.push(change);
  if (before.returns !== after.returns) {
    changes.push({
      kind: "return-type",
      breaking: true,
      message: `returns ${after.returns} (was ${before.returns})`,
    });
  }
  return changes;
}

/**
 * Parameters are positional, so besides types and optionality their order matters: a parameter
 * added anywhere but at the end, or any removed one, shifts the arguments of existing calls.
 */
function compareParameters(
  before: readonly ClientParameter[],
  after: readonly ClientParameter[],
): MethodChange[] {
  const changes: MethodChange[] = [];
  const oldNames = new Map(before.map((parameter, index) => [parameter.name, index]));
  const newNames = new Map(after.map((parameter, index) => [parameter.name, index]));
  const removed = before.filter((parameter) => !newNames.has(parameter.name));
  const added = after.filter((parameter) => !oldNames.has(parameter.name));
  const renamed = renamedParameter(before, after, removed, added);
  if (renamed) {
    changes.push({
      kind: "parameter-renamed",
      breaking: false,
      message: `parameter ${renamed[0].name} renamed to ${renamed[1].name}`,
    });
  } else {
    for (const parameter of removed) {
      changes.push({
        kind: "parameter-removed",
        breaking: true,
        message: `parameter ${parameter.name} removed`,
      });
    }
    for (const parameter of added) {
      const index = newNames.get(parameter.name)!;
      const atEnd = after.slice(index).every((later) => !oldNames.has(later.name));
      const breaking = !parameter.optional || !atEnd;
      const what = parameter.optional ? "new optional parameter" : "new required parameter";
      const where = atEnd ? "" : ` before ${after[index + 1]!.name}, which shifts later arguments`;
      changes.push({
        kind: "parameter-added",
        breaking,
        message: `${what} ${formatParameter(parameter)}${where}`,
      });
    }
  }
  const common = after.filter((parameter) => oldNames.has(parameter.name));
  const oldOrder = before.filter((parameter) => newNames.has(parameter.name));
  if (common.some((parameter, index) => parameter.name !== oldOrder[index]!.name)) {
    changes.push({
      kind: "parameter-order",
      breaking: true,
      message: `parameter order is now ${common.map((p) => p.name).join(", ")} (was ${oldOrder.map((p) => p.name).join(", ")})`,
    });
  }
  for (const parameter of common) {
    const previous = before[oldNames.get(parameter.name)!]!;
    changes.push(...compareParameter(previous, parameter));
  }
  return changes;
}

/** One parameter swapped for another at the same place with the same type is only a new name. */
function renamedParameter(
  before: readonly ClientParameter[],
  after: readonly ClientParameter[],
  removed: readonly ClientParameter[],
  added: readonly ClientParameter[],
): [ClientParameter, ClientParameter] | undefined {
  if (removed.length !== 1 || added.length !== 1) return undefined;
  const [previous, current] = [removed[0]!, added[0]!];
  const samePlace = before.indexOf(previous) === after.indexOf(current);
  const sameType = previous.type === current.type && previous.optional === current.optional;
  return samePlace && sameType ? [previous, current] : undefined;
}

function compareParameter(before: ClientParameter, after: ClientParameter): MethodChange[] {
  const changes: MethodChange[] = [];
  const name = after.name;
  if (before.type !== after.type) {
    changes.push({
      kind: "parameter-type",
      breaking: true,
      message: `parameter ${name}: ${after.type} (was ${before.type})`,
    });
  }
  if (before.optional && !after.optional) {
    changes.push({
      kind: "parameter-required",
      breaking: true,
      message: `parameter ${name} is now required`,
    });
  }
  if (!before.optional && after.optional) {
    changes.push({
      kind: "parameter-optional",
      breaking: false,
      message: `parameter ${name} is now optional`,
    });
  }
  // A query object's decorator lists its keys; their changes are reported key by key.
  if (before.decorator !== after.decorator && !(isQueryObject(before) && isQueryObject(after))) {
    changes.push({
      kind: "parameter-sent",
      breaking: false,
      message: `parameter ${name} is sent as ${after.decorator || "a cookie"} (was ${before.decorator || "a cookie"})`,
    });
  }
  return changes;
}

function compareTypes(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): ChangeReport["types"] {
  const sorted = (names: Iterable<string>) => [...names].sort(compareText);
  return {
    added: sorted([...after.keys()].filter((name) => !before.has(name))),
    removed: sorted([...before.keys()].filter((name) => !after.has(name))),
    changed: sorted(
      [...after.keys()].filter((name) => before.has(name) && before.get(name) !== after.get(name)),
    ),
  };
}
