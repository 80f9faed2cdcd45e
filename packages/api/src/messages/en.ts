import { lifecycleDefaults } from "../core/lifecycle-messages.js";
import { coreMessages, type KitMessageCatalogue } from "../core/messages.js";
import { optionDefaults } from "../decorators/messages.js";
import { frameworkDefaults } from "../frameworks/messages.js";
import { pluginDefaults } from "../plugins/messages.js";
import { streamDefaults } from "../stream/messages.js";
import { catalogueDefaults } from "./messages.js";
import { startWording } from "./wording.js";

startWording();

/**
 * Kit's messages in English. The defaults are English too, except the two of `@Server`, which
 * keep the seed's Chinese text unless this catalogue is chosen.
 */
export const en = {
  ...coreMessages,
  ...lifecycleDefaults,
  ...optionDefaults,
  ...catalogueDefaults,
  ...pluginDefaults,
  ...streamDefaults,
  ...frameworkDefaults,
  KIT_SERVER_DECORATOR_MISSING: (serverClass: string) =>
    `The server class ${serverClass} has no @Server() decorator`,
  KIT_BASE_URL_INVALID: () => "The baseURL of @Server() must be a non-empty string",
} as const satisfies KitMessageCatalogue;
