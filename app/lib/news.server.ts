import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../workers/db/client";
import { ApiError } from "../../workers/lib/errors";
import { getPublishedNews, listPublishedNews } from "../../workers/services/news";
import { renderMarkdown } from "./markdown";
import { optionalUser } from "./session.server";

/** The public news list, rendered on the server so it is readable without JavaScript and by crawlers. */
export async function loadNewsList(request: Request, context: AppLoadContext) {
  const db = getDb(context.cloudflare.env.DB);
  const [current, articles] = await Promise.all([optionalUser(request, context), listPublishedNews(db)]);
  return { signedIn: current !== null, articles };
}

/** One published article with its Markdown rendered to safe HTML; drafts and unknown slugs are 404. */
export async function loadNewsArticle(request: Request, context: AppLoadContext, slug: string) {
  const db = getDb(context.cloudflare.env.DB);
  const current = await optionalUser(request, context);
  try {
    const { bodyMarkdown, ...article } = await getPublishedNews(db, slug);
    return { signedIn: current !== null, article, html: renderMarkdown(bodyMarkdown) };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw json({ signedIn: current !== null }, { status: 404 });
    throw err;
  }
}
