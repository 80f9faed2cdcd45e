/**
 * A short stable hash (32-bit FNV-1a) written in lowercase letters only, so it stays one word
 * when names are split and cased: `tag-mxqvbfc`, `TagMxqvbfcApi`.
 */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  let rest = hash >>> 0;
  let letters = "";
  do {
    letters = String.fromCharCode(97 + (rest % 26)) + letters;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return letters;
}
