/** Full jitter (AWS architecture blog): a uniform wait in [0, min(max, base * 2^attempt)). */
export function fullJitter(attempt: number, base: number, max: number): number {
  return Math.random() * Math.min(max, base * 2 ** attempt);
}

/**
 * Milliseconds a `Retry-After` value asks to wait: delta-seconds or an HTTP-date.
 * `undefined` when the value is absent or unreadable, so the caller falls back to backoff.
 */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
