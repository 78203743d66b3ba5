export const NEWS_PAGE_TEXT = {
  title: "News",
  description: "Product updates, new platforms and migration tips.",
  empty: "No news yet",
  emptyHint: "Product updates will appear here.",
  notFound: "Article not found",
  notFoundHint: "It may have been moved or unpublished.",
  back: "All news",
  readMore: "Read more",
  rss: "RSS feed",
  pagination: "News pages",
  newer: "Newer articles",
  older: "Older articles",
} as const;

/** A date as readers expect it, fixed to UTC so the server and the browser render the same text. */
export function formatNewsDate(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(iso));
}
