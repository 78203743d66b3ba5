/**
 * Candidates of page-level (template) fields. With the metadata layer (workers/crawl/metadata.ts) each
 * page field offers its best value with the sources behind it, and the concept it stands for: a
 * headline is a title and never a site name. Extractions stored before that layer existed fall back to
 * the document title, Open Graph and the first h1.
 */
import type { ComponentInstance, MetadataValue, PageExtraction, PageMetadata } from "../contracts/extraction";
import { isDomainName, primaryLanguage, siteKey } from "../crawl/metadata/collect";
import { HOST_NAME } from "../crawl/metadata/site-name";
import { isWrittenName } from "../crawl/metadata/visible";
import { OVERLAP_CONCEPTS, SHOWN_CONCEPTS } from "./calibration-prior";
import { BODY_RIGHT_RATE } from "./calibration-body";
import { blockCount, instanceCandidates, MAIN_CONTENT_BODY, refineKind, type Candidate, type CandidateKind, type MetaEvidence } from "./candidates";
import { looksLikeUrl, normalizeSpace, stripTags, words } from "./text";

/**
 * The most a page's body may claim when Readability found no article and the page's landmark (or the
 * rendered text column) stands in alone. Fitted on the train split of the real-page corpus
 * (test/fixtures/real): 0 of the 5 such bodies had every labelled snippet on the right side, and
 * (0 + 1) / (5 + 2) = 0.14 is the smoothed rate. Below any minimum confidence: the body waits for review.
 */
export const BODY_FALLBACK_CONFIDENCE = 0.14;

const TITLE_SEPARATOR = /\s+[|–—\-:·•»]\s+/;

/** The page's own title: the document title without the site name ("Pricing | Cloudly" → "Pricing"). */
export function pageTitle(title: string, siteName?: string, ogTitle?: string): string | null {
  const parts = title.split(TITLE_SEPARATOR).map(normalizeSpace).filter(Boolean);
  if (parts.length < 2) return null;
  if (ogTitle && parts.includes(normalizeSpace(ogTitle))) return normalizeSpace(ogTitle);
  if (siteName) {
    const rest = parts.filter((p) => p.toLowerCase() !== siteName.trim().toLowerCase());
    if (rest.length && rest.length < parts.length) return rest.join(" – ");
  }
  // Most sites put their name last.
  return parts.slice(0, -1).join(" – ");
}

/** Below this, an image is one the page shows, not one it states as its own (see metadata/visible.ts). */
const MIN_IMAGE_STRENGTH = 0.7;

interface MetaRole {
  concept: string;
  kind: CandidateKind;
  /** The words the candidate is named with: what target field names it answers to. */
  name: string;
  hint: Record<string, number>;
}

/** What each metadata field means to the mapper. Concepts a field lacks score 0 (scoring.ts roleScore). */
const META_ROLES: Partial<Record<keyof PageMetadata, MetaRole>> = {
  title: { concept: "title", kind: "text", name: "page title headline", hint: { title: 1, seo: 0.5 } },
  siteName: { concept: "site", kind: "text", name: "site name publisher", hint: { site: 1 } },
  author: { concept: "author", kind: "text", name: "author byline", hint: { author: 1 } },
  datePublished: { concept: "date", kind: "date", name: "published date", hint: { date: 1 } },
  dateModified: { concept: "updated", kind: "date", name: "modified date", hint: { updated: 1 } },
  description: { concept: "seo", kind: "text", name: "meta description", hint: { body: 0.75, seo: 0.95, subtitle: 0.35 } },
  language: { concept: "language", kind: "text", name: "language", hint: { language: 1 } },
  canonical: { concept: "canonical", kind: "link", name: "canonical url", hint: { canonical: 1, link: 0.9 } },
  image: { concept: "image", kind: "image", name: "hero image", hint: { image: 1 } },
};

/** How two statements of a value are compared: dates by their day, text without case and punctuation. */
function sameValue(concept: string, a: string, b: string): "same" | "overlap" | "different" {
  if (concept === "date" || concept === "updated") return a.slice(0, 10) === b.slice(0, 10) ? "same" : "different";
  // "de-DE" and "de" name one language; "en-US" and "de" two.
  if (concept === "language") return primaryLanguage(a) === primaryLanguage(b) ? "same" : "different";
  const norm = (s: string) => normalizeSpace(s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " "));
  const [x, y] = [norm(a), norm(b)];
  if (x === y) return "same";
  // "Jane Doe" and "Jane Doe, Staff Writer" neither agree nor contradict.
  return x && y && (x.includes(y) || y.includes(x)) ? "overlap" : "different";
}

/**
 * What a value looks like, where real pages show that it matters: an author that is one word ("Nils")
 * or an account name ("fhaacker") is a login as often as a writer; a title of one or two words is a
 * section or product name as often as a headline.
 */
export function valueShape(concept: string, value: string, siteNames: readonly string[] = []): string[] {
  const v = normalizeSpace(value);
  const words = v.split(" ").filter(Boolean);
  const out: string[] = [];
  if (concept === "author") {
    if (words.length === 1) out.push("author:oneWord");
    if (words.length === 1 && (/^[\p{Ll}\p{N}._-]+$/u.test(v) || /[._\d]/u.test(v))) out.push("author:account");
    // "CBS News" by CBS News: the publisher credited as the author, which people label as no author as
    // often as as the author.
    if (isSiteName(v, siteNames)) out.push("author:site");
    if (isDeskCredit(v)) out.push("author:desk");
  }
  if (concept === "title" && words.length <= 2) out.push("title:short");
  // "www.bmas.de", "lbv.de", "Gala.fr": a site naming itself by its address, where readers know it by
  // a name ("BMAS", "LBV", "Gala") about as often as by the address.
  if (concept === "site" && words.length === 1 && isDomainName(v)) out.push("site:host");
  return out;
}

/** A word that names a desk or a team rather than a person: "Redaktion", "Webteam", "BBNTEAM", "Newsdesk", "Editorial Staff". */
const DESK_WORD = /(?:redaktion|team|staff|editors?|editorial|desk|newsroom|redakcja|r[ée]daction|redacci[oó]n|redazione|redactie)$/iu;

/**
 * A credit to a desk or a team, not to a person: every name in it has a desk word ("Redaktion", "PETA-Team",
 * "Letters To The Editor", "N-Land Redaktion"). People reading real pages take such a credit as the author
 * three times in four, and otherwise read the page as crediting nobody (see DESK_CREDIT_DOUBT in metadata-confidence.ts).
 */
export function isDeskCredit(value: string): boolean {
  const names = value.split(/\s*[,;]\s*/).filter(Boolean);
  return names.length > 0 && names.every((n) => n.split(/[\s\-–/]+/u).some((w) => DESK_WORD.test(w)));
}

/** Whether a name is the site's: its publisher, og:site_name or host name, give or take spacing and a domain ending. */
export function isSiteName(name: string, siteNames: readonly string[]): boolean {
  const key = siteKey(name);
  return key.length >= 3 && siteNames.some((s) => siteKey(s) === key);
}

/** A byline the page shows: under the headline, in the article, or a link to the writer's archive. */
const SHOWN_BYLINE = /^visible (?:byline|link to the author's page)/;

/** The best value of a field with what the other sources say about it. */
export function metaEvidence(concept: string, values: readonly MetadataValue[], siteNames: readonly string[] = []): MetaEvidence | null {
  const [best, ...others] = values;
  if (!best || !best.value.trim()) return null;
  const agreeing: string[] = [...(best.agreeing ?? [])];
  let rival: MetaEvidence["rival"] = null;
  let variant: MetaEvidence["variant"] = null;
  let shownRival: MetaEvidence["shownRival"] = null;
  const fromMarkup = !best.provenance.startsWith("visible");
  for (const v of others) {
    const relation = sameValue(concept, best.value, v.value);
    if (concept === "author" && fromMarkup && relation === "different" && !shownRival && SHOWN_BYLINE.test(v.provenance) && v.value.includes(" ") && isWrittenName(v.value)) {
      shownRival = { value: v.value, provenance: v.provenance };
    }
    if (relation === "same") {
      if (v.provenance !== best.provenance) agreeing.push(v.provenance);
    } else if (relation === "different" && (!rival || v.strength > rival.strength)) {
      rival = { value: v.value, provenance: v.provenance, strength: v.strength };
    } else if (relation === "overlap" && !v.provenance.startsWith(HOST_NAME) && (OVERLAP_CONCEPTS as readonly string[]).includes(concept) && (!variant || v.strength > variant.strength)) {
      // Another source states a longer or shorter form ("Zugverkehr: Im ICE …" beside "Im ICE …"): which
      // form is meant is the doubt. The host's label ("abc13" beside "ABC13 Houston"), as the page writes it
      // or not, is no such source.
      variant = { value: v.value, provenance: v.provenance, strength: v.strength, longer: v.value.length > best.value.length };
    }
  }
  // A markup author that a shown byline states too is the page's, whoever else it names (co-writers, a photographer).
  if (agreeing.some((a) => a.startsWith("visible"))) shownRival = null;
  const shape = valueShape(concept, best.value, siteNames);
  if (variant) shape.push(`${concept}:overlap`);
  // A value the page's body shows (its element is known) is one a reader sees.
  if (best.selector && (SHOWN_CONCEPTS as readonly string[]).includes(concept)) shape.push(`${concept}:shown`);
  return { concept, provenance: best.provenance, strength: best.strength, agreeing, rival, shownRival, variant, box: best.box ?? null, shape };
}

function candidate(name: string, kind: CandidateKind, value: string, order: number, roleHint: Record<string, number>, extra: Partial<Candidate> = {}): Candidate {
  const plain = kind === "richtext" ? stripTags(value) : normalizeSpace(value);
  return {
    sourceIndex: -1,
    part: "value",
    kind: kind === "text" ? refineKind(kind, plain) : kind,
    value,
    name,
    selector: name,
    words: words(name),
    order,
    headingLevel: null,
    length: plain.length,
    blocks: kind === "richtext" ? blockCount(value) : 0,
    isButton: false,
    linkType: null,
    inQuote: false,
    synthetic: false,
    roleHint,
    ...extra,
  };
}

/**
 * The most a page's description (meta or Open Graph) may claim as a rich-text field: it summarises the
 * page in a line, and stands in for the body only where the page had no main content to offer. On the
 * train split of test/fixtures/real that happened once, wrongly, at 0.975: (0 + 1) / (1 + 2) = 0.33.
 * As a text field (an excerpt, a summary, an SEO description) it keeps its confidence.
 */
export const DESCRIPTION_AS_RICHTEXT_CONFIDENCE = 0.33;
const DESCRIPTION_DOUBT = {
  doubtAs: { richtext: { maxConfidence: DESCRIPTION_AS_RICHTEXT_CONFIDENCE, why: "a page's description summarises it in a line; as rich text it stands in for a body the page did not offer" } },
};

export { MAIN_CONTENT_BODY };

/**
 * What reviewers of a site decided about its main-content bodies so far: accepted unchanged, or changed
 * (tweaked, overridden by another source, or rejected). Counted by workers/services/body-verdicts.ts.
 */
export interface BodyVerdicts {
  accepted: number;
  changed: number;
}

/** The verdicts on one template's bodies, with those on the site's other templates. */
export type TemplateBodyVerdicts = BodyVerdicts & { others?: BodyVerdicts };

/** A site's verdicts on its bodies, in all and per template (the template the page was mapped onto). */
export interface SiteBodyVerdicts extends BodyVerdicts {
  byTemplate: Record<string, BodyVerdicts>;
}

/**
 * The verdicts that speak for a page mapped onto `template`: that template's own, and those on the
 * site's other templates, which only inform the starting point (an article template's bodies say
 * little about a landing page's).
 */
export function templateVerdicts(site: SiteBodyVerdicts | undefined, template: string): TemplateBodyVerdicts {
  if (!site) return { accepted: 0, changed: 0 };
  const own = site.byTemplate[template] ?? { accepted: 0, changed: 0 };
  const others = { accepted: site.accepted - own.accepted, changed: site.changed - own.changed };
  return others.accepted + others.changed > 0 ? { ...own, others } : own;
}

/**
 * How many pages the measured rate weighs as, against a template's own verdicts: at a measured rate r,
 * 20 × (0.85 − r) / 0.15 bodies accepted unchanged lift the next over 0.85 (19 at 0.713), and each change
 * pulls it back down.
 */
export const BODY_PRIOR_PAGES = 20;

/**
 * What a page's body can claim: the main content is one extraction of a whole page, and on real pages
 * of sites nobody here wrote it is right as extracted (every labelled line on its side) at the rate
 * BODY_RIGHT_RATE measured, whatever layer maps it. The verdicts on the bodies of the page's template
 * move that rate: the mean of a beta distribution that starts at the measured rate, weighed as
 * BODY_PRIOR_PAGES pages. Verdicts on the site's other templates (`others`) move only that start, the
 * same way. Where Readability found no article, far less, whatever the verdicts.
 */
export function bodyDoubt(page: Pick<PageExtraction, "mainSource">, verdicts: TemplateBodyVerdicts = { accepted: 0, changed: 0 }): { maxConfidence: number; why: string } {
  if (page.mainSource?.fallback) return { maxConfidence: BODY_FALLBACK_CONFIDENCE, why: "Readability found no article on the page; its landmark stands in without a second opinion" };
  const { rate, pages } = BODY_RIGHT_RATE;
  const measured = `a page's main content is right as extracted on about ${Math.round(100 * rate)}% of real pages (${pages} measured)`;
  const decided = (v: BodyVerdicts) => v.accepted + v.changed;
  const weigh = (start: number, v: BodyVerdicts) => (BODY_PRIOR_PAGES * start + v.accepted) / (BODY_PRIOR_PAGES + decided(v));
  const others = verdicts.others && decided(verdicts.others) ? verdicts.others : null;
  if (!others && !decided(verdicts)) return { maxConfidence: rate, why: `${measured}: review it, or lower the site's minimum confidence to accept that rate` };
  // The site's other templates move the starting point; this template's own verdicts count in full.
  const learned = Math.round(1000 * weigh(others ? weigh(rate, others) : rate, verdicts)) / 1000;
  const here = `${verdicts.accepted} of ${decided(verdicts)}`;
  const said = !others
    ? `on this site, reviewers accepted ${here} unchanged`
    : `on this site's other templates, reviewers accepted ${others.accepted} of ${decided(others)} unchanged, and ${decided(verdicts) ? `${here} on this one` : "none on this one yet"}`;
  return { maxConfidence: learned, why: `${measured}; ${said}, so about ${Math.round(100 * learned)}%` };
}

/**
 * An instance's candidates on its page. Where its whole content is the page's main content (see
 * instanceCandidates), that value claims what a page's body may claim, with the verdicts on the bodies
 * of the component it becomes (the same extraction, whichever target it fills).
 */
export function componentCandidates(instance: ComponentInstance, page: Pick<PageExtraction, "mainHtml" | "mainText" | "mainSource">, verdicts?: TemplateBodyVerdicts): Candidate[] {
  return withBodyDoubt(instanceCandidates(instance, page), page, verdicts);
}

/** Gives the page's main content among `cands` the doubt of a body, with `verdicts` (the component's, once it is chosen). */
export function withBodyDoubt(cands: Candidate[], page: Pick<PageExtraction, "mainSource">, verdicts?: TemplateBodyVerdicts): Candidate[] {
  for (const c of cands) if (c.name === MAIN_CONTENT_BODY) c.doubt = bodyDoubt(page, verdicts);
  return cands;
}

/** Candidates of page-level (template) fields: title, site name, author, dates, description, image, body... */
export function pageCandidates(page: PageExtraction, bodyVerdicts?: TemplateBodyVerdicts): Candidate[] {
  const out: Candidate[] = [];
  const push = (name: string, kind: CandidateKind, value: string | null | undefined, roleHint: Record<string, number>, extra: Partial<Candidate> = {}) => {
    if (value && value.trim()) out.push(candidate(name, kind, value, out.length, roleHint, extra));
  };
  if (page.metadata) {
    const siteNames = page.metadata.siteName.map((v) => v.value);
    for (const [field, role] of Object.entries(META_ROLES) as [keyof PageMetadata, MetaRole][]) {
      // A page's own image is a guess for its social image: only stated ones (og:image, JSON-LD) count.
      const values = (page.metadata[field] ?? []).filter((v) => field !== "image" || v.strength >= MIN_IMAGE_STRENGTH);
      const meta = metaEvidence(role.concept, values, siteNames);
      if (!meta) continue;
      // The concept's own words name the candidate; where it comes from is its provenance, not its name.
      push(role.name, role.kind, values[0].value, role.hint, { meta, ...(role.kind === "link" ? { linkType: "internal" as const } : {}), ...(field === "description" ? DESCRIPTION_DOUBT : {}) });
    }
    push("document seo title", "text", page.title, { seo: 0.95, title: 0.3 });
  } else {
    const og = page.openGraph ?? {};
    const own = pageTitle(page.title, og["og:site_name"], og["og:title"]);
    push("page title", "text", own, { title: 1, seo: 0.5 });
    push("document seo title", "text", page.title, own ? { title: 0.55, seo: 0.95 } : { title: 0.95, seo: 0.95 });
    push("og title", "text", og["og:title"], { title: 0.85, seo: 0.6 });
    push("h1 heading", "text", page.headings.find((h) => h.level === 1)?.text, { title: 0.75, subtitle: 0.2 });
    push("meta description", "text", page.metaDescription, { body: 0.75, seo: 0.95, subtitle: 0.35 }, DESCRIPTION_DOUBT);
    push("og description", "text", og["og:description"], { body: 0.6, seo: 0.8, subtitle: 0.3 }, DESCRIPTION_DOUBT);
    push("og image", "image", og["og:image"], { image: 1 });
    const published = Object.entries(og).find(([k]) => /published_time|date|pubdate/i.test(k))?.[1];
    push("published date", "date", published, { date: 1 });
    const author = Object.entries(og).find(([k]) => /author/i.test(k))?.[1];
    push("author", "text", author && !looksLikeUrl(author) ? author : null, { author: 1 });
    push("canonical url", "link", page.canonical, { link: 0.9 }, { linkType: "internal" });
    push("language", "text", page.language, { language: 1 });
  }
  push(MAIN_CONTENT_BODY, "richtext", page.mainHtml, { body: 0.85 }, { synthetic: true, doubt: bodyDoubt(page, bodyVerdicts) });
  return out;
}
