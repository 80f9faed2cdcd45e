import { KitOptionsError } from "../core/errors.js";
import { frameworkMessages } from "./messages.js";

/** How long an object URL outlives the click: the browser reads it when the download starts. */
const REVOKE_AFTER = 10_000;

/** The page's document, or a `KitOptionsError` naming `where` when there is none (Node, SSR). */
export function pageToSaveIn(where: string): Document {
  const page = (globalThis as { document?: Document }).document;
  if (page?.body) return page;
  throw new KitOptionsError(
    "KIT_SAVE_WITHOUT_DOCUMENT",
    frameworkMessages.KIT_SAVE_WITHOUT_DOCUMENT(where),
  );
}

/**
 * Saves `file` as the browser saves a link's target: an `<a download>` on an object URL, clicked
 * and removed, the URL revoked once the download has had time to start.
 */
export function saveFile(file: File, page: Document): void {
  const url = URL.createObjectURL(file);
  const anchor = page.createElement("a");
  anchor.href = url;
  anchor.download = file.name;
  anchor.rel = "noopener";
  anchor.style.display = "none";
  page.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER);
}
