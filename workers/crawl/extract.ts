import { parseHTML } from "linkedom";
import { withoutServerErrors } from "./server-errors";
import type { ExtractedHeading, ExtractedImage, ExtractedLink, PageExtraction } from "../contracts/extraction";
import { findComponents, type ImageSizes } from "./components";
import { extractMetadata } from "./metadata";
import { auditFacts } from "./audit-facts";
import { absoluteUrl, collapse, DROPPED_TAGS, htmlLang, imageSource, tagOf, textOf } from "./html";
import { extractMainContent } from "./main-content";
import { sha256Sync } from "./sha256";
import { contentBody } from "./main-content/dom";

export interface ExtractOptions {
  /** Where the page ended up after redirects (default: `url`); relative URLs resolve against it. */
  finalUrl?: string;
  /** HTTP status of the page (default 200). */
  status?: number;
  /** Natural image sizes measured in the browser, by absolute URL. */
  imageSizes?: ImageSizes;
  /** The site's host (default: the final URL's host): links to it are internal. */
  host?: string;
  /** The site name its page titles share ("… | Acme"), when the run has seen enough of its pages. */
  siteTitleSuffixes?: string[];
}

export interface ExtractionResult {
  extraction: PageExtraction;
  /** Keys of component definitions whose selector is not valid CSS. */
  invalidSelectors: string[];
}

function insideDropped(el: Element): boolean {
  for (let cur = el.parentElement; cur; cur = cur.parentElement) if (DROPPED_TAGS.has(tagOf(cur))) return true;
  return false;
}

/** Extraction with the problems worth logging. See `extractPage`. */
export function extractPageWithNotes(served: string, url: string, definitions: Record<string, unknown> = {}, options: ExtractOptions = {}): ExtractionResult {
  const html = withoutServerErrors(served);
  const finalUrl = options.finalUrl ?? url;
  const host = options.host ?? new URL(finalUrl).host;
  const imageSizes = options.imageSizes ?? {};
  const { document } = parseHTML(html) as unknown as { document: Document };
  const body = contentBody(document) ?? document.documentElement;
  const meta = (selector: string) => collapse(document.querySelector(selector)?.getAttribute("content") ?? "");

  const openGraph: Record<string, string> = {};
  for (const m of Array.from(document.querySelectorAll("meta[property]"))) {
    const property = m.getAttribute("property") ?? "";
    const content = m.getAttribute("content");
    if (/^(og|article|book|profile|music|video):/i.test(property) && content && !(property in openGraph)) openGraph[property] = collapse(content);
  }
  const canonicalHref = document.querySelector('link[rel~="canonical"]')?.getAttribute("href") ?? null;
  const language = htmlLang(document) || meta('meta[http-equiv="content-language" i]') || null;

  const headings: ExtractedHeading[] = [];
  for (const h of Array.from(body.querySelectorAll("h1, h2, h3, h4, h5, h6"))) {
    if (insideDropped(h)) continue;
    const text = textOf(h);
    if (text) headings.push({ level: Number(tagOf(h).slice(1)), text });
  }

  const images: ExtractedImage[] = [];
  const seenImages = new Set<string>();
  for (const img of Array.from(body.querySelectorAll("img"))) {
    if (insideDropped(img)) continue;
    const src = absoluteUrl(imageSource(img), finalUrl);
    if (!src || src.startsWith("#") || seenImages.has(src)) continue;
    seenImages.add(src);
    const size = imageSizes[src];
    images.push({
      src,
      alt: collapse(img.getAttribute("alt") ?? ""),
      width: size?.width ?? (Number(img.getAttribute("width")) || null),
      height: size?.height ?? (Number(img.getAttribute("height")) || null),
    });
  }

  const links: ExtractedLink[] = [];
  const seenLinks = new Set<string>();
  for (const a of Array.from(body.querySelectorAll("a[href]"))) {
    const href = absoluteUrl(a.getAttribute("href"), finalUrl, true);
    if (!href || href.startsWith("#")) continue;
    const text = textOf(a) || collapse(a.getAttribute("aria-label") ?? a.getAttribute("title") ?? "");
    const key = `${href}\n${text}`;
    if (seenLinks.has(key)) continue;
    seenLinks.add(key);
    links.push({ href, text, internal: /^https?:/.test(href) && new URL(href).host === host });
  }

  // Read before main-content extraction, which may change the document.
  const audit = auditFacts(document, finalUrl, body);
  // Readability, the landmark and the layout, chosen per page (workers/crawl/main-content.ts).
  const clean = extractMainContent(document, html, finalUrl);
  const { instances, invalid } = findComponents(document, definitions, { base: finalUrl, host, imageSizes });
  const title = collapse(document.querySelector("title")?.textContent ?? "");
  const metaDescription = meta('meta[name="description" i]');
  const metadata = extractMetadata(document, { finalUrl, siteTitleSuffixes: options.siteTitleSuffixes, mainText: clean.text, body });

  const contentHash = sha256Sync(JSON.stringify([title, metaDescription, clean.html, instances.map((c) => [c.definition, c.html])]));
  const extraction: PageExtraction = {
    url,
    finalUrl,
    status: options.status ?? 200,
    title,
    metaDescription,
    openGraph,
    canonical: canonicalHref ? absoluteUrl(canonicalHref, finalUrl) : null,
    language,
    headings,
    mainHtml: clean.html,
    mainText: clean.text,
    mainSource: { method: clean.method, reason: clean.reason, ...(clean.fallback ? { fallback: true } : {}), signals: { ...clean.signals } },
    images,
    links,
    components: instances,
    metadata,
    audit,
    contentHash,
  };
  return { extraction, invalidSelectors: invalid };
}

/**
 * Extracts one rendered page: title, meta description, Open Graph, canonical, language, headings, main
 * content as clean HTML and text, images with alt text and size, internal and external links, and the
 * instances of the site's component definitions (each with its source fields). Pure and synchronous:
 * the same HTML gives the same extraction and `contentHash`.
 */
export function extractPage(html: string, url: string, definitions: Record<string, unknown> = {}, options: ExtractOptions = {}): PageExtraction {
  return extractPageWithNotes(html, url, definitions, options).extraction;
}
