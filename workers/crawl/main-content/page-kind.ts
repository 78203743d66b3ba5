/**
 * Whether a page presents itself as an article (news story, blog post) or as something else (landing
 * page, product, listing). Readability is built for articles; elsewhere the page's own landmark is
 * the better account of its content.
 */

const ARTICLE_TYPE = /^(\w*Article|BlogPosting|LiveBlogPosting|SocialMediaPosting|Report|Review)$/;
const OTHER_TYPE = /^(Product|ProductGroup|Event|Organization|LocalBusiness|Store|Restaurant|Place|CollectionPage|ItemList|SearchResultsPage|Offer)$/;

function jsonLdTypes(document: Document): string[] {
  const types: string[] = [];
  for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json" i]'))) {
    for (const m of (script.textContent ?? "").matchAll(/"@type"\s*:\s*(\[[^\]]*\]|"[^"]*")/g)) {
      for (const t of m[1].matchAll(/"([^"]+)"/g)) types.push(t[1].replace(/^.*[/:]/, ""));
    }
  }
  return types;
}

/** `article`: true, false or null (no evidence either way), with the evidence in words. */
export function articleEvidence(document: Document): { article: boolean | null; evidence: string } {
  const ogType = (document.querySelector('meta[property="og:type" i]')?.getAttribute("content") ?? "").trim().toLowerCase();
  if (/article|blog|news/.test(ogType)) return { article: true, evidence: `og:type ${ogType}` };
  const types = jsonLdTypes(document);
  const articleType = types.find((t) => ARTICLE_TYPE.test(t));
  if (articleType) return { article: true, evidence: `JSON-LD ${articleType}` };
  const itemtype = document.querySelector('[itemtype*="Article" i], [itemtype*="BlogPosting" i]');
  if (itemtype) return { article: true, evidence: `microdata ${itemtype.getAttribute("itemtype")?.replace(/^.*\//, "")}` };
  if (document.querySelector('meta[property="article:published_time" i]')) return { article: true, evidence: "article:published_time" };
  // A dated page is a story even when its og:type says "website" (many news sites do).
  const dated = document.querySelector('time[datetime], [itemprop="datePublished" i], meta[name="date" i], meta[name="dc.date" i], meta[name="publish-date" i]');
  if (dated) return { article: true, evidence: `dated (${dated.tagName.toLowerCase()})` };
  if (Array.from(document.querySelectorAll('script[type="application/ld+json" i]')).some((s) => /"datePublished"/.test(s.textContent ?? ""))) return { article: true, evidence: "JSON-LD datePublished" };
  const otherType = types.find((t) => OTHER_TYPE.test(t));
  if (otherType) return { article: false, evidence: `JSON-LD ${otherType}` };
  if (ogType) return { article: false, evidence: `og:type ${ogType}` };
  return { article: null, evidence: "no page type stated" };
}
