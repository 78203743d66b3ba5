import { json, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../workers/db/client";
import { ApiError } from "../../workers/lib/errors";
import { getPublishedNews } from "../../workers/services/news";
import { publishedNewsPage } from "../../workers/services/public-news";
import { renderMarkdown } from "./markdown";
import { pageCacheHeaders } from "./public-site.server";
import { optionalUser } from "./session.server";

/**
 * One page of the public news list (`?page=`), rendered on the server so it is readable without
 * JavaScript and by crawlers. A page number that is not a whole number from 2 up, or lies past the last
 * page, goes back to /news.
 */
export async function loadNewsList(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("page");
  const page = raw === null ? 1 : /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(page) || (raw !== null && page === 1)) throw redirect("/news");
  const db = getDb(context.cloudflare.env.DB);
  const [current, list] = await Promise.all([optionalUser(request, context), publishedNewsPage(db, page)]);
  if (page > list.pages) throw redirect("/news");
  return json({ signedIn: current !== null, origin: url.origin, ...list }, { headers: pageCacheHeaders(current !== null) });
}

/** One published article with its Markdown rendered to safe HTML; drafts and unknown slugs are 404. */
export async function loadNewsArticle(request: Request, context: AppLoadContext, slug: string) {
  const db = getDb(context.cloudflare.env.DB);
  const current = await optionalUser(request, context);
  try {
    const { bodyMarkdown, ...article } = await getPublishedNews(db, slug);
    return json({ signedIn: current !== null, origin: new URL(request.url).origin, article, html: renderMarkdown(bodyMarkdown) }, { headers: pageCacheHeaders(current !== null) });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw json({ signedIn: current !== null }, { status: 404 });
    throw err;
  }
}
