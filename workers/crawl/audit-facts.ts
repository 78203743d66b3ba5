/**
 * What a content audit needs from a page that the cleaned extraction leaves out: every heading of
 * the outline (those in navigation and forms, and empty ones, included) and every image with its
 * alt attribute as written (missing is not the same as empty: an empty alt marks a decorative image).
 */
import type { PageAuditFacts } from "../contracts/extraction";
import { absoluteUrl, collapse, hiddenByStyle, imageSource, tagOf } from "./html";
import { contentBody } from "./main-content/dom";

/** Subtrees that are not part of the page a reader or a crawler sees. */
const INVISIBLE_TAGS = new Set(["script", "style", "noscript", "template", "head", "svg", "math"]);

function invisible(el: Element): boolean {
  for (let cur: Element | null = el; cur; cur = cur.parentElement) {
    if (INVISIBLE_TAGS.has(tagOf(cur))) return true;
    if (cur.hasAttribute("hidden") || cur.getAttribute("aria-hidden") === "true") return true;
    if (hiddenByStyle(cur)) return true;
  }
  return false;
}

/** The accessible text of a heading: its text, or the alt text of the images inside it. */
function headingText(h: Element): string {
  const text = collapse(h.textContent ?? "");
  if (text) return text;
  return collapse(Array.from(h.querySelectorAll("img[alt]")).map((img) => img.getAttribute("alt") ?? "").join(" "));
}

/** A tracking pixel or spacer: declared 1 pixel or less in either direction. */
function pixel(img: Element): boolean {
  const w = parseFloat(img.getAttribute("width") ?? "");
  const h = parseFloat(img.getAttribute("height") ?? "");
  const style = img.getAttribute("style") ?? "";
  return w <= 1 || h <= 1 || /(^|;)\s*(width|height)\s*:\s*[01](px)?\s*(;|$)/i.test(style);
}

/** The first image address in any attribute (lazy loaders keep it in data-* attributes of their own). */
function lazySource(img: Element): string | null {
  for (const name of img.getAttributeNames()) {
    const m = /(?:https?:\/\/|\/)[^\s,\]"']+\.(?:jpe?g|png|gif|webp|avif|svg)\b[^\s,\]"']*/i.exec(img.getAttribute(name) ?? "");
    if (m) return m[0];
  }
  return null;
}

/** Audit facts of a parsed page (see PageAuditFacts), read from `body`: the body that holds the page, or its root. */
export function auditFacts(document: Document, finalUrl: string, body: Element = contentBody(document) ?? document.documentElement): PageAuditFacts {
  const headings: PageAuditFacts["headings"] = [];
  for (const h of Array.from(body.querySelectorAll("h1, h2, h3, h4, h5, h6"))) {
    if (invisible(h)) continue;
    headings.push({ level: Number(tagOf(h).slice(1)), text: headingText(h) });
  }
  const images: PageAuditFacts["images"] = [];
  const seen = new Set<string>();
  for (const img of Array.from(body.querySelectorAll("img"))) {
    if (invisible(img) || pixel(img)) continue;
    const role = img.getAttribute("role");
    if (role === "presentation" || role === "none") continue;
    const srcset = img.getAttribute("srcset")?.trim().split(/\s+/)[0] ?? null;
    const written = [img.getAttribute("data-src"), img.getAttribute("data-lazy-src"), imageSource(img), srcset, lazySource(img)];
    // An inline (data:) image has no address of its own: it is still an image a reader sees.
    const src = written.map((v) => absoluteUrl(v, finalUrl)).find(Boolean) ?? (/^\s*data:image/i.test(img.getAttribute("src") ?? "") ? `data:image#${images.length}` : null);
    const alt = img.getAttribute("alt");
    // The same picture once with alt text and once without is two images to the reader.
    const key = `${src}\n${alt === null ? "\u0000" : collapse(alt)}`;
    if (!src || seen.has(key)) continue;
    seen.add(key);
    const figure = img.closest("figure");
    const caption = collapse(figure?.querySelector("figcaption")?.textContent ?? "") || collapse(img.getAttribute("title") ?? "");
    images.push({ src, alt: alt === null ? null : collapse(alt), caption: caption || null });
  }
  return { headings, images };
}
