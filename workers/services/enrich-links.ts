/**
 * Internal links to pages the run did not visit: checked with one HEAD request each (GET where HEAD
 * is refused), through the egress guard, a bounded number per analysis. Pages the run saw are never
 * requested again (their status is in the run's own records).
 */
import type { CrawlRecord } from "../enrich/site-findings";
import type { Env } from "../env";
import { egressFetch, egressPolicy, type FetchLike } from "../lib/egress";

/** At most this many unvisited links are requested per analysis; the rest stay unchecked. */
export const LINK_CHECK_BUDGET = 60;
const PARALLEL = 4;
const TIMEOUT_MS = 8_000;

async function checkOne(env: Env, url: string, transport?: FetchLike): Promise<CrawlRecord | null> {
  for (const method of ["HEAD", "GET"]) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
    try {
      const { response, finalUrl } = await egressFetch(url, { method, signal: abort.signal }, { policy: egressPolicy(env), fetch: transport });
      if (method === "HEAD" && (response.status === 405 || response.status === 501)) continue;
      return { status: response.status, finalUrl };
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
  return null;
}

/** Checks up to LINK_CHECK_BUDGET of `urls` (keys of the records map → the URL to request). */
export async function checkUnseenLinks(env: Env, urls: Map<string, string>, transport?: FetchLike): Promise<Map<string, CrawlRecord>> {
  const out = new Map<string, CrawlRecord>();
  const queue = [...urls.entries()].slice(0, LINK_CHECK_BUDGET);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const record = await checkOne(env, next[1], transport);
      if (record) out.set(next[0], { ...record, checked: true });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return out;
}
