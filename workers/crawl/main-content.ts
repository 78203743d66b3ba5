/**
 * The page's main content, chosen among three candidates: Mozilla Readability, the page's main
 * landmark, and (for pages rendered in the browser) the text column the layout shows, or Readability's
 * article merged with what the landmark shows it dropped. The choice is explained in `reason`;
 * boilerplate inside the chosen content is then removed. The rules are at `extractMainContent`.
 */
import { parseHTML } from "linkedom";
import { collapse, tagOf } from "./html";
import { contentBody, pageElements } from "./main-content/dom";
import { inCaption, markedAreas, noticeOf, roleWords, strongAreas, wholeWords } from "./main-content/boilerplate";
import { elsewhere, READ_MORE } from "./main-content/cards";
import { findLandmark, isPageChrome } from "./main-content/landmark";
import { layoutPick, textColumn } from "./main-content/layout";
import { type Candidate, fromElements, type Method, Page, type Scored } from "./main-content/page";
import { articleEvidence } from "./main-content/page-kind";
import { runReadability } from "./main-content/readability";
import { letters, linkRatio, ownLinkRatio, tokenAgreement, within } from "./main-content/stats";

export interface MainContent {
  /** Sanitised HTML (cleanChildren's policy). */
  html: string;
  text: string;
  method: Method;
  reason: string;
  /**
   * Readability failed or kept a fragment, so the landmark (or the layout's text column) stands in
   * without a second opinion: the weakest evidence the page's body can have (see BODY_FALLBACK_CONFIDENCE).
   */
  fallback: boolean;
  /** What the choice rested on, as numbers (see MainContentSignals). */
  signals: MainContentSignals;
}

/**
 * The evidence behind a page's main content, each in [0, 1]: how the candidates compared and what the
 * chosen content looks like. Recorded for measurement: `bench:quality` prints how well each ranks right
 * bodies above wrong ones on real pages. None held on both the train and the dev split, so the body's
 * confidence is a measured rate (workers/mapping/calibration-body.ts), not a model of these.
 */
export interface MainContentSignals {
  /** Readability failed or kept a fragment: the landmark or the layout's column stands in alone. */
  fallback: number;
  /** Readability's text lies mostly outside the landmark: Readability was taken, or the landmark where it holds more prose. */
  outside: number;
  /** Readability and the landmark agree (the landmark adds at most 12% of Readability's text). */
  agree: number;
  /** The landmark's text beyond Readability's, as a share of Readability's (capped at 1). */
  excess: number;
  /** The share of that extra text that reads as prose. */
  excessProse: number;
  /** Token agreement of Readability's and the landmark's text. */
  tokenAgreement: number;
  /** Readability's article was extended with blocks it dropped. */
  merged: number;
  /** The page says it is not an article, and the landmark was kept whole. */
  landmarkWhole: number;
  /** The page has no main landmark (the body stands in for it). */
  noLandmark: number;
  /** The share of the chosen content's letters the boilerplate filter removed. */
  removed: number;
  /** The share of the final text that is link text. */
  links: number;
  /** The length of the final text: log10(letters) / 4, capped at 1. */
  length: number;
}

/** Fewer letters than this (about 35 words) is a fragment, not an article. */
const TINY = 200;
/** The landmark adds at most this share of Readability's text: the two agree. */
const AGREE_EXCESS = 0.12;
/** ...and at least this share of their tokens is shared: a landmark that dropped half of Readability's text does not agree with it. */
const AGREE_TOKENS = 0.5;
/** At least this share of Readability's text must lie in the landmark for the landmark to compete. */
const CONTAINED = 0.5;
/** A block of at least this many letters with few links reads as prose. */
const PROSE = 60;

const pct = (x: number) => `${Math.round(100 * x)}%`;

/** A section heading Readability dropped inside its article is restored from this many letters. */
const HEADING = 4;

/**
 * Blocks Readability dropped between its first and last kept block that read as content: prose,
 * tables, lists, code, quotes, figures with their pictures and section headings (however short)
 * without many links and not boilerplate.
 */
function restorable(page: Page, r: Scored): Element[] {
  const { stats } = page;
  const first = stats.indexOf(r.blocks[0]);
  const last = stats.indexOf(r.blocks[r.blocks.length - 1]);
  const units: Element[] = [];
  const visit = (el: Element) => {
    for (const child of Array.from(el.children)) {
      if (page.dropped(child)) continue;
      if (r.c.has(child)) {
        visit(child);
        continue;
      }
      const at = stats.indexOf(child);
      const s = stats.get(child);
      if (at <= first || at >= last || linkRatio(s) >= 0.35) continue;
      const tag = tagOf(child);
      // A figure, or a block around one: its caption may be a few words ("Mangelhaft: Der Nachfolger"),
      // for the figure is its picture.
      const figure = tag === "figure" ? child : child.querySelector("figure");
      const picture = s.chars > 0 && figure?.querySelector("img, picture") != null;
      // A section heading, or a block that holds only one, is short by nature ("Dienstwagen fuhr neben Zug").
      const inner = /^h[2-6]$/.test(tag) ? child : child.querySelector("h2, h3, h4, h5, h6");
      const heading = inner !== null && s.chars >= HEADING && stats.get(inner).chars === s.chars;
      if ((s.chars < 40 && !picture && !heading) || r.filter(child)) continue;
      // A wrapper around a data table (a scroll box, a collapsible) counts as the table.
      const structural = /^(h[2-6]|table|ul|ol|dl|pre|blockquote|figure)$/.test(tag) || child.querySelector("th, caption") !== null;
      if (structural || picture || heading || stats.blocks.some((b) => stats.get(b).own >= 50 && within(b, child))) units.push(child);
    }
  };
  visit(r.c.root);
  return units;
}

interface Choice {
  chosen: Scored;
  reason: string;
  /** Chosen without Readability's article (see MainContent.fallback). */
  fallback?: boolean;
  /** The comparison's signals (the rest of MainContentSignals is measured on the chosen content). */
  compared: Compared;
}

type Compared = Pick<MainContentSignals, "outside" | "agree" | "excess" | "excessProse" | "tokenAgreement" | "merged" | "landmarkWhole">;
const NOT_COMPARED: Compared = { outside: 0, agree: 0, excess: 0, excessProse: 0, tokenAgreement: 0, merged: 0, landmarkWhole: 0 };

/** A lead or continuation block: prose long enough to be more than a caption or byline. */
const LEAD = 150;

/** The words a lead's class calls it by: a standfirst, an abstract, a subtitle under the headline. */
const LEAD_WORDS = wholeWords("lead|abstract|summary|subtitle|sub-title|subheadline|sub-headline|standfirst|dek|deck|intro|teaser|excerpt|unterzeile");
/** A marked lead has at least this many letters (a dozen words): less is a kicker or a label. */
const MARKED_LEAD = 50;

/**
 * A block before Readability's article that is the article's own though short: under the headline
 * (`headline`: the document position of the last h1 before the article, -1 when there is none),
 * linking nowhere and outside any area foreign to the article, it is a lead its markup names
 * ("article-lead", "entry-subtitle", "contentHeader__abstract", a German "teaser") of a dozen words or
 * more, or the caption of the lead picture (text in a figure, or a block it or its parent calls a caption).
 */
function shortLead(page: Page, b: Element, headline: number, foreign: (b: Element) => boolean): boolean {
  const s = page.stats.get(b);
  if (headline < 0 || page.stats.indexOf(b) <= headline || s.link > 0 || foreign(b)) return false;
  if (s.own >= MARKED_LEAD && LEAD_WORDS.test(roleWords(b))) return true;
  if (s.own < 20 || s.chars > 400) return false;
  return inCaption(b);
}

/**
 * A block before the article that a "read more" link to another page follows (the next block, all
 * link) is another story's excerpt in a teaser, not the article's lead.
 */
function readMoreFollows(page: Page, b: Element): boolean {
  const { blocks } = page.stats;
  let i = blocks.indexOf(b) + 1;
  while (i < blocks.length && within(blocks[i], b)) i++;
  const next = blocks[i];
  if (!next) return false;
  const s = page.stats.get(next);
  if (!(s.chars > 0 && s.chars <= 30 && s.link === s.chars && READ_MORE.test(collapse(next.textContent ?? "")))) return false;
  // To another page: a "Read more" that unfolds this article (href="#", a script) is the article's own.
  return elsewhere((tagOf(next) === "a" ? next : next.querySelector("a"))?.getAttribute("href") ?? null, page.base);
}

/**
 * Readability's article with what it dropped: content inside it (`restorable`), lead paragraphs
 * before it with what lies between them and the article, and, when it holds under 70% of the
 * landmark's text, prose after it (an article split by an ad or a paywall box).
 */
function extend(page: Page, r: Scored, l: Scored, excess: Element[]): { merged: Scored; note: string } | null {
  const { stats } = page;
  const first = stats.indexOf(r.blocks[0]);
  const last = stats.indexOf(r.blocks[r.blocks.length - 1]);
  // Prose in a comment, ad, cookie or newsletter area the article is not in stays out: comments after a
  // short article are long prose too, and once added they would be most of the text, which then reads
  // as a page made of comments (see Page.score).
  const articleAreas = new Set(strongAreas(r.blocks[0]));
  const foreign = (b: Element) => strongAreas(b).some((label) => !articleAreas.has(label));
  const longProse = (b: Element) => stats.get(b).own >= LEAD && ownLinkRatio(stats.get(b)) < 0.35 && !foreign(b);
  const inside = restorable(page, r);
  const headline = Math.max(-1, ...Array.from(page.body.querySelectorAll("h1"), (h) => stats.indexOf(h)).filter((i) => i < first));
  // A call to subscribe or donate, or a paywall notice, is the publisher's word, never the article's lead.
  const asksReader = (b: Element) => {
    const notice = noticeOf(b, stats);
    return notice === "call to action" || notice === "notice";
  };
  const lead = excess.filter((b) => stats.indexOf(b) < first && (longProse(b) || shortLead(page, b, headline, foreign)) && !readMoreFollows(page, b) && !asksReader(b));
  // After it, not in an area the article is not in that its markup calls related stories, a share bar,
  // the page's chrome or hidden (a gallery's later pages): the article's own text split by an ad is not.
  const articleMarks = new Set(markedAreas(r.blocks[0]));
  const marked = (b: Element) => markedAreas(b).some((label) => !articleMarks.has(label));
  const after = r.chars < 0.7 * l.chars ? closed(page, r, excess.filter((b) => stats.indexOf(b) > last && longProse(b) && !marked(b))) : [];
  const units = [...inside, ...lead, ...after];
  if (!units.length) return null;
  const c = fromElements("merged", [...(r.c.members ?? []), ...units], false);
  if (!c) return null;
  const deep = new Set(units.flatMap((u) => [u, ...Array.from(u.querySelectorAll("*"))]));
  const has = c.has;
  c.has = (el) => has(el) || deep.has(el);
  let merged = page.score(c);
  if (merged.chars <= r.chars) return null;
  // A lead added before the article widens its span: what Readability dropped between the two
  // (headings, tables, lists, paragraphs) is restored as inside it. Not after it: what follows an
  // article is more often teasers and notices than its own text.
  const between = lead.length ? restorable(page, merged).filter((u) => !deep.has(u) && stats.indexOf(u) < first) : [];
  if (between.length) {
    const wider = fromElements("merged", [...(c.members ?? []), ...between], false);
    if (wider) {
      for (const u of between) for (const el of [u, ...Array.from(u.querySelectorAll("*"))]) deep.add(el);
      const hasWider = wider.has;
      wider.has = (el) => hasWider(el) || deep.has(el);
      merged = page.score(wider);
      inside.push(...between);
    }
  }
  const parts = [[inside, "dropped inside it"], [lead, "of lead before it"], [after, "of text after it"]] as const;
  const said = parts.filter(([list]) => list.length).map(([list, what]) => `${list.length} block(s) ${what}`);
  return { merged, note: `Readability's article plus ${said.join(", ")} (${merged.chars - r.chars} letters)` };
}

/**
 * Of the blocks after Readability's article, those before the first thematic break (<hr>) that follows it:
 * a break closes the article, and what comes after it is the site's word ("About us", a disclaimer).
 */
function closed(page: Page, r: Scored, after: Element[]): Element[] {
  if (!after.length) return after;
  const breaks = new Set<Element>(page.body.querySelectorAll("hr"));
  if (!breaks.size) return after;
  const last = r.blocks[r.blocks.length - 1]!;
  const order = new Map<Element, number>();
  let close = Infinity;
  for (const el of page.body.querySelectorAll("*")) {
    order.set(el, order.size);
    if (close === Infinity && breaks.has(el) && order.has(last) && !last.contains(el) && !page.dropped(el)) close = order.size;
  }
  return after.filter((b) => (order.get(b) ?? 0) < close);
}

function choose(page: Page, l: Scored, landmarkName: string, fallback: boolean, r: Scored | null, readWhy: string, article: boolean, kind: string): Choice {
  const { stats } = page;
  const proseOf = (blocks: readonly Element[]) => page.sum(blocks.filter((b) => stats.get(b).own >= PROSE && ownLinkRatio(stats.get(b)) < 0.35));
  if (!r || r.chars < TINY) {
    const why = r ? `Readability kept only ${r.chars} letters` : readWhy;
    if (fallback && page.boxes) {
      const picked = layoutPick(page.body, stats);
      const y = picked && fromElements("layout", picked, true);
      const sy = y && page.score(y);
      if (sy && sy.chars >= TINY && sy.chars >= 0.3 * l.chars) return { chosen: sy, reason: `${why}; no landmark, so the text column of the rendered page (${sy.chars} letters)`, fallback: true, compared: NOT_COMPARED };
    }
    return { chosen: l, reason: `${why}; ${landmarkName} kept (${l.chars} letters)`, fallback: true, compared: NOT_COMPARED };
  }
  const inside = page.sum(r.blocks.filter((b) => within(b, l.c.root) && (!fallback || l.c.has(b))));
  if (inside < CONTAINED * r.chars) {
    const outside = `only ${pct(inside / r.chars)} of Readability's text lies in ${landmarkName}`;
    // Readability may settle on a sidebar or a row of teasers beside a landmark that holds more prose than
    // it kept (a forum thread's posts, a blog post of short paragraphs): the page's own main then stands.
    const prose = proseOf(l.blocks);
    if (!fallback && l.chars >= r.chars && prose >= 0.5 * l.chars) {
      return { chosen: l, reason: `${outside}, which holds more prose than Readability kept (${prose} of its ${l.chars} letters), so the landmark`, compared: { ...NOT_COMPARED, outside: 1 } };
    }
    return { chosen: r, reason: outside, compared: { ...NOT_COMPARED, outside: 1 } };
  }
  const kept = r.c.members ?? new Set<Element>();
  const excess = l.blocks.filter((b) => !kept.has(b));
  const extra = page.sum(excess);
  const prose = proseOf(excess);
  const agreement = tokenAgreement(page.render(r).text, page.render(l).text);
  const overlap = `token agreement ${pct(agreement)}`;
  const agree = extra <= AGREE_EXCESS * r.chars && agreement >= AGREE_TOKENS;
  const compared: Compared = { ...NOT_COMPARED, agree: agree ? 1 : 0, excess: Math.min(1, extra / r.chars), excessProse: extra ? prose / extra : 0, tokenAgreement: agreement };
  const adds = `${landmarkName} adds ${extra} letters to Readability's ${r.chars}`;
  const summary = agree
    ? `Readability and ${landmarkName} agree (${adds}; ${overlap})`
    : `${adds}, ${pct(prose / extra)} of it prose${prose < 0.5 * extra ? " (mostly links and short lines)" : ""}; ${overlap}`;
  if (!article && (agree || (prose >= 0.5 * extra && prose >= 0.25 * r.chars))) {
    return { chosen: l, reason: `${summary}; not an article page (${kind}), so the landmark whole`, compared: { ...compared, landmarkWhole: 1 } };
  }
  const page_ = article ? `an article page (${kind})` : `too little prose beside Readability's article for the landmark (${kind})`;
  const extended = extend(page, r, l, excess);
  if (extended) return { chosen: extended.merged, reason: `${summary}; ${page_}; ${extended.note}`, compared: { ...compared, merged: 1 } };
  return { chosen: r, reason: `${summary}; ${page_}`, compared };
}

/**
 * The main content of a page. `document` must be the page's own parse of `html`, not changed since
 * (Readability runs on a fresh parse, whose elements are matched to it by document order).
 *
 * Every candidate is measured after boilerplate removal, in letters. Rules, in order:
 * 1. Readability failing or keeping a fragment (< 200 letters) gives the landmark (or, with no
 *    landmark on a rendered page, the layout's text column).
 * 2. Readability's text lying mostly (> 50%) outside the landmark gives Readability, unless the landmark
 *    (the page's own, not the body) holds more letters than Readability kept, at least half of them prose.
 * 3. The landmark's text outside Readability's article is weighed: little of it (≤ 12% of
 *    Readability's) with half their tokens shared means they agree; otherwise its share of prose (blocks of 60+ letters, few links)
 *    tells content from link lists and short lines.
 * 4. A page that is not an article (og:type website/product, JSON-LD Product...) keeps the landmark
 *    whole when they agree or when the landmark adds prose (≥ 25% of Readability's text).
 * 5. Otherwise Readability's article, extended ("merged") with what it dropped: content between its
 *    first and last block, lead paragraphs (150+ letters) before it and, when it holds under 70% of
 *    the landmark, prose after it.
 */
export function extractMainContent(document: Document, html: string, finalUrl: string): MainContent {
  let doc = document;
  let read = runReadability(html, pageElements(doc));
  if (!read.ok && read.mismatch) {
    doc = (parseHTML(html) as unknown as { document: Document }).document;
    read = runReadability(html, pageElements(doc));
  }
  const body = contentBody(doc) ?? doc.documentElement;
  if (!body) return { html: "", text: "", method: "landmark", reason: "the page has no body", fallback: true, signals: { ...NOT_COMPARED, fallback: 1, noLandmark: 1, removed: 0, links: 0, length: 0 } };
  const page = new Page(body, finalUrl);
  const landmark = findLandmark(doc);
  const landmarkName = landmark.fallback ? "the body" : `the landmark ${landmark.name}`;
  const lc: Candidate = { method: "landmark", root: landmark.el, has: landmark.fallback ? (el) => !isPageChrome(el) : () => true };
  const rc = read.ok ? fromElements("readability", read.kept, false) : null;
  const { article, evidence } = articleEvidence(doc);
  page.strictSides = article !== false;
  if (page.boxes) page.column = textColumn(rc ? page.blocks(rc, () => false) : page.stats.blocks, page.stats);

  const l = page.score(lc);
  const r = rc ? page.score(rc) : null;
  const titles = [doc.title, doc.querySelector('meta[property="og:title"]')?.getAttribute("content") ?? ""];
  const choice = choose(page, l, landmarkName, landmark.fallback, r, read.ok ? "" : read.why, article !== false, evidence);
  // On a landing or product page the heading leads its hero or product section and stays with it.
  return finish(page, article !== false ? withoutHeadline(page, choice, titles) : choice, landmark.fallback);
}

const titleKey = (s: string) => s.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/**
 * An article's content without its headline at the top: a heading as its first block whose text the
 * page's <title> or og:title holds. The headline goes to the page's title field; in the body it would
 * be shown twice.
 */
function withoutHeadline(page: Page, choice: Choice, titles: readonly string[]): Choice {
  const { chosen } = choice;
  // The first of the first three blocks that is (in) a heading; above it only a short kicker ("USA",
  // a section's name) or the element holding both.
  const { stats } = page;
  const lead = chosen.blocks.slice(0, 3);
  const at = lead.findIndex((b) => /^h[1-3]$/.test(tagOf(b)) || b.closest("h1, h2, h3") !== null);
  if (at < 0) return choice;
  const block = lead[at];
  // The block may be the heading's link or span.
  const h = /^h[1-3]$/.test(tagOf(block)) ? block : block.closest("h1, h2, h3");
  if (!h || lead.slice(0, at).some((b) => !within(h, b) && stats.get(b).own > 40)) return choice;
  if (!chosen.c.has(h)) return choice;
  const heading = titleKey(h.textContent ?? "");
  if (heading.length < 10 || !titles.some((t) => titleKey(t).includes(heading))) return choice;
  const inHeading = chosen.blocks.filter((b) => within(b, h));
  const filter = (el: Element) => (el === h ? "headline" : chosen.filter(el));
  return { ...choice, chosen: { ...chosen, filter, blocks: chosen.blocks.filter((b) => !inHeading.includes(b)), chars: chosen.chars - page.sum(inHeading) } };
}

/** Renders the chosen candidate without its boilerplate, and says what was removed. */
function finish(page: Page, { chosen, reason, fallback = false, compared }: Choice, noLandmark: boolean): MainContent {
  let out = page.render(chosen);
  let note = "";
  // A page whose every block is a menu, a notice or a comment form ("Dein Browser ist leider veraltet",
  // "Post a Comment") has no main content: what the filter leaves of it (a stray "Edit SEO element")
  // is no content either, and an empty body goes to review instead of its menus going to the target.
  if (letters(out.text) < 30 && letters(page.render(chosen, false).text) >= 30) {
    out = { ...out, html: "", text: "" };
    note = "; the boilerplate filter left nothing: no main content";
  }
  const removed = [...out.removed].sort((a, b) => b[1] - a[1]).slice(0, 6);
  const summary = removed.length ? `; removed ${removed.map(([why, n]) => `${why} (${n})`).join(", ")}` : "";
  const kept = letters(out.text);
  const cut = [...out.removed.values()].reduce((a, n) => a + n, 0);
  const signals: MainContentSignals = {
    ...compared,
    fallback: fallback ? 1 : 0,
    noLandmark: noLandmark ? 1 : 0,
    removed: kept + cut ? Math.min(1, cut / (kept + cut)) : 0,
    links: linkShare(page, chosen),
    length: kept ? Math.min(1, Math.log10(kept) / 4) : 0,
  };
  return { html: out.html, text: out.text, method: chosen.c.method, reason: reason + summary + note, fallback, signals };
}

/** The share of the chosen content's own letters that are link text. */
function linkShare(page: Page, chosen: Scored): number {
  let own = 0;
  let link = 0;
  for (const b of chosen.blocks) {
    own += page.stats.get(b).own;
    link += page.stats.get(b).ownLink;
  }
  return own ? link / own : 0;
}
