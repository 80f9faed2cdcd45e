/** The lowercase `type/subtype` of a media type, without parameters (`; charset=utf-8`). */
export function mediaTypeEssence(mediaType: string): string {
  return mediaType.split(";", 1)[0]!.trim().toLowerCase();
}

/** `application/json`, `text/json` and every `+json` type (`application/merge-patch+json`). */
export function isJsonMediaType(mediaType: string): boolean {
  const essence = mediaTypeEssence(mediaType);
  return essence === "application/json" || essence === "text/json" || essence.endsWith("+json");
}

/** A range such as `*\/*` or `application/*`: it accepts types but names none to send. */
export function isMediaRange(mediaType: string): boolean {
  return mediaTypeEssence(mediaType).endsWith("/*");
}
