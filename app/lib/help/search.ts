import type { HelpSection } from "./types";

/** At most this many results, and this many characters of the query. */
export const HELP_SEARCH_LIMIT = 20;
export const HELP_QUERY_MAX = 100;

export interface HelpSearchResult {
  section: { slug: string; title: string };
  topic: { slug: string; title: string; summary: string };
  /** A piece of the topic's text around the first match, without Markdown marks. */
  excerpt: string;
}

const words = (q: string) =>
  q
    .toLowerCase()
    .slice(0, HELP_QUERY_MAX)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2);

/** The text a reader sees: Markdown marks, link targets and table rules dropped. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*_]+/g, "")
    .replace(/[>#|]+/g, " ")
    .replace(/-{3,}/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function excerpt(text: string, terms: string[], size = 180): string {
  const lower = text.toLowerCase();
  const at = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0), Number.MAX_SAFE_INTEGER);
  if (at === Number.MAX_SAFE_INTEGER) return text.slice(0, size) + (text.length > size ? "…" : "");
  const start = Math.max(0, at - 60);
  const end = Math.min(text.length, start + size);
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}

/**
 * Searches the topics a reader may see. Every word of the query must occur in the topic (title, summary
 * or text); a word in the title counts most, then the summary, then each occurrence in the text.
 */
export function searchHelp(sections: readonly HelpSection[], query: string): HelpSearchResult[] {
  const terms = words(query);
  if (!terms.length) return [];
  const scored: (HelpSearchResult & { score: number; order: number })[] = [];
  let order = 0;
  for (const section of sections) {
    for (const topic of section.topics) {
      order++;
      const title = topic.title.toLowerCase();
      const summary = topic.summary.toLowerCase();
      const text = plainText(topic.body);
      const body = text.toLowerCase();
      let score = 0;
      let all = true;
      for (const t of terms) {
        const inBody = body.split(t).length - 1;
        const hit = (title.includes(t) ? 10 : 0) + (summary.includes(t) ? 4 : 0) + Math.min(inBody, 5);
        if (!hit) all = false;
        score += hit;
      }
      if (!all) continue;
      scored.push({
        section: { slug: section.slug, title: section.title },
        topic: { slug: topic.slug, title: topic.title, summary: topic.summary },
        excerpt: excerpt(text, terms),
        score,
        order,
      });
    }
  }
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, HELP_SEARCH_LIMIT)
    .map(({ score: _s, order: _o, ...r }) => r);
}
