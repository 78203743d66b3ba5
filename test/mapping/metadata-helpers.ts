/** What the metadata tests share: a fixed "now", a page read as the crawler reads it, and how values are compared. */
import { parseHTML } from "linkedom";
import type { MetadataValue, PageMetadata } from "../../workers/contracts/extraction";
import { extractMetadata } from "../../workers/crawl/metadata";

export const NOW = new Date("2025-06-01T12:00:00Z");

export function dom(html: string): Document {
  return (parseHTML(html) as unknown as { document: Document }).document;
}
export function read(html: string, url = "https://www.example.org/page", siteTitleSuffixes?: string[], mainText?: string): PageMetadata {
  return extractMetadata(dom(html), { finalUrl: url, siteTitleSuffixes, now: NOW, mainText });
}
/** value and provenance of each candidate, best first. */
export const vp = (values: MetadataValue[]) => values.map((v) => [v.value, v.provenance]);
export const values = (values: MetadataValue[]) => values.map((v) => v.value);

/** A paragraph of body text, so that a page has an article below its headline. */
export const LONG = "<p>The harbour reopened on Monday after a week of repairs to the outer wall, the port authority said in a statement on its website.</p>";
export const t = (html: string, url?: string) => read(html, url).title;
