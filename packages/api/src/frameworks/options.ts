import { KitOptionsError } from "../core/errors.js";
import { frameworkMessages } from "./messages.js";

function describe(value: unknown): string {
  return typeof value === "number" ? String(value) : typeof value;
}

function refuse(where: string, expected: string, value: unknown): never {
  throw new KitOptionsError(
    "KIT_STRATEGY_OPTION_INVALID",
    frameworkMessages.KIT_STRATEGY_OPTION_INVALID(where, expected, describe(value)),
  );
}

/** Whether `value` is a whole number of at least `least`: a page number or a page size. */
export function isWholeAtLeast(value: unknown, least: number): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= least;
}

/** A millisecond option (`debounce`, `polling`, …): absent, or a finite number of at least 0. */
export function checkDelay(where: string, value: unknown): void {
  if (value === undefined) return;
  const delays = Array.isArray(value) ? value : [value];
  for (const delay of delays) {
    if (typeof delay !== "number" || !Number.isFinite(delay) || delay < 0) {
      refuse(where, "a number of milliseconds, 0 or more", delay);
    }
  }
}

/** A whole-number option such as `initialPageSize`, of at least `least` when given. */
export function checkWhole(where: string, value: unknown, least?: number): void {
  if (value !== undefined && !isWholeAtLeast(value, least ?? Number.MIN_SAFE_INTEGER)) {
    refuse(
      where,
      least === undefined ? "a whole number" : `a whole number of at least ${least}`,
      value,
    );
  }
}
