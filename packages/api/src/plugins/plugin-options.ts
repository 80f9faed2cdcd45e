/**
 * Plugin options are checked when the plugin is created, so a typo fails at start-up with the
 * plugin and field named, not on some later request.
 */
export function requireInteger(plugin: string, field: string, value: unknown, min: number): void {
  if (!Number.isInteger(value) || (value as number) < min) {
    throw new TypeError(
      `${plugin}({ ${field} }) must be an integer ≥ ${min}, got ${String(value)}`,
    );
  }
}

export function requirePositive(plugin: string, field: string, value: unknown): void {
  if (typeof value !== "number" || !(value > 0) || value === Number.POSITIVE_INFINITY) {
    throw new TypeError(
      `${plugin}({ ${field} }) must be a positive finite number, got ${String(value)}`,
    );
  }
}

export function requireFunction(plugin: string, field: string, value: unknown): void {
  if (typeof value !== "function") {
    throw new TypeError(`${plugin}({ ${field} }) must be a function, got ${typeof value}`);
  }
}

export function requireText(plugin: string, field: string, value: unknown): void {
  if (typeof value !== "string" || value === "") {
    throw new TypeError(`${plugin}({ ${field} }) must be a non-empty string, got ${String(value)}`);
  }
}
