/**
 * The comparison of a written page, as the target serves it, with its source snapshot: main-content
 * token F1, the main content's images present and loading, its links resolving, its heading outline and
 * the look of the two screenshots per region. Pure: the browser and the link checks feed it
 * (./render.ts, workers/runs/fidelity-step.ts).
 */
import { parseHTML } from "linkedom";
import { FIDELITY_MAX_LINKS, FIDELITY_WEIGHTS, type FidelityPart, type PageFidelityDetail, type RegionDifference } from "../../contracts/fidelity";
import type { PageExtraction } from "../../contracts/extraction";
import { collapse } from "../../crawl/html";
import { tokenF1 } from "../../crawl/main-content/tokens";

/** An image of the rendered target page: every URL it may load from (src, currentSrc, srcset) and whether it loaded. */
export interface RenderedImage {
  urls: string[];
  loaded: boolean;
}

export interface FidelityInput {
  source: Pick<PageExtraction, "mainHtml" | "mainText" | "finalUrl" | "headings">;
  target: Pick<PageExtraction, "mainHtml" | "mainText" | "finalUrl" | "headings">;
  /** The images of the rendered target page (the whole page, not only its main content). */
  targetImages: readonly RenderedImage[];
  /** Statuses of the target's internal links that were checked (null: no answer). */
  linkStatus: ReadonlyMap<string, number | null>;
  /** Internal links to pages the run has not written yet: not checked, not counted. */
  pendingLinks?: readonly string[];
  /** Region differences of the two screenshots, or null when one is missing. */
  regions: readonly RegionDifference[] | null;
}

/** A region counts as looking different from this mean difference on. */
export const REGION_DIFFERENT = 0.25;

/** A 0..1 share as a whole percentage, as the differences and the run's log line write it. */
export const percent = (x: number) => `${Math.round(x * 100)}%`;

function documentOf(html: string): Document {
  return (parseHTML(`<!doctype html><html><body>${html}</body></html>`) as unknown as { document: Document }).document;
}

function absolute(value: string | null, base: string): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** Distinct image URLs of a main content. */
export function mainImages(html: string, base: string): string[] {
  const doc = documentOf(html);
  const out = new Set<string>();
  for (const img of Array.from(doc.querySelectorAll("img"))) {
    const url = absolute(img.getAttribute("src") ?? img.getAttribute("data-src"), base);
    if (url) out.add(url.toString());
  }
  return [...out];
}

/** Distinct links of a main content to http(s) pages, without fragments or the page itself. */
export function mainLinks(html: string, base: string): URL[] {
  const doc = documentOf(html);
  const self = new URL(base);
  self.hash = "";
  const seen = new Set<string>();
  const out: URL[] = [];
  for (const a of Array.from(doc.querySelectorAll("a[href]"))) {
    const url = absolute(a.getAttribute("href"), base);
    if (!url) continue;
    url.hash = "";
    const key = url.toString();
    if (key === self.toString() || seen.has(key)) continue;
    seen.add(key);
    out.push(url);
  }
  return out;
}

/** The links of a written page's main content worth checking in the target: those on the target's own host, at most FIDELITY_MAX_LINKS. */
export function linksToCheck(targetMainHtml: string, targetUrl: string): string[] {
  const host = new URL(targetUrl).host;
  return mainLinks(targetMainHtml, targetUrl)
    .filter((u) => u.host === host)
    .slice(0, FIDELITY_MAX_LINKS)
    .map((u) => u.toString());
}

/** A link's page on its host, for matching: no query, fragment or trailing slash. */
const pageKey = (u: URL) => `${u.host}${safeDecode(u.pathname).replace(/\/+$/, "")}`;
/** A path with its escapes decoded, or as it is when one of them is malformed ("%E0%A4%A"). */
function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The links to check, and those that lead to pages the run has announced but not written yet
 * (`pendingPaths`: target paths or URLs, resolved against each link's own host): those answer 404 until
 * their page is written, which says nothing about this page.
 */
export function splitPendingLinks(links: readonly string[], pendingPaths: readonly string[]): { check: string[]; pending: string[] } {
  if (!pendingPaths.length || !links.length) return { check: [...links], pending: [] };
  // The links are all on the target's host (linksToCheck): paths resolve against it.
  const base = new URL(links[0]);
  const keys = new Set(pendingPaths.flatMap((p) => {
    try {
      return [pageKey(new URL(p, base))];
    } catch {
      return [];
    }
  }));
  const check: string[] = [];
  const pending: string[] = [];
  for (const link of links) (keys.has(pageKey(new URL(link))) ? pending : check).push(link);
  return { check, pending };
}

const headingKey = (text: string) => collapse(text).toLowerCase().replace(/[\s\p{P}]+$/u, "");

function mainHeadings(html: string): string[] {
  const doc = documentOf(html);
  return Array.from(doc.querySelectorAll("h1, h2, h3, h4, h5, h6"))
    .map((h) => collapse(h.textContent ?? ""))
    .filter(Boolean);
}

/** Takes one of `key` from a multiset; false when none is left. */
function take(bag: Map<string, number>, key: string): boolean {
  const n = bag.get(key) ?? 0;
  if (n === 0) return false;
  bag.set(key, n - 1);
  return true;
}

function bagOf(texts: readonly string[]): Map<string, number> {
  const bag = new Map<string, number>();
  for (const t of texts) bag.set(headingKey(t), (bag.get(headingKey(t)) ?? 0) + 1);
  return bag;
}

/**
 * Compares a written page with its source. The source's main-content headings are looked for among all
 * headings of the target page (a theme shows the page title outside the content); headings of the
 * target's main content that the source page did not have anywhere are "added".
 */
export function compareFidelity(input: FidelityInput): PageFidelityDetail & { score: number } {
  const { source, target } = input;
  const sourceHost = new URL(source.finalUrl).host;
  const targetHost = new URL(target.finalUrl).host;

  const tokens = tokenF1(target.mainText, source.mainText);
  const content = { f1: tokens.f1, precision: tokens.precision, recall: tokens.recall };

  // Images of the main content on each side; a target image loads when the browser drew it.
  const sourceImages = mainImages(source.mainHtml, source.finalUrl);
  const targetImages = mainImages(target.mainHtml, target.finalUrl);
  const loadedUrls = new Set(input.targetImages.filter((i) => i.loaded).flatMap((i) => i.urls));
  const atSourceImages = targetImages.filter((u) => new URL(u).host === sourceHost && sourceHost !== targetHost);
  const loading = targetImages.filter((u) => loadedUrls.has(u) && !atSourceImages.includes(u)).length;
  const imageBase = Math.max(sourceImages.length, targetImages.length);
  const images = { source: sourceImages.length, target: targetImages.length, loading, atSource: atSourceImages.length, score: imageBase ? Math.min(loading, sourceImages.length || loading) / imageBase : null };

  // Links of the target's main content: those on the target checked, those still on the source counted.
  const links = mainLinks(target.mainHtml, target.finalUrl);
  const atSourceLinks = sourceHost !== targetHost ? links.filter((u) => u.host === sourceHost).length : 0;
  const checked = [...input.linkStatus.entries()];
  const broken = checked.filter(([, status]) => status === null || status >= 400).map(([url]) => url);
  const resolving = checked.length - broken.length;
  const linkBase = checked.length + atSourceLinks;
  const linkPart = { checked: checked.length, resolving, broken, atSource: atSourceLinks, pending: input.pendingLinks?.length ?? 0, score: linkBase ? resolving / linkBase : null };

  // The heading outline.
  const sourceHeadings = mainHeadings(source.mainHtml);
  const targetPageHeadings = bagOf(target.headings.map((h) => h.text));
  const missing = sourceHeadings.filter((h) => !take(targetPageHeadings, headingKey(h)));
  const sourcePageHeadings = bagOf([...source.headings.map((h) => h.text), ...sourceHeadings]);
  const targetMainHeadings = mainHeadings(target.mainHtml);
  const added = targetMainHeadings.filter((h) => !take(sourcePageHeadings, headingKey(h)));
  const headings = {
    source: sourceHeadings.length,
    target: targetMainHeadings.length,
    missing,
    added,
    score: sourceHeadings.length + added.length ? (sourceHeadings.length - missing.length) / (sourceHeadings.length + added.length) : null,
  };

  const visual = input.regions && input.regions.length ? { score: 1 - input.regions.reduce((s, r) => s + r.difference, 0) / input.regions.length, regions: [...input.regions] } : null;

  const parts: Record<FidelityPart, number | null> = { content: content.f1, images: images.score, links: linkPart.score, headings: headings.score, visual: visual?.score ?? null };
  let weight = 0;
  let sum = 0;
  for (const [part, value] of Object.entries(parts) as [FidelityPart, number | null][]) {
    if (value === null) continue;
    weight += FIDELITY_WEIGHTS[part];
    sum += FIDELITY_WEIGHTS[part] * value;
  }
  const score = weight ? sum / weight : 0;

  const differences: string[] = [];
  if (content.recall < 0.98) differences.push(`The target shows ${percent(content.recall)} of the source's main text`);
  if (content.precision < 0.98) differences.push(`${percent(1 - content.precision)} of the target's main text is not in the source`);
  if (images.source > 0 && images.target < images.source) differences.push(`${images.source - images.target} of the source's ${images.source} images are missing`);
  const notLoading = images.target - images.loading - images.atSource;
  if (notLoading > 0) differences.push(`${notLoading} ${notLoading === 1 ? "image does" : "images do"} not load in the target`);
  if (images.atSource > 0) differences.push(`${images.atSource} ${images.atSource === 1 ? "image still loads" : "images still load"} from the source site`);
  if (broken.length > 0) differences.push(`${broken.length} ${broken.length === 1 ? "link answers" : "links answer"} an error: ${broken.slice(0, 3).join(", ")}${broken.length > 3 ? ", …" : ""}`);
  if (atSourceLinks > 0) differences.push(`${atSourceLinks} ${atSourceLinks === 1 ? "link still points" : "links still point"} at the source site`);
  if (missing.length > 0) differences.push(`Missing ${missing.length === 1 ? "heading" : "headings"}: ${missing.slice(0, 5).map((h) => `"${h}"`).join(", ")}${missing.length > 5 ? ", …" : ""}`);
  if (added.length > 0) differences.push(`${added.length === 1 ? "A heading" : "Headings"} not in the source: ${added.slice(0, 5).map((h) => `"${h}"`).join(", ")}`);
  const different = (visual?.regions ?? []).filter((r) => r.difference >= REGION_DIFFERENT).sort((a, b) => b.difference - a.difference);
  if (different.length > 0) differences.push(`The look differs most in: ${different.slice(0, 4).map((r) => `${r.label} (${percent(r.difference)})`).join(", ")}`);

  return { score, content, images, links: linkPart, headings, visual, differences };
}
