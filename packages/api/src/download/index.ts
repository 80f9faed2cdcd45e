import type { KitResult } from "../core/result.js";
import { type KitContentDisposition, parseContentDisposition } from "./content-disposition.js";

export { type KitContentDisposition, parseContentDisposition };

/**
 * The Blob of a download as a `File` named by the response's `Content-Disposition`
 * (`filename*` first, so UTF-8 names such as `报告.pdf` survive), else `fallback`.
 */
export function downloadedFile(result: KitResult<unknown, Blob>, fallback = "download"): File {
  const header = result.headers["content-disposition"];
  // Node gives a repeated header as an array; RFC 6266 allows one, so the first is read.
  const name = parseContentDisposition(typeof header === "string" ? header : header?.[0])?.filename;
  const blob = result.data;
  return new File([blob], name ?? fallback, { type: blob.type });
}
