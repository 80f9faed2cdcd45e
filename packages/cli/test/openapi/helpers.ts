import { fileURLToPath } from "node:url";
import { KitGenerateError } from "../../src/errors.js";

/** The `KitGenerateError` that `run` throws; fails the test when it throws nothing or something else. */
export function thrownBy(run: () => unknown): KitGenerateError {
  try {
    run();
  } catch (error) {
    if (error instanceof KitGenerateError) return error;
    throw error;
  }
  throw new Error("expected a KitGenerateError, nothing was thrown");
}

export function fixture(name: string): string {
  return fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
}
