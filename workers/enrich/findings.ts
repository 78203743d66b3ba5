/**
 * Deterministic findings of one page, read off its stored extraction. Pure: the same extraction
 * gives the same findings. Site-wide findings (duplicates, links) are in site-findings.ts.
 */
import type { PageExtraction } from "../contracts/extraction";
import type { Finding } from "../contracts/enrich";

export const LIMITS = {
  /** Search engines cut titles at about 60 characters and descriptions at about 160. */
  titleChars: 60,
  descriptionChars: 160,
  /** Fewer words of main content than this is a thin page. */
  thinWords: 150,
} as const;

/** Words of a text: runs of letters or digits (CJK characters count one each). */
export function wordCount(text: string): number {
  const cjk = text.match(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/gu)?.length ?? 0;
  const words = text.replace(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/gu, " ").match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)?.length ?? 0;
  return words + cjk;
}

const chars = (s: string) => [...s].length;
const quote = (s: string, max = 120) => `"${chars(s) > max ? `${[...s].slice(0, max).join("")}…` : s}"`;

function titleFindings(x: PageExtraction): Finding[] {
  const title = x.title.trim();
  if (!title) return [{ kind: "title-missing", severity: "error", confidence: 0.99, message: "The page has no meta title.", evidence: ["<title> is missing or empty"], field: "metaTitle" }];
  if (chars(title) > LIMITS.titleChars) {
    return [{ kind: "title-too-long", severity: "warning", confidence: 0.97, message: `The meta title has ${chars(title)} characters; search results show about ${LIMITS.titleChars}.`, evidence: [`${quote(title)} (${chars(title)} characters)`], field: "metaTitle" }];
  }
  return [];
}

function descriptionFindings(x: PageExtraction): Finding[] {
  const d = x.metaDescription.trim();
  if (!d) return [{ kind: "description-missing", severity: "error", confidence: 0.98, message: "The page has no meta description.", evidence: ['<meta name="description"> is missing or empty'], field: "metaDescription" }];
  if (chars(d) > LIMITS.descriptionChars) {
    return [{ kind: "description-too-long", severity: "warning", confidence: 0.97, message: `The meta description has ${chars(d)} characters; search results show about ${LIMITS.descriptionChars}.`, evidence: [`${quote(d, 200)} (${chars(d)} characters)`], field: "metaDescription" }];
  }
  return [];
}

function imageFindings(x: PageExtraction): Finding[] {
  // Extractions stored before audit facts cannot tell a missing alt from a decorative empty one.
  const images = x.audit?.images ?? x.images.map((i) => ({ src: i.src, alt: i.alt || null, caption: null }));
  const missing = images.filter((i) => i.alt === null);
  if (missing.length === 0) return [];
  const decorative = images.filter((i) => i.alt === "").length;
  return missing.map((img) => ({
    kind: "image-alt-missing" as const,
    severity: "error" as const,
    confidence: x.audit ? 0.95 : 0.7,
    message: "An image has no alt text.",
    evidence: [img.src, ...(img.caption ? [`caption: ${quote(img.caption)}`] : []), `${missing.length} of ${images.length} images have no alt attribute${decorative ? `; ${decorative} marked decorative (alt="")` : ""}`],
    field: "imageAlt" as const,
    target: img.src,
  }));
}

function headingFindings(x: PageExtraction): Finding[] {
  const outline = x.audit?.headings ?? x.headings;
  const out: Finding[] = [];
  const h1s = outline.filter((h) => h.level === 1);
  const named = h1s.filter((h) => h.text.trim());
  const shown = outline.map((h) => `h${h.level} ${quote(h.text, 60)}`);
  if (named.length === 0) {
    out.push({ kind: "h1-missing", severity: "error", confidence: 0.95, message: h1s.length ? "The page's H1 is empty." : "The page has no H1.", evidence: shown.length ? shown.slice(0, 12) : ["no headings"] });
  } else if (named.length > 1) {
    out.push({ kind: "h1-multiple", severity: "warning", confidence: 0.95, message: `The page has ${named.length} H1 headings.`, evidence: named.map((h) => `h1 ${quote(h.text, 80)}`) });
  }
  const skips: string[] = [];
  for (let i = 1; i < outline.length; i++) {
    const prev = outline[i - 1]!;
    const cur = outline[i]!;
    if (cur.level > prev.level + 1) skips.push(`h${prev.level} ${quote(prev.text, 50)} → h${cur.level} ${quote(cur.text, 50)}`);
  }
  if (skips.length) out.push({ kind: "heading-skip", severity: "warning", confidence: x.audit ? 0.9 : 0.7, message: `Heading levels are skipped ${skips.length === 1 ? "once" : `${skips.length} times`}.`, evidence: skips.slice(0, 10) });
  return out;
}

/**
 * The findings of one page. `wordCount` is of the page's main content (the extraction's main text).
 */
export function pageFindings(x: PageExtraction): Finding[] {
  const out = [...titleFindings(x), ...descriptionFindings(x), ...imageFindings(x), ...headingFindings(x)];
  if (!x.canonical) out.push({ kind: "canonical-missing", severity: "notice", confidence: 0.95, message: "The page names no canonical URL.", evidence: ['<link rel="canonical"> is missing'] });
  if (!x.language?.trim()) out.push({ kind: "language-missing", severity: "warning", confidence: 0.95, message: "The page does not declare its language.", evidence: ['<html lang> and Content-Language are missing'], field: "language" });
  const words = wordCount(x.mainText);
  if (words < LIMITS.thinWords) out.push({ kind: "thin-content", severity: "warning", confidence: words < LIMITS.thinWords / 2 ? 0.9 : 0.75, message: `The main content has ${words} words.`, evidence: [`${words} words of main content (below ${LIMITS.thinWords})`] });
  return out;
}
