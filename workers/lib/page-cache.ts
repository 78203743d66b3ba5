import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

/**
 * The edge cache of anonymous visitors' pages (the Workers Cache API). A page opts in by answering with
 * `ANONYMOUS_PAGE_CACHE` (the marketing pages, news, docs and help for visitors); a request with a session
 * cookie, a write, an API call or any other answer passes straight through. Browsers get max-age=0 and ask
 * again every time, so a visitor who signs in is never shown a stale page.
 */
export const ANONYMOUS_PAGE_CACHE = "public, max-age=0, s-maxage=300";

/** How long the edge keeps a page (the s-maxage above). */
export const PAGE_CACHE_SECONDS = 300;

/** The response header that says whether the page came from the edge cache (HIT) or was rendered (MISS). */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

const hasCookie = (request: Request, name: string) => (request.headers.get("Cookie") ?? "").split(";").some((c) => c.trim().startsWith(`${name}=`));

/** Whether a request may be answered from, and stored in, the shared cache. */
export function isCacheableRequest(request: Request, sessionCookie: string): boolean {
  if (request.method !== "GET") return false;
  if (new URL(request.url).pathname.startsWith("/api/")) return false;
  return !hasCookie(request, sessionCookie) && !request.headers.has("Authorization");
}

/** Whether a response may be stored: a 200 that opted in, with no cookie of its own. */
export function isCacheableResponse(response: Response): boolean {
  return response.status === 200 && response.headers.get("Cache-Control") === ANONYMOUS_PAGE_CACHE && !response.headers.has("Set-Cookie");
}

/**
 * A cached page with this response's CSP nonce on every element that carries one: the stored HTML holds
 * the nonce of the response it was rendered for, and the Content-Security-Policy set afterwards has a
 * fresh one, so each answer keeps a nonce of its own.
 */
function withNonce(response: Response, nonce: string): Response {
  if (!(response.headers.get("Content-Type") ?? "").includes("text/html")) return response;
  return new HTMLRewriter()
    .on("[nonce]", {
      element(el) {
        el.setAttribute("nonce", nonce);
      },
    })
    .transform(response);
}

/** The middleware: answers from the cache when it can, and stores what the pages allow. */
export function pageCache(sessionCookie: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const request = c.req.raw;
    if (!isCacheableRequest(request, sessionCookie)) return next();
    // The Workers runtime's default cache (the DOM's CacheStorage type, also in scope, lacks `default`).
    const cache = (caches as unknown as { default: Cache }).default;
    const key = new Request(request.url, { method: "GET" });
    const hit = await cache.match(key);
    if (hit) {
      const res = new Response(hit.body, hit);
      res.headers.set("Cache-Control", ANONYMOUS_PAGE_CACHE);
      res.headers.set(PAGE_CACHE_HEADER, "HIT");
      c.res = withNonce(res, c.get("cspNonce"));
      return;
    }
    await next();
    if (!isCacheableResponse(c.res)) return;
    // The stored copy says how long the edge may keep it; the visitor's copy keeps max-age=0.
    const stored = new Response(c.res.clone().body, c.res);
    stored.headers.set("Cache-Control", `public, max-age=${PAGE_CACHE_SECONDS}`);
    c.executionCtx.waitUntil(cache.put(key, stored));
    c.res.headers.set(PAGE_CACHE_HEADER, "MISS");
  });
}

/** How many pages of /news a change to the news purges (ten articles a page: the newest 200 articles). */
const NEWS_PAGES_PURGED = 20;

/**
 * Keeps the edge cache of the news pages fresh: after an administrator creates, edits or deletes an
 * article through the API, the list's pages, the RSS feed and the article's own page are dropped from
 * this location's cache, so the next visitor sees the change. (The Cache API is per location; a
 * deployment across many locations relies on the five-minute lifetime elsewhere.) A deleted article's
 * slug is not in the answer, so its page may be answered from the cache until it expires.
 */
export const purgeNewsOnWrite = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.method === "GET" || !c.res.ok) return;
  const origin = new URL(c.req.url).origin;
  let slug: string | undefined;
  try {
    slug = ((await c.res.clone().json()) as { article?: { slug?: string } }).article?.slug;
  } catch {
    slug = undefined;
  }
  const cache = (caches as unknown as { default: Cache }).default;
  const paths = ["/news", "/news/rss.xml", ...Array.from({ length: NEWS_PAGES_PURGED - 1 }, (_, i) => `/news?page=${i + 2}`)];
  if (slug) paths.push(`/news/${encodeURIComponent(slug)}`);
  c.executionCtx.waitUntil(Promise.all(paths.map((p) => cache.delete(new Request(`${origin}${p}`)))));
});
