import type { AppLoadContext } from "@remix-run/cloudflare";
import { XMLBuilder } from "fast-xml-parser";
import { getDb } from "../../workers/db/client";
import { newsFeedItems } from "../../workers/services/public-news";
import { NEWS_PAGE_TEXT } from "~/components/public/news-texts";
import { ANONYMOUS_PAGE_CACHE } from "./public-site.server";

/** Where the feed lives; news pages link to it. */
export const NEWS_FEED_PATH = "/news/rss.xml";

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", format: true, suppressEmptyNode: true });

/** The RSS 2.0 document of the newest published articles (the XML is written by fast-xml-parser). */
export function newsFeedXml(origin: string, items: Awaited<ReturnType<typeof newsFeedItems>>): string {
  const lastChange = items.reduce((max, i) => (i.updatedAt > max ? i.updatedAt : max), "");
  const channel = {
    title: `${NEWS_PAGE_TEXT.title} — Migrate`,
    link: `${origin}/news`,
    description: NEWS_PAGE_TEXT.description,
    language: "en",
    "atom:link": { "@_href": `${origin}${NEWS_FEED_PATH}`, "@_rel": "self", "@_type": "application/rss+xml" },
    ...(lastChange ? { lastBuildDate: new Date(lastChange).toUTCString() } : {}),
    item: items.map((i) => ({
      title: i.title,
      link: `${origin}/news/${encodeURIComponent(i.slug)}`,
      guid: { "#text": `${origin}/news/${encodeURIComponent(i.slug)}`, "@_isPermaLink": "true" },
      pubDate: new Date(i.publishedAt).toUTCString(),
      ...(i.summary ? { description: i.summary } : {}),
    })),
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ rss: { "@_version": "2.0", "@_xmlns:atom": "http://www.w3.org/2005/Atom", channel } })}`;
}

/** The feed's response: cacheable like the news pages, whoever asks (it has nothing personal). */
export async function loadNewsFeed(request: Request, context: AppLoadContext): Promise<Response> {
  const items = await newsFeedItems(getDb(context.cloudflare.env.DB));
  return new Response(newsFeedXml(new URL(request.url).origin, items), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": ANONYMOUS_PAGE_CACHE },
  });
}
