import path from "node:path";

/**
 * The absolute path of a generated file, or `undefined` when its relative path would resolve
 * outside `outDir`. The generator never produces such paths; this guards against a bug or a
 * hostile result object handed to `writeGenerated`.
 */
export function resolveOutputPath(outDir: string, relativePath: string): string | undefined {
  if (relativePath === "" || relativePath.includes("\\") || relativePath.includes("\0")) {
    return undefined;
  }
  if (path.posix.isAbsolute(relativePath) || path.win32.isAbsolute(relativePath)) return undefined;
  if (
    relativePath.split("/").some((segment) => segment === "" || segment === "." || segment === "..")
  ) {
    return undefined;
  }
  const root = path.resolve(outDir);
  const target = path.resolve(root, relativePath);
  return isInside(root, target) ? target : undefined;
}

/** True when `target` is strictly below `root` (both absolute). */
export function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== "" && relative.split(path.sep)[0] !== ".." && !path.isAbsolute(relative);
}
