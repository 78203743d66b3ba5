/**
 * The one egress guard (ARCHITECTURE rule 12): every request the Worker sends to a URL that a user, a
 * site configuration or a crawled page supplied goes through here — the crawler's page-list and
 * sitemap fetches, auto-populate, target platform calls and asset downloads. The browser's own
 * requests use the literal check (`isPrivateHostLiteral`) through the crawler's policy, and names of
 * other hosts than the site's are resolved and checked with this policy's resolver (crawl/browser.ts).
 *
 * What it refuses (outside local development): URLs that are not http(s) or carry a user name or
 * password; hosts that are, or resolve to, a loopback, private, link-local, carrier-grade NAT, cloud
 * metadata, multicast, documentation or otherwise reserved address, in every spelling — IPv4 in any
 * form the URL parser accepts (2130706433, 0177.0.0.1, 0x7f.1, 127.1 all become 127.0.0.1), IPv6
 * (::, ::1, fc00::/7, fe80::/10, everything outside 2000::/3) and IPv6 that embeds an IPv4 address
 * (IPv4-mapped, IPv4-compatible, NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo 2001::/32). Every redirect
 * hop is checked again (`egressFetch` follows redirects itself, never the runtime).
 *
 * Name resolution, and what remains. A Worker's fetch() cannot be pinned to an address: it takes a URL
 * and resolves the host itself (and https needs the host name for SNI). So a host name is resolved
 * here, through DNS over HTTPS, and refused when ANY of its addresses is not public; the connection
 * then resolves the name again. A name whose DNS answers change between the two lookups (DNS
 * rebinding) can pass the check and connect to another address. This is not closed here. What bounds
 * it in production: the Worker's fetch() runs on Cloudflare's network, which has no route into our
 * infrastructure or a customer's private network (reaching one takes a Workers VPC binding through a
 * Cloudflare Tunnel, which this Worker does not declare), and there is no cloud metadata service
 * behind it. Literal IP hosts are checked directly, with no lookup and no such gap. Pinning through a
 * raw socket (`connect()` to the checked address, then `startTls` with the host name) is no way out:
 * Cloudflare refuses sockets to its own IP ranges, where many target platforms and sites are served,
 * and to localhost and private networks, and sends HTTP on ports 80 and 443 to fetch() (the TCP
 * sockets documentation, "Considerations" and "Troubleshooting").
 *
 * Local development: fixture sites and fake platforms listen on loopback. `EGRESS_ALLOW_PRIVATE =
 * "true"` (wrangler.toml's local [vars], the test configuration) lets requests reach private addresses
 * and plain http; it is ignored when ENVIRONMENT is "production". Without the setting, the guard blocks.
 */

import ipaddr from "ipaddr.js";

/** The transport the guard drives: the global fetch, or a fake in tests. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Resolves a host name to its IPv4 and IPv6 addresses. */
export type HostResolver = (hostname: string) => Promise<string[]>;

/** How outbound requests are checked. */
export interface EgressPolicy {
  /** Local development only: private and loopback addresses, and plain http with credentials, are allowed. */
  allowPrivate: boolean;
  resolver: HostResolver;
}

/** The bindings the policy reads (a subset of the Worker's Env). */
export interface EgressSettings {
  EGRESS_ALLOW_PRIVATE?: string;
  ENVIRONMENT?: string;
}

/** Why a request was refused. */
export class EgressRefusedError extends Error {
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = "EgressRefusedError";
  }
}

/**
 * Reads an IPv4 address in any spelling the URL standard's IPv4 parser accepts: one to four parts,
 * each decimal, octal (leading 0) or hex (0x), the last filling the remaining bytes ("127.1",
 * "2130706433", "0x7f.1", "0177.0.0.1"). Null when the text is not such an address.
 */
export function parseIPv4(text: string): number | null {
  const s = text.endsWith(".") ? text.slice(0, -1) : text;
  const parts = s.split(".");
  if (parts.length < 1 || parts.length > 4) return null;
  const values: number[] = [];
  for (const p of parts) {
    let v: number;
    if (/^0x[0-9a-f]*$/i.test(p)) v = p.length === 2 ? 0 : parseInt(p.slice(2), 16);
    else if (/^0[0-7]+$/.test(p)) v = parseInt(p.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(p)) v = Number(p);
    else return null;
    if (!Number.isSafeInteger(v)) return null;
    values.push(v);
  }
  const last = values.pop()!;
  if (values.some((v) => v > 255) || last >= 256 ** (4 - values.length)) return null;
  let n = last;
  values.forEach((v, i) => (n += v * 256 ** (3 - i)));
  return n >>> 0;
}

/** Whether an IPv4 address (as a 32-bit number) is anything but public unicast, by ipaddr.js's range table. */
function v4Private(n: number): boolean {
  return ipaddr.fromByteArray([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]).range() !== "unicast";
}

const zero = (g: number[], from: number, to: number) => g.slice(from, to).every((x) => x === 0);
const v4Of = (hi: number, lo: number) => ((hi << 16) | lo) >>> 0;

/**
 * Whether an IPv6 address is anything but public unicast. ipaddr.js names the ranges (loopback,
 * unique-local, link-local, multicast, documentation, benchmarking, ...); addresses that carry an
 * IPv4 address are judged by the address they carry.
 */
function v6Private(addr: ipaddr.IPv6): boolean {
  const g = addr.parts;
  // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d: never a public destination.
  if (zero(g, 0, 6)) return true;
  switch (addr.range()) {
    case "ipv4Mapped": // ::ffff:a.b.c.d
    case "rfc6145": // ::ffff:0:a.b.c.d
      return v4Private(v4Of(g[6], g[7]));
    case "rfc6052": // NAT64: the well-known 64:ff9b::/96 carries an address; the local-use 64:ff9b:1::/48 is never public
      return g[1] === 0xff9b && zero(g, 2, 6) ? v4Private(v4Of(g[6], g[7])) : true;
    case "6to4": // 2002:aabb:ccdd::/48 carries a.b.c.d after the prefix
      return v4Private(v4Of(g[1], g[2]));
    case "teredo": // 2001:0::/32: the server address in clear, the client address inverted in the last 32 bits
      return v4Private(v4Of(g[2], g[3])) || v4Private(~v4Of(g[6], g[7]) >>> 0);
    case "unicast":
      return false;
    default:
      return true;
  }
}

/** An IPv6 address (brackets and a zone index allowed), or null when the text is not one. */
function parseV6(ip: string): ipaddr.IPv6 | null {
  let s = ip.replace(/^\[|\]$/g, "");
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(":")) return null;
  // A dotted IPv4 tail becomes two groups first: ipaddr.js reads "::8.8.8.8" as ::ffff:8.8.8.8 (mapped),
  // where it is the IPv4-compatible ::808:808, which is never public.
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (tail) {
    const parts = tail[1].split(".").map(Number);
    if (parts.some((p) => p > 255)) return null;
    s = `${s.slice(0, -tail[1].length)}${((parts[0] << 8) | parts[1]).toString(16)}:${((parts[2] << 8) | parts[3]).toString(16)}`;
  }
  return ipaddr.IPv6.isValid(s) ? ipaddr.IPv6.parse(s) : null;
}

/** Whether an IP address (v4 in any spelling, or v6) is anything but a public unicast address. */
export function isPrivateAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4 !== null) return v4Private(v4);
  const v6 = parseV6(ip);
  if (!v6) return true; // not an address we understand: refuse rather than guess
  return v6Private(v6);
}

/** Whether a URL host name is an IP literal (any IPv4 spelling, or bracketed IPv6). */
export function isIpLiteral(hostname: string): boolean {
  return parseIPv4(hostname) !== null || /^\[.*\]$/.test(hostname);
}

const LOCALHOST = /^localhost\.?$|\.localhost\.?$/i;

/**
 * Synchronous check of a URL host name, with no lookup: a localhost name or a literal address that is
 * not public. For places that cannot wait for DNS (the browser's request filter, save-time validation).
 */
export function isPrivateHostLiteral(hostname: string): boolean {
  const h = hostname.toLowerCase();
  if (LOCALHOST.test(h)) return true;
  return isIpLiteral(h) && isPrivateAddress(h);
}

interface DohAnswer {
  type: number;
  data: string;
}

/** Resolves through DNS over HTTPS (Cloudflare's resolver), A and AAAA records. */
export const dohResolver: HostResolver = async (hostname) => {
  const out: string[] = [];
  for (const type of ["A", "AAAA"]) {
    const res = await fetch(`https://cloudflare-dns.com/dns-query?name=${encodeURIComponent(hostname)}&type=${type}`, {
      headers: { accept: "application/dns-json" },
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`DNS lookup of ${hostname} failed (HTTP ${res.status})`);
    const body = (await res.json()) as { Answer?: DohAnswer[] };
    for (const a of body.Answer ?? []) if (a.type === 1 || a.type === 28) out.push(a.data);
  }
  return out;
};

/** Remembers lookups for a minute, so a run does not resolve its host for every request. */
export function cachedResolver(inner: HostResolver, ttlMs = 60_000): HostResolver {
  const cache = new Map<string, { at: number; addresses: Promise<string[]> }>();
  return (hostname) => {
    const hit = cache.get(hostname);
    if (hit && Date.now() - hit.at < ttlMs) return hit.addresses;
    const addresses = inner(hostname);
    cache.set(hostname, { at: Date.now(), addresses });
    addresses.catch(() => cache.delete(hostname));
    return addresses;
  };
}

/** One lookup cache per isolate for callers that bring no resolver of their own. */
const sharedResolver = cachedResolver(dohResolver);

/** Whether the explicit local-development setting lets requests reach private addresses. */
export function allowsPrivateEgress(env: EgressSettings): boolean {
  return env.EGRESS_ALLOW_PRIVATE === "true" && env.ENVIRONMENT !== "production";
}

/** The guard's policy from the Worker's bindings. */
export function egressPolicy(env: EgressSettings, resolver: HostResolver = sharedResolver): EgressPolicy {
  return { allowPrivate: allowsPrivateEgress(env), resolver };
}

export interface EgressCheck {
  /** Credentials go along: plain http is refused outside local development. */
  requireHttps?: boolean;
}

/**
 * Refuses a URL that is not http(s), carries a user name or password, or (unless the policy allows
 * private addresses) whose host is or resolves to a non-public address, or that is plain http when
 * `requireHttps`. Throws EgressRefusedError with the reason; returns the parsed URL.
 */
export async function assertEgressAllowed(rawUrl: string | URL, policy: EgressPolicy, check: EgressCheck = {}): Promise<URL> {
  const text = String(rawUrl);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new EgressRefusedError(`Not a valid URL: ${text}`, text);
  }
  const shown = url.origin;
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new EgressRefusedError(`Only http and https URLs are fetched: ${url.protocol}`, text);
  if (url.username || url.password) throw new EgressRefusedError(`A URL may not carry a user name or password (${shown})`, text);
  if (policy.allowPrivate) return url;
  if (check.requireHttps && url.protocol !== "https:") throw new EgressRefusedError(`Credentials are only sent over https, not to ${shown}`, text);
  const hostname = url.hostname;
  if (LOCALHOST.test(hostname)) throw new EgressRefusedError(`${hostname} is a loopback host`, text);
  if (isIpLiteral(hostname)) {
    if (isPrivateAddress(hostname)) throw new EgressRefusedError(`${hostname} is a private, loopback or link-local address`, text);
    return url;
  }
  let addresses: string[];
  try {
    addresses = await policy.resolver(hostname);
  } catch (err) {
    throw new EgressRefusedError(`Could not resolve ${hostname}: ${err instanceof Error ? err.message : String(err)}`, text);
  }
  if (addresses.length === 0) throw new EgressRefusedError(`${hostname} does not resolve to any address`, text);
  const bad = addresses.find(isPrivateAddress);
  if (bad) throw new EgressRefusedError(`${hostname} resolves to ${bad}, a private, loopback or link-local address`, text);
  return url;
}

/** What is wrong with a platform endpoint URL, found without a lookup (settings are checked as they are saved). */
export type EndpointUrlProblem = "invalid" | "credentials" | "plain-http" | "private-address";

/**
 * Checks a URL that the product will call with a platform's credentials: http(s), no user name or
 * password in it, and (unless private addresses are allowed locally) https and no literal private
 * address or localhost name. A name that resolves to a private address is refused at call time.
 */
export function endpointUrlProblem(raw: string, allowPrivate: boolean): EndpointUrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "invalid";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "invalid";
  if (url.username || url.password) return "credentials";
  if (allowPrivate) return null;
  if (url.protocol !== "https:") return "plain-http";
  if (isPrivateHostLiteral(url.hostname)) return "private-address";
  return null;
}

export const MAX_REDIRECTS = 5;

/** Headers that may follow a redirect to another origin; everything else (credentials above all) stays behind. */
const CROSS_ORIGIN_HEADERS = new Set(["accept", "accept-language", "content-type", "user-agent"]);
const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "content-language", "content-location"];

export interface EgressFetchOptions extends EgressCheck {
  policy: EgressPolicy;
  /** The transport (default: the global fetch). */
  fetch?: FetchLike;
  maxRedirects?: number;
  /** Further rules for every hop, run before the address check (the crawler keeps to the site's host). */
  checkHop?: (url: URL) => void;
}

export interface EgressResponse {
  response: Response;
  finalUrl: string;
}

/**
 * Sends a request with redirects followed by hand (`redirect: "manual"`), at most `maxRedirects`, every
 * hop checked by `assertEgressAllowed`. A hop to another origin drops every header but a few harmless
 * ones, so Authorization, cookies and tokens never reach a host they were not meant for. 303 (and
 * 301/302 after a POST) continue as GET without the body, as browsers do.
 */
export async function egressFetch(rawUrl: string, init: RequestInit, opts: EgressFetchOptions): Promise<EgressResponse> {
  const transport = opts.fetch ?? ((input: string, i?: RequestInit) => fetch(input, i));
  const maxRedirects = opts.maxRedirects ?? MAX_REDIRECTS;
  let current = rawUrl;
  let method = (init.method ?? "GET").toUpperCase();
  let body = init.body;
  const headers = new Headers(init.headers);
  for (let hop = 0; hop <= maxRedirects; hop++) {
    let url: URL;
    try {
      url = new URL(current);
    } catch {
      throw new EgressRefusedError(`Not a valid URL: ${current}`, current);
    }
    opts.checkHop?.(url);
    url = await assertEgressAllowed(url, opts.policy, opts);
    const response = await transport(url.toString(), { ...init, method, body, headers, redirect: "manual" });
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || response.status === 304 || !location) return { response, finalUrl: url.toString() };
    await response.body?.cancel().catch(() => {});
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new EgressRefusedError(`${url.origin} redirected to an invalid URL`, current);
    }
    if (next.origin !== url.origin) {
      for (const name of [...headers.keys()]) if (!CROSS_ORIGIN_HEADERS.has(name)) headers.delete(name);
    }
    if (response.status === 303 ? method !== "HEAD" : (response.status === 301 || response.status === 302) && method === "POST") {
      method = "GET";
      body = undefined;
      for (const name of BODY_HEADERS) headers.delete(name);
    } else if (body instanceof ReadableStream) {
      throw new EgressRefusedError(`${url.origin} redirected a streamed request body, which cannot be sent again`, current);
    }
    current = next.toString();
  }
  throw new EgressRefusedError(`More than ${maxRedirects} redirects from ${rawUrl}`, rawUrl);
}

/** A FetchLike that sends every request through `egressFetch` (asset downloads: no credentials, any host). */
export function egressFetcher(policy: EgressPolicy, transport?: FetchLike, check: EgressCheck = {}): FetchLike {
  return async (input, init = {}) => (await egressFetch(input, init, { ...check, policy, fetch: transport })).response;
}
