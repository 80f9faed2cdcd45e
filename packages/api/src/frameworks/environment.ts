/**
 * Whether this runs where there is no window: a server rendering the page (Nuxt, Next) or Node.
 * There a component is never unmounted, so nothing may keep running or stay listed after it.
 */
export function onServer(): boolean {
  return typeof (globalThis as { window?: unknown }).window === "undefined";
}
