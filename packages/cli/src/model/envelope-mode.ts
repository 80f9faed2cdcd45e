import type { EnvelopeMode, MethodPlan } from "./plan-types.js";

/** Ties go to the first: a class of envelopes says `"strict"` once rather than on every method. */
const PREFERENCE: readonly EnvelopeMode[] = ["strict", false, "auto"];

/**
 * The envelope mode a generated class declares, `@Api(prefix, { envelope })`: the mode most of its
 * methods need, so that only the others carry `@Envelope(mode)`; their plans keep `envelope` only
 * when it differs. Without envelope keys every method is typed with the whole body: `false`, as is
 * a class without JSON responses (a JSON body a `void` method gets is not refused).
 */
export function planClassEnvelope(methods: readonly MethodPlan[]): {
  envelope: EnvelopeMode;
  methods: MethodPlan[];
} {
  const counts = new Map<EnvelopeMode, number>();
  for (const { envelope } of methods) {
    if (envelope !== undefined) counts.set(envelope, (counts.get(envelope) ?? 0) + 1);
  }
  const [envelope = false] = [...counts.keys()].sort(
    (left, right) =>
      counts.get(right)! - counts.get(left)! ||
      PREFERENCE.indexOf(left) - PREFERENCE.indexOf(right),
  );
  return {
    envelope,
    methods: methods.map((method) => {
      if (method.envelope === undefined || method.envelope !== envelope) return method;
      const { envelope: _same, ...rest } = method;
      return rest;
    }),
  };
}
