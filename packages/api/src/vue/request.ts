import {
  getCurrentScope,
  type MaybeRefOrGetter,
  onScopeDispose,
  type ShallowRef,
  toValue,
  type WatchSource,
  watch,
} from "vue";
import type { KitEnvelopeCode, KitEnvelopeMessage } from "../core/result.js";
import {
  type KitRequestActions,
  type KitRequestOptions,
  RequestCore,
} from "../frameworks/request-core.js";
import type {
  KitFactoryData,
  KitFactoryEnvelope,
  KitFactoryError,
  KitMethodFactory,
} from "../frameworks/types.js";
import { changedSources, mirror } from "./mirror.js";

export interface UseKitRequestOptions<F> extends KitRequestOptions<F> {
  /**
   * Re-send when one of these changes (as `watch()` takes them), after its `debounce` or
   * `throttle`, with the last send's arguments, aborting the send in flight.
   */
  readonly watch?: readonly WatchSource[];
  /** While false, automatic sends wait; turning true sends one that waited. A ref, a getter or a boolean. */
  readonly enabled?: MaybeRefOrGetter<boolean>;
}

export interface UseKitRequestReturn<F> extends KitRequestActions<F> {
  /** The latest answer's data; kept while a new send loads unless `keepData` is false. */
  readonly data: Readonly<ShallowRef<KitFactoryData<F> | undefined>>;
  /** The latest send's error, typed by the method's declared errors; cleared by the next send. */
  readonly error: Readonly<ShallowRef<KitFactoryError<F> | undefined>>;
  readonly loading: Readonly<ShallowRef<boolean>>;
  /** The envelope's code of the latest answer or business error. */
  readonly code: Readonly<ShallowRef<KitEnvelopeCode<KitFactoryEnvelope<F>> | undefined>>;
  /** The envelope's message of the latest answer or business error. */
  readonly message: Readonly<ShallowRef<KitEnvelopeMessage<KitFactoryEnvelope<F>> | undefined>>;
}

/** Watches `enabled` and the sources, starts the core, and stops it with the effect scope. */
export function drive(
  core: {
    setEnabled(enabled: boolean): void;
    changed(sources: readonly number[]): void;
    start(): void;
    stop(): void;
  },
  options: {
    readonly watch?: readonly WatchSource[];
    readonly enabled?: MaybeRefOrGetter<boolean>;
  },
): void {
  const sources = options.watch ?? [];
  if (sources.length > 0) {
    watch([...sources], (now, before) => core.changed(changedSources(now, before)));
  }
  if (options.enabled !== undefined) {
    watch(
      () => toValue(options.enabled) ?? true,
      (enabled) => core.setEnabled(enabled),
    );
  }
  if (getCurrentScope()) onScopeDispose(() => core.stop());
  core.start();
}

/**
 * State for one API method: `data`, `error`, `loading`, `code` and `message` refs, and `send`. The
 * factory builds the method to send, from `send`'s arguments or from reactive state:
 * `useKitRequest(() => petApi.getPetById(id.value), { watch: [id] })`. A new send aborts the one
 * in flight, and so does the end of the component (its effect scope).
 */
export function useKitRequest<F extends KitMethodFactory>(
  factory: F,
  options: UseKitRequestOptions<F> = {},
): UseKitRequestReturn<F> {
  const core = new RequestCore<F>({
    where: "useKitRequest",
    factory: () => factory,
    options: () => options,
    enabled: toValue(options.enabled) ?? true,
  });
  const state = mirror(core);
  drive(core, options);
  return { ...state, send: core.send, abort: core.abort };
}
