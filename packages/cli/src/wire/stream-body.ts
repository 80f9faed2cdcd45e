import { canonicalJson } from "../model/canonical-json.js";
import type { StreamKind } from "../model/stream-media.js";
import { isObject } from "../openapi/is-object.js";

/** Events or lines a stream answer carries when the document gives no example of its own. */
export const STREAM_ITEMS = 3;

/**
 * A stream's items as the bytes a server sends: server-sent events (`event:`, `id:`, `retry:`
 * and `data:` fields when an item has the shape of OpenAPI 3.2's SSE item, else the item as the
 * `data` of one event), or one JSON text per line for JSON Lines and NDJSON. The body ends after
 * the last item, as a finished stream does.
 */
export function streamText(kind: StreamKind, items: readonly unknown[]): string {
  if (kind === "json-lines")
    return items.map((item) => `${canonicalJson(item ?? null)}\n`).join("");
  if (kind === "json-seq")
    return items.map((item) => `\u001e${canonicalJson(item ?? null)}\n`).join("");
  return items.map(eventText).join("");
}

function eventText(item: unknown): string {
  const fields: string[] = [];
  if (isObject(item) && "data" in item) {
    for (const name of ["event", "id", "retry"] as const) {
      const value = item[name];
      if (typeof value === "string" || typeof value === "number")
        fields.push(`${name}: ${String(value).replace(/[\r\n]/g, " ")}`);
    }
    fields.push(...dataLines(item.data));
  } else fields.push(...dataLines(item));
  return `${fields.join("\n")}\n\n`;
}

/**
 * A value as `data:` lines: a string as it is (one line per line), anything else as JSON with its
 * keys sorted, so the MSW handlers printed from it do not depend on the document's key order.
 */
function dataLines(value: unknown): string[] {
  const text = typeof value === "string" ? value : (canonicalJson(value ?? null) ?? "null");
  return text.split(/\r\n|\r|\n/).map((line) => `data: ${line}`);
}

/** A literal example of a whole stream: text that already is the stream's bytes. */
export function isStreamText(kind: StreamKind, value: unknown): value is string {
  if (typeof value !== "string") return false;
  return kind === "events" ? /^(?:data|event|id|retry|:)/m.test(value) : value.includes("\n");
}
