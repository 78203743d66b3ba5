import type { MetaDescriptor } from "@remix-run/cloudflare";

/** Open Graph and Twitter card tags of a news page, with its canonical address. */
export function newsMeta({ title, description, url, type, publishedAt }: { title: string; description: string; url: string; type: "website" | "article"; publishedAt?: string }): MetaDescriptor[] {
  return [
    { title: `${title} — Migrate` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "Migrate news", href: "/news/rss.xml" },
    { property: "og:site_name", content: "Migrate" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    ...(publishedAt ? [{ property: "article:published_time", content: publishedAt }] : []),
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}
