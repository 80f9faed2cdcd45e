import { onServer } from "./environment.js";

/** When a request or page list sends again on its own, with the arguments of its last send. */
export interface KitAutoRefreshOptions {
  /** Send again this many milliseconds after the previous send settled; never on a server. */
  readonly polling?: number;
  /** Keep polling while the page is hidden (another tab, a minimized window). Default `false`. */
  readonly pollingWhenHidden?: boolean;
  /** Send again when the window gets the focus. Default `false`. */
  readonly refreshOnFocus?: boolean;
  /** Send again when the page becomes visible. Default `false`. */
  readonly refreshOnVisible?: boolean;
  /** Send again when the browser is back online. Default `false`. */
  readonly refreshOnReconnect?: boolean;
}

interface Page extends EventTarget {
  readonly visibilityState?: string;
}

/** The browser's window and document; absent in Node and server-side rendering. */
function browser(): { window: EventTarget | undefined; document: Page | undefined } {
  const scope = globalThis as { addEventListener?: unknown; document?: Page };
  return {
    window: typeof scope.addEventListener === "function" ? (globalThis as EventTarget) : undefined,
    document: typeof scope.document?.addEventListener === "function" ? scope.document : undefined,
  };
}

/**
 * Polling and the refresh events. Polling counts from the end of the last send (never two at
 * once) and pauses while the page is hidden; showing the page again sends at once when a poll
 * fell due meanwhile. `refresh` is asked to send; it skips when a send is in flight.
 */
export class AutoRefresh {
  readonly #options: () => KitAutoRefreshOptions;
  readonly #refresh: () => void;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #settledAt = 0;
  #stop: (() => void) | undefined;

  constructor(options: () => KitAutoRefreshOptions, refresh: () => void) {
    this.#options = options;
    this.#refresh = refresh;
  }

  /** Listens to the browser's events; `settled` starts the polling clock. */
  start(): void {
    this.stop();
    const { window, document } = browser();
    const on = (target: EventTarget | undefined, type: string, listener: () => void) => {
      target?.addEventListener(type, listener);
      return () => target?.removeEventListener(type, listener);
    };
    const removers = [
      on(window, "focus", () => {
        if (this.#options().refreshOnFocus) this.#refresh();
      }),
      on(window, "online", () => {
        if (this.#options().refreshOnReconnect) this.#refresh();
      }),
      on(document, "visibilitychange", () => this.#visibilityChanged()),
    ];
    this.#stop = () => {
      for (const remove of removers) remove();
    };
  }

  stop(): void {
    this.#stop?.();
    this.#stop = undefined;
    this.sending();
  }

  /** A send started: the next poll counts from its end. */
  sending(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** A send ended: the next poll is due `polling` ms from now. */
  settled(): void {
    this.#settledAt = Date.now();
    this.#schedule(this.#options().polling);
  }

  #schedule(delay: number | undefined): void {
    this.sending();
    const { polling, pollingWhenHidden } = this.#options();
    // On a server, polling would outlive the rendered page: components there never unmount.
    if (polling === undefined || polling <= 0 || delay === undefined || onServer()) return;
    if (!pollingWhenHidden && hidden()) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#refresh();
    }, delay);
  }

  #visibilityChanged(): void {
    const { polling, refreshOnVisible, pollingWhenHidden } = this.#options();
    if (hidden()) {
      if (!pollingWhenHidden) this.sending();
      return;
    }
    if (refreshOnVisible) {
      this.#refresh();
      return;
    }
    if (polling === undefined || polling <= 0 || this.#timer !== undefined) return;
    const due = this.#settledAt + polling - Date.now();
    if (due <= 0) this.#refresh();
    else this.#schedule(due);
  }
}

function hidden(): boolean {
  return browser().document?.visibilityState === "hidden";
}
