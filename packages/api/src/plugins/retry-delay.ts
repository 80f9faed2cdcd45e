/** Full jitter (AWS architecture blog): a uniform wait in [0, min(max, base * 2^attempt)). */
export function fullJitter(attempt: number, base: number, max: number): number {
  return Math.random() * Math.min(max, base * 2 ** attempt);
}

const day = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
const longDay = "(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)";
const month = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
const time = "\\d{2}:\\d{2}:\\d{2}";
/** RFC 9110's HTTP-date: IMF-fixdate, and the obsolete RFC 850 and asctime forms. */
const httpDate = new RegExp(
  `^(?:${day}, \\d{2} ${month} \\d{4} ${time} GMT|${longDay}, \\d{2}-${month}-\\d{2} ${time} GMT|${day} ${month} [ \\d]\\d ${time} \\d{4})$`,
);

/**
 * Milliseconds a `Retry-After` value asks to wait, read as RFC 9110 says: a non-negative integer
 * of seconds, or an HTTP-date. `undefined` for anything else (`-1`, `1.5`, `3, 4`, a list), so
 * the caller falls back to its backoff.
 */
export function retryAfterMs(value: unknown, now: number): number | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!httpDate.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
