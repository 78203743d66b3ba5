/**
 * Outbound safety of the crawler: a run only reaches its site's own host, and every request also
 * passes the one egress guard (workers/lib/egress.ts: no private, loopback, link-local or otherwise
 * non-public address, named directly, reached through DNS or through a redirect, unless the local
 * development setting allows it). Otherwise a site configuration could be used to reach internal services.
 */
import { assertEgressAllowed, EgressRefusedError, egressFetch, type EgressPolicy, type EgressResponse, MAX_REDIRECTS } from "../lib/egress";

export { cachedResolver, dohResolver, isIpLiteral, isPrivateAddress, MAX_REDIRECTS, type HostResolver } from "../lib/egress";

/** Why a URL was refused: the egress guard's error, under the crawler's name. */
export const CrawlRefusedError = EgressRefusedError;
export type CrawlRefusedError = EgressRefusedError;

export interface GuardOptions {
  /** The site's host ("example.com", "localhost:8080"): the only host a run may reach. */
  host: string;
  /** The egress policy (`egressPolicy(env, resolver)`). */
  egress: EgressPolicy;
}

function assertOnSite(url: URL, host: string, rawUrl: string): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new CrawlRefusedError(`Only http and https URLs are crawled: ${rawUrl}`, rawUrl);
  if (url.host !== host) throw new CrawlRefusedError(`${url.host} is outside the site's origin (${host})`, rawUrl);
}

/**
 * Refuses a URL that is not on the site's host, or that the egress guard refuses. Throws
 * CrawlRefusedError with the reason.
 */
export async function assertCrawlable(rawUrl: string, opts: GuardOptions): Promise<URL> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new CrawlRefusedError(`Not a valid URL: ${rawUrl}`, rawUrl);
  }
  assertOnSite(url, opts.host, rawUrl);
  return await assertEgressAllowed(url, opts.egress);
}

export type GuardedResponse = EgressResponse;

/**
 * Fetches a URL on the site's host, following up to MAX_REDIRECTS redirects by hand so that every hop
 * passes the egress guard and stays on the site's host.
 */
export async function guardedFetch(rawUrl: string, opts: GuardOptions & { timeoutMs?: number; headers?: HeadersInit }): Promise<GuardedResponse> {
  return egressFetch(
    rawUrl,
    { headers: opts.headers, signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000) },
    { policy: opts.egress, maxRedirects: MAX_REDIRECTS, checkHop: (url) => assertOnSite(url, opts.host, url.toString()) },
  );
}
