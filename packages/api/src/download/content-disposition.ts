/** A `Content-Disposition` header read per RFC 6266. */
export interface KitContentDisposition {
  /** `attachment`, `inline`, …, in lower case. */
  readonly type: string;
  /**
   * The file name: `filename*` (RFC 8187, UTF-8 or ISO-8859-1) when it decodes, else `filename`.
   * Made safe to save as is on every platform (see `safeName`): the last path segment, no
   * control or bidi characters, no character or device name Windows forbids, 255 bytes at most.
   */
  readonly filename: string | undefined;
  /** Every parameter as received, names in lower case; the first of a repeated name wins. */
  readonly parameters: Readonly<Record<string, string>>;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/;
const QUOTED = /^"((?:[^"\\]|\\.)*)"/;

/** Reads a `Content-Disposition` value; `undefined` when there is none or it has no type. */
export function parseContentDisposition(
  value: string | undefined | null,
): KitContentDisposition | undefined {
  if (typeof value !== "string") return undefined;
  let rest = value.trim();
  const type = TOKEN.exec(rest)?.[0];
  if (type === undefined) return undefined;
  rest = rest.slice(type.length);
  const parameters: Record<string, string> = Object.create(null);
  for (;;) {
    rest = rest.replace(/^[\s;]+/, "");
    const name = TOKEN.exec(rest)?.[0];
    if (name === undefined) break;
    rest = rest.slice(name.length).replace(/^\s*/, "");
    if (!rest.startsWith("=")) continue;
    rest = rest.slice(1).replace(/^\s*/, "");
    const quoted = QUOTED.exec(rest);
    // An unquoted value runs to the next ";", so a stray space or quote does not lose the rest.
    const raw = quoted ? quoted[0] : (/^[^;]*/.exec(rest)?.[0] ?? "");
    rest = rest.slice(raw.length);
    const key = name.toLowerCase();
    if (key in parameters) continue;
    parameters[key] = quoted ? quoted[1]!.replace(/\\(.)/g, "$1") : raw.trim();
  }
  const extended = parameters["filename*"];
  const name =
    (extended === undefined ? undefined : decodeExtValue(extended)) ??
    (parameters.filename === undefined ? undefined : decodePlainName(parameters.filename));
  return { type: type.toLowerCase(), filename: safeName(name), parameters };
}

/** RFC 8187 `charset'language'pct-encoded`; `undefined` for another charset or bad encoding. */
function decodeExtValue(value: string): string | undefined {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return undefined;
  const charset = match[1]!.toLowerCase();
  const bytes = percentBytes(match[2]!);
  if (bytes === undefined) return undefined;
  if (charset === "utf-8") return decodeUtf8(bytes);
  if (charset === "iso-8859-1") return latin1(bytes);
  return undefined;
}

/** ISO-8859-1 maps each byte to the code point of the same number (spread arguments would overflow the stack). */
function latin1(bytes: readonly number[]): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

function percentBytes(text: string): number[] | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char !== "%") {
      const code = char.charCodeAt(0);
      if (code > 0x7e || code <= 0x20) return undefined;
      bytes.push(code);
      continue;
    }
    const hex = text.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
    bytes.push(Number.parseInt(hex, 16));
    i += 2;
  }
  return bytes;
}

function decodeUtf8(bytes: readonly number[]): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

/**
 * A plain `filename` as back ends really send it. HTTP clients give header bytes as Latin-1
 * characters, so raw UTF-8 (`中文.txt` sent unencoded) arrives as mojibake and is decoded back;
 * and percent-encoded UTF-8 (`%E4%B8%AD.txt`, Java's `URLEncoder`) is decoded when it yields
 * non-ASCII text, as browsers do for these names.
 */
function decodePlainName(name: string): string {
  if (/[\x80-\xff]/.test(name) && !/[\u0100-\uffff]/.test(name)) {
    const utf8 = decodeUtf8([...name].map((char) => char.charCodeAt(0)));
    if (utf8 !== undefined) return utf8;
  }
  if (/%[89A-Fa-f][0-9A-Fa-f]/.test(name)) {
    const bytes = percentBytes(name.replaceAll(" ", "%20"));
    const decoded = bytes === undefined ? undefined : decodeUtf8(bytes);
    if (decoded !== undefined) return decoded;
  }
  return name;
}

/**
 * Characters no name shows: controls (C0, DEL, C1), format characters (bidi controls such as
 * U+202E, which turns `invoice\u202Efdp.exe` into a `.pdf` to the eye; zero-width characters; the
 * byte order mark), lone surrogates and the line and paragraph separators.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/** Characters Windows forbids in a name (`a:b` would write an alternate data stream). */
const WINDOWS_FORBIDDEN = /[<>:"|?*]/g;

/** Names Windows reserves for devices, with any extension: `CON`, `nul.txt`, `COM1`, `LPT9`, `COM¹`. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/** Most file systems allow 255 bytes of UTF-8 for a name. */
const MAX_NAME_BYTES = 255;

/**
 * A name that is safe to save on every platform, keeping as much of the sent name as can be
 * read: the last path segment; invisible characters removed; characters Windows forbids replaced
 * by `_`; leading and trailing dots and spaces trimmed (a hidden file, a name Windows would
 * change); a Windows device name prefixed with `_`; at most 255 UTF-8 bytes, the extension kept.
 * `undefined` when nothing usable is left.
 */
function safeName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const segment = name.split(/[/\\]/).pop() ?? "";
  const visible = segment.replace(INVISIBLE, "").replace(WINDOWS_FORBIDDEN, "_");
  let base = visible.replace(/^[\s.]+|[\s.]+$/g, "");
  if (base === "") return undefined;
  const dot = base.indexOf(".");
  if (WINDOWS_DEVICE.test((dot === -1 ? base : base.slice(0, dot)).trimEnd())) base = `_${base}`;
  return shortened(base);
}

/** The name cut to `MAX_NAME_BYTES` of UTF-8 on a character boundary, its extension kept. */
function shortened(name: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(name).length <= MAX_NAME_BYTES) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : "";
  let budget = MAX_NAME_BYTES - encoder.encode(extension).length;
  let stem = "";
  for (const character of name.slice(0, name.length - extension.length)) {
    budget -= encoder.encode(character).length;
    if (budget < 0) break;
    stem += character;
  }
  return `${stem.trimEnd()}${extension}`;
}
