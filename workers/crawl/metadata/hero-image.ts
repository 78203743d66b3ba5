/**
 * The page's hero image as the page shows it: the first large picture of its main content or article,
 * not a logo, an icon or an avatar, nor one in comments, sidebars or related lists.
 */
import { absoluteUrl, imageSource, tagOf } from "../html";
import type { Collector, ReadContext } from "./collect";
import { isNoise, markOf } from "./layout";

const MAX_HERO_CANDIDATES = 40;
/** Whole words only: "silicon-valley.jpg" is a photo, "site-icon.png" is not. */
const NOT_HERO = /(?:^|[^a-z])(?:logo|icon|avatar|sprite|pixel|spacer|blank|gravatar|emoji|badge|spinner|loader|placeholder|tracking|favicon|1x1)s?(?![a-z])/i;

export function readHeroImage(body: Element, col: Collector, ctx: ReadContext): void {
  const articles = body.querySelectorAll("article");
  const root = body.querySelector("main, [role=main]") ?? (articles.length === 1 ? articles[0] : null) ?? body;
  const where = tagOf(root) === "article" || root.querySelector("article") ? "the article" : "the main content";
  // The hero is near the top: a gallery's hundredth image is not it.
  for (const img of Array.from(root.querySelectorAll("img")).slice(0, MAX_HERO_CANDIDATES)) {
    const width = Number(img.getAttribute("width")) || null;
    const height = Number(img.getAttribute("height")) || null;
    if ((width !== null && width < 300) || (height !== null && height < 150) || isNoise(img)) continue;
    const srcset = (img.getAttribute("srcset") ?? img.getAttribute("data-srcset") ?? "").trim().split(/\s+/)[0] || null;
    const src = absoluteUrl(imageSource(img) ?? srcset, ctx.finalUrl);
    if (!src || src.startsWith("#") || /\.svg(\?|$)/i.test(src)) continue;
    let marks = `${src} ${img.getAttribute("alt") ?? ""}`;
    for (let cur: Element | null = img, i = 0; cur && i < 3; cur = cur.parentElement, i++) marks += ` ${markOf(cur)}`;
    if (NOT_HERO.test(marks)) continue;
    const sized = width !== null && height !== null;
    col.add("image", src, sized ? `first large <img> in ${where}` : `first <img> in ${where}`, sized ? 0.6 : 0.45, "body image", img);
    return;
  }
}
