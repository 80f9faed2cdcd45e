import type { IncomingHttpHeaders } from "node:http";

/** Which hosts and origins may reach the mock besides the machine's own names. */
export interface GuardOptions {
  /** `Host` names accepted besides localhost, 127.0.0.1 and [::1]; `true`: any. */
  allowedHosts?: readonly string[] | true;
  /** Origins given CORS besides those of localhost; `true`: any. */
  corsOrigins?: readonly string[] | true;
}

/** Names that always mean this machine: no DNS answer can point them elsewhere. */
function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    name === "[::1]" ||
    /^127(?:\.\d{1,3}){3}$/.test(name)
  );
}

function isIpLiteral(name: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(name) || /^\[[0-9a-f:.]+\]$/.test(name);
}

/** `example.com:4010` → `example.com`; `[::1]:4010` → `[::1]`; undefined for a malformed value. */
function hostnameOf(host: string): string | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::\d{1,5})?$/.exec(host.trim());
  return match?.[1]?.toLowerCase();
}

/**
 * Whether the `Host` header names this machine, an IP address or a configured host. A page on
 * another site can make its own name resolve to 127.0.0.1 (DNS rebinding); it cannot make the
 * browser send another `Host` than that name, so the check keeps such pages out.
 */
export function hostAllowed(
  host: string | undefined,
  listening: string,
  options: GuardOptions,
): boolean {
  if (options.allowedHosts === true) return true;
  // HTTP/1.0 clients may send no Host; a browser always does.
  if (host === undefined) return true;
  const name = hostnameOf(host);
  if (name === undefined) return false;
  // DNS rebinding needs a name; an address typed as such (the machine's LAN address with
  // --host 0.0.0.0) is what the user asked for.
  if (isLoopbackName(name) || isIpLiteral(name)) return true;
  const listeningName = listening.includes(":") ? `[${listening}]` : listening;
  if (name === listeningName.toLowerCase() && listening !== "0.0.0.0" && listening !== "::")
    return true;
  return (options.allowedHosts ?? []).some((allowed) => allowed.toLowerCase() === name);
}

/** Whether a page of `origin` may read the mock's answers (CORS): localhost pages, or configured ones. */
export function originAllowed(origin: string, options: GuardOptions): boolean {
  if (options.corsOrigins === true) return true;
  if ((options.corsOrigins ?? []).includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && isLoopbackName(url.hostname);
}

/**
 * Why a request is refused before it is read, or undefined: a `Host` that is not this machine, a
 * page of another origin, or a cross-site request a browser sent without saying its origin
 * (`<img>`, `<form>`): all may come from a page the developer opened, not from the app.
 */
export function refusal(
  headers: IncomingHttpHeaders,
  listening: string,
  options: GuardOptions,
): string | undefined {
  if (!hostAllowed(headers.host, listening, options))
    return `Host "${headers.host}" is not this machine; allow it with --allowed-host`;
  const origin = headers.origin;
  if (origin !== undefined && origin !== "null" && !originAllowed(origin, options))
    return `Origin "${origin}" is not allowed; allow it with --cors-origin`;
  if (origin === "null" && options.corsOrigins !== true)
    return 'Origin "null" (a sandboxed page or a file) is not allowed; allow any with --cors-origin "*"';
  if (
    origin === undefined &&
    headers["sec-fetch-site"] === "cross-site" &&
    options.corsOrigins !== true
  )
    return "a cross-site request without an Origin is not allowed";
  return undefined;
}
