import { isEnvelopeMode, type KitEnvelopeMode } from "../core/options.js";
import { argumentError } from "./member.js";
import { type Constructor, ownApiRecord, recordApiName } from "./metadata.js";

export interface KitApiOptions {
  /**
   * The class's name in errors (`error.api`), logs and query keys. Minifiers rename classes, so a
   * bundled app that wants `PetApi.getPetById` rather than `J.getPetById` gives it here; without
   * it the class's own `name` is used.
   */
  readonly name?: string;
  /**
   * How the class's methods read JSON bodies, over the server's `envelope`. Generated classes say
   * it, so a method typed as the whole body is never unwrapped (`false`) and one typed as the
   * envelope's data always is (`"strict"`).
   */
  readonly envelope?: KitEnvelopeMode;
}

/** The path prefix of every method of the class, joined to the server's baseURL. */
export function Api(prefix = "", options: KitApiOptions = {}): (target: Constructor) => void {
  return (target) => {
    if (typeof prefix !== "string") {
      throw argumentError("Api", target.name, "a path prefix string");
    }
    const name = (options as KitApiOptions | null)?.name;
    if (name !== undefined && (typeof name !== "string" || name === "")) {
      throw argumentError("Api", target.name, "{ name } to be a non-empty string");
    }
    const envelope = (options as KitApiOptions | null)?.envelope;
    if (envelope !== undefined && !isEnvelopeMode(envelope)) {
      throw argumentError("Api", target.name, '{ envelope } to be "auto", "strict" or false');
    }
    const record = ownApiRecord(target);
    record.prefix = prefix;
    if (envelope !== undefined) record.settings.envelope = envelope;
    if (name !== undefined) recordApiName(target, name);
  };
}
