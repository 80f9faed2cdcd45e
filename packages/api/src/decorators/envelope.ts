import { isEnvelopeMode, type KitEnvelopeMode } from "../core/options.js";
import { argumentError, decoratedMember } from "./member.js";
import { ownMethodRecord } from "./metadata.js";
import type { KitMethodDecorator } from "./verbs.js";

/**
 * How this method reads JSON bodies, over its class's and its server's `envelope`. The generator
 * writes it on a method whose response differs from the rest of its class (docs/runtime.md).
 */
export function Envelope(mode: KitEnvelopeMode): KitMethodDecorator {
  return (target, key) => {
    const { apiClass, methodName, where } = decoratedMember("Envelope", target, key);
    if (!isEnvelopeMode(mode)) {
      throw argumentError("Envelope", where, '"auto", "strict" or false');
    }
    ownMethodRecord(apiClass, methodName).settings.envelope = mode;
  };
}
