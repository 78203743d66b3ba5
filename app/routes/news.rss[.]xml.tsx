import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadNewsFeed } from "~/lib/news-feed.server";

/** /news/rss.xml: the RSS feed of published articles. */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadNewsFeed(request, context);
