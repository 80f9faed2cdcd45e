import type { KitEnvelopeMode, KitServerOptions } from "../core/options.js";
import type { KitCallOptions } from "../core/plugin.js";
import type { KitHttpMethod, KitResponseType } from "../core/vocabulary.js";
import type { WireBinding } from "../core/wire-binding.js";

/*
 * Decorators record what they see in module WeakMaps keyed by class, never on prototypes.
 * A subclass that adds decorators gets a copy of its parent's records, so it never changes the parent.
 */

/** One decorated parameter: the argument it takes and how that goes on the wire. */
export interface ParameterBinding {
  readonly index: number;
  readonly binding: WireBinding;
}

export interface VerbRecord {
  readonly method: KitHttpMethod;
  readonly path: string;
}

/**
 * What `@Timeout`, `@StaticHeaders`, `@WithCredentials`, `@ResponseType`, `@PluginOptions`, `@Envelope`
 * and `@Api`'s `envelope` set
 * on a class or a method; a method's settings win over its class's, and both over the server's.
 */
export interface RequestSettings {
  timeout?: number;
  headers?: Readonly<Record<string, string>>;
  withCredentials?: boolean;
  responseType?: KitResponseType;
  plugins?: Readonly<KitCallOptions>;
  /** `@Api(prefix, { envelope })` on a class, `@Envelope(mode)` on a method: the envelope mode. */
  envelope?: KitEnvelopeMode;
}

export interface MethodRecord {
  verb: VerbRecord | undefined;
  contentType: string | undefined;
  readonly settings: RequestSettings;
  readonly parameters: ParameterBinding[];
}

export interface ApiRecord {
  prefix: string | undefined;
  readonly settings: RequestSettings;
  readonly methods: Map<string, MethodRecord>;
}

export type Constructor = abstract new (...args: never) => unknown;

const apiRecords = new WeakMap<Constructor, ApiRecord>();
const serverRecords = new WeakMap<Constructor, KitServerOptions>();
/** Kept apart from `ApiRecord`, which subclasses copy: a name belongs to the class it decorates only. */
const apiNames = new WeakMap<Constructor, string>();

function* lineage(start: Constructor): Generator<Constructor> {
  for (
    let current = start;
    typeof current === "function";
    current = Object.getPrototypeOf(current)
  ) {
    yield current;
  }
}

export function readApiRecord(apiClass: Constructor): ApiRecord | undefined {
  for (const current of lineage(apiClass)) {
    const record = apiRecords.get(current);
    if (record) return record;
  }
  return undefined;
}

function copyApiRecord(record: ApiRecord): ApiRecord {
  const methods = new Map<string, MethodRecord>();
  for (const [name, method] of record.methods) {
    methods.set(name, {
      ...method,
      settings: { ...method.settings },
      parameters: [...method.parameters],
    });
  }
  return { prefix: record.prefix, settings: { ...record.settings }, methods };
}

export function ownApiRecord(apiClass: Constructor): ApiRecord {
  let record = apiRecords.get(apiClass);
  if (!record) {
    const inherited = readApiRecord(apiClass);
    record = inherited
      ? copyApiRecord(inherited)
      : { prefix: undefined, settings: {}, methods: new Map() };
    apiRecords.set(apiClass, record);
  }
  return record;
}

export function recordApiName(apiClass: Constructor, name: string): void {
  apiNames.set(apiClass, name);
}

/** The name `@Api({ name })` gave this very class, else the class's own `name`. */
export function readApiName(apiClass: Constructor): string {
  return apiNames.get(apiClass) ?? apiClass.name;
}

export function ownMethodRecord(apiClass: Constructor, methodName: string): MethodRecord {
  const { methods } = ownApiRecord(apiClass);
  let method = methods.get(methodName);
  if (!method) {
    method = { verb: undefined, contentType: undefined, settings: {}, parameters: [] };
    methods.set(methodName, method);
  }
  return method;
}

export function recordServerOptions(serverClass: Constructor, options: KitServerOptions): void {
  serverRecords.set(serverClass, options);
}

/** The `@Server` options along the class chain, base class first; empty when none is decorated. */
export function readServerOptionLayers(serverClass: Constructor): KitServerOptions[] {
  const layers: KitServerOptions[] = [];
  for (const current of lineage(serverClass)) {
    const options = serverRecords.get(current);
    if (options) layers.unshift(options);
  }
  return layers;
}
