/**
 * Outbound safety of the crawler: a run only reaches its site's own host, and outside local development
 * never a private, loopback or link-local address, whether named directly, reached through DNS or
 * through a redirect. Otherwise a site configuration could be used to reach internal services.
 */

/** Why a URL was refused. */
export class CrawlRefusedError extends Error {
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = "CrawlRefusedError";
  }
}

/** Resolves a host name to its IPv4 and IPv6 addresses. */
export type HostResolver = (hostname: string) => Promise<string[]>;

export interface GuardOptions {
  /** The site's host ("example.com", "localhost:8080"): the only host a run may reach. */
  host: string;
  /** "development" allows loopback and private addresses (local fixture sites). */
  environment: string;
  resolver?: HostResolver;
}

const V4_BLOCKS: [number, number][] = [
  [0x00000000, 8], // "this" network
  [0x0a000000, 8], // private
  [0x64400000, 10], // carrier-grade NAT
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local (cloud metadata services live here)
  [0xac100000, 12], // private
  [0xc0000000, 24], // IETF protocol assignments
  [0xc0000200, 24], // documentation
  [0xc0a80000, 16], // private
  [0xc6120000, 15], // benchmarking
  [0xc6336400, 24], // documentation
  [0xcb007100, 24], // documentation
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved and broadcast
];

function parseV4(ip: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
}

function v4Private(n: number): boolean {
  return V4_BLOCKS.some(([base, bits]) => (n >>> (32 - bits)) === (base >>> (32 - bits)));
}

/** Expands an IPv6 address into eight 16-bit groups, or null when it is not one. */
function parseV6(ip: string): number[] | null {
  let s = ip.replace(/^\[|\]$/g, "").toLowerCase();
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(":")) return null;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const v4tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (v4tail) {
    const n = parseV4(v4tail[1]);
    if (n === null) return null;
    s = s.slice(0, -v4tail[1].length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/** Whether an IP address (v4 or v6) is private, loopback, link-local or otherwise not public. */
export function isPrivateAddress(ip: string): boolean {
  const v4 = parseV4(ip);
  if (v4 !== null) return v4Private(v4);
  const g = parseV6(ip);
  if (!g) return true; // not an address we understand: refuse rather than guess
  const embeddedV4 = ((g[6] << 16) | g[7]) >>> 0;
  if (g.slice(0, 7).every((x) => x === 0)) return true; // :: and ::1 (and the deprecated ::a.b.c.d)
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return v4Private(embeddedV4); // v4-mapped
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Private(embeddedV4); // NAT64
  if ((g[0] & 0xfe00) === 0xfc00) return true; // unique local
  if ((g[0] & 0xffc0) === 0xfe80) return true; // link-local
  if ((g[0] & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  if ((g[0] & 0xff00) === 0xff00) return true; // multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return true; // documentation
  return false;
}

/** Whether a host name is an IP literal (as the URL parser writes them: dotted v4, bracketed v6). */
export function isIpLiteral(hostname: string): boolean {
  return parseV4(hostname) !== null || /^\[.*\]$/.test(hostname);
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

/** Remembers lookups for a minute, so a run does not resolve its host for every page. */
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

/**
 * Refuses a URL that is not on the site's host, or (outside development) whose host is or resolves to a
 * non-public address. Throws CrawlRefusedError with the reason.
 */
export async function assertCrawlable(rawUrl: string, opts: GuardOptions): Promise<URL> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new CrawlRefusedError(`Not a valid URL: ${rawUrl}`, rawUrl);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new CrawlRefusedError(`Only http and https URLs are crawled: ${rawUrl}`, rawUrl);
  if (url.host !== opts.host) throw new CrawlRefusedError(`${url.host} is outside the site's origin (${opts.host})`, rawUrl);
  if (opts.environment === "development") return url;
  const hostname = url.hostname;
  if (/^localhost$|\.localhost$/i.test(hostname)) throw new CrawlRefusedError(`${hostname} is a loopback host`, rawUrl);
  if (isIpLiteral(hostname)) {
    if (isPrivateAddress(hostname)) throw new CrawlRefusedError(`${hostname} is a private, loopback or link-local address`, rawUrl);
    return url;
  }
  const resolver = opts.resolver ?? dohResolver;
  let addresses: string[];
  try {
    addresses = await resolver(hostname);
  } catch (err) {
    throw new CrawlRefusedError(`Could not resolve ${hostname}: ${err instanceof Error ? err.message : String(err)}`, rawUrl);
  }
  if (addresses.length === 0) throw new CrawlRefusedError(`${hostname} does not resolve to any address`, rawUrl);
  const bad = addresses.find(isPrivateAddress);
  if (bad) throw new CrawlRefusedError(`${hostname} resolves to ${bad}, a private, loopback or link-local address`, rawUrl);
  return url;
}

export const MAX_REDIRECTS = 5;

export interface GuardedResponse {
  response: Response;
  finalUrl: string;
}

/**
 * Fetches a URL on the site's host, following redirects by hand so that every hop passes
 * `assertCrawlable` (a redirect to another host or to an internal address is refused).
 */
export async function guardedFetch(rawUrl: string, opts: GuardOptions & { timeoutMs?: number; headers?: HeadersInit }): Promise<GuardedResponse> {
  let current = rawUrl;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    await assertCrawlable(current, opts);
    const response = await fetch(current, {
      redirect: "manual",
      headers: opts.headers,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      current = new URL(location, current).toString();
      continue;
    }
    return { response, finalUrl: current };
  }
  throw new CrawlRefusedError(`More than ${MAX_REDIRECTS} redirects from ${rawUrl}`, rawUrl);
}
