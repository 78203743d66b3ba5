/**
 * The page's main content, chosen among three candidates: Mozilla Readability, the page's main
 * landmark, and (for pages rendered in the browser) the text column the layout shows. The choice is
 * explained in `reason`; boilerplate inside the chosen content is then removed. See
 * docs of `extractMainContent` for the rules.
 */
import { parseHTML } from "linkedom";
import { cleanChildren, DROPPED_TAGS, tagOf } from "./html";
import { contentBody, pageElements } from "./main-content/dom";
import { boilerplateOf, type FilterContext, strongAreas } from "./main-content/boilerplate";
import { findLandmark, isPageChrome } from "./main-content/landmark";
import { type Column, hasBoxes, layoutPick, layoutReason, textColumn } from "./main-content/layout";
import { articleEvidence } from "./main-content/page-kind";
import { runReadability } from "./main-content/readability";
import { commonAncestor, letters, linkRatio, ownLinkRatio, PageStats, tokenAgreement, within } from "./main-content/stats";

export interface MainContent {
  /** Sanitised HTML (cleanChildren's policy). */
  html: string;
  text: string;
  method: "readability" | "landmark" | "layout" | "merged";
  reason: string;
}
type Method = MainContent["method"];

/** Fewer letters than this (about 35 words) is a fragment, not an article. */
const TINY = 200;
/** The landmark adds at most this share of Readability's text: the two agree. */
const AGREE_EXCESS = 0.12;
/** At least this share of Readability's text must lie in the landmark for the landmark to compete. */
const CONTAINED = 0.5;
/** A block of at least this many letters with few links reads as prose. */
const PROSE = 60;

/** Elements of the page that make up one candidate, under `root`. */
interface Candidate {
  method: Method;
  root: Element;
  /** Whether an element under root belongs to it (when not, its subtree is left out). */
  has: (el: Element) => boolean;
  /** The elements it was built from (Readability's kept elements), when it was built from a set. */
  members?: Set<Element>;
}

/** A candidate measured after boilerplate removal. */
interface Scored {
  c: Candidate;
  filter: (el: Element) => string | null;
  /** Text blocks that survive, in document order. */
  blocks: Element[];
  chars: number;
}

/** A candidate made of `elements` (and, when `deep`, everything inside them). */
function fromElements(method: Method, elements: Iterable<Element>, deep: boolean): Candidate | null {
  const members = new Set(elements);
  const root = commonAncestor(members);
  if (!root) return null;
  if (deep && members.has(root)) return { method, root, has: () => true, members };
  const path = new Set<Element>();
  for (const el of members) for (let cur = el.parentElement; cur && cur !== root && !path.has(cur); cur = cur.parentElement) path.add(cur);
  const under = (el: Element) => {
    for (let cur = el.parentElement; cur && cur !== root; cur = cur.parentElement) if (members.has(cur)) return true;
    return false;
  };
  return { method, root, has: (el) => members.has(el) || path.has(el) || (deep && under(el)), members };
}

class Page {
  readonly stats: PageStats;
  readonly boxes: boolean;
  column: Column | null = null;
  /** Side columns are left out of articles; elsewhere only when link-heavy (two-column sections are content). */
  strictSides = true;

  constructor(
    readonly body: Element,
    readonly base: string,
  ) {
    this.stats = new PageStats(body);
    this.boxes = hasBoxes(body);
  }

  /** Text blocks of `c` in document order, leaving out what `skip` rejects. */
  blocks(c: Candidate, skip: (el: Element) => boolean): Element[] {
    const out: Element[] = [];
    const visit = (el: Element) => {
      if (this.stats.get(el).own > 0) out.push(el);
      for (const child of Array.from(el.children)) if (!DROPPED_TAGS.has(tagOf(child)) && c.has(child) && !skip(child)) visit(child);
    };
    visit(c.root);
    return out;
  }

  sum(blocks: readonly Element[]): number {
    return blocks.reduce((n, b) => n + this.stats.get(b).own, 0);
  }

  /** Measures `c` with its boilerplate filter. */
  score(c: Candidate): Scored {
    const { stats } = this;
    const raw = this.blocks(c, () => false);
    const total = this.sum(raw);
    const prose = (b: Element) => stats.get(b).own >= 150 && ownLinkRatio(stats.get(b)) < 0.3;
    // A comment/ad/cookie label holding the first paragraph and much of the text names the content.
    const exempt = new Set<string>();
    const first = raw.find(prose);
    for (const label of first ? strongAreas(first) : []) {
      const share = this.sum(raw.filter((b) => strongAreas(b).includes(label))) / total;
      if (share >= 0.3) exempt.add(label);
    }
    const anchor = raw.find((b) => prose(b) && strongAreas(b).every((label) => exempt.has(label))) ?? null;
    const ctx: FilterContext = { stats, root: c.root, total, anchor, exempt };
    const filter = (el: Element): string | null => {
      const why = boilerplateOf(el, ctx);
      if (why || !this.boxes || (anchor && within(anchor, el))) return why;
      return layoutReason(el, this.stats, this.column, this.strictSides);
    };
    const blocks = this.blocks(c, (el) => filter(el) !== null);
    return { c, filter, blocks, chars: this.sum(blocks) };
  }

  render(s: Scored, filtered = true): { html: string; text: string; removed: Map<string, number> } {
    const removed = new Map<string, number>();
    const clean = cleanChildren(s.c.root, this.base, (el) => {
      if (!s.c.has(el)) return true;
      const why = filtered ? s.filter(el) : null;
      if (why) removed.set(why, (removed.get(why) ?? 0) + this.stats.get(el).chars);
      if (why && (globalThis as any).__MC_DEBUG && this.stats.get(el).chars > 30) console.log("DROP", why, this.stats.get(el).chars, el.tagName, el.getAttribute("class"), el.getAttribute("id"), JSON.stringify((el.textContent ?? "").replace(/\s+/g, " ").slice(0, 120)));
      return why !== null;
    });
    return { ...clean, removed };
  }
}

const pct = (x: number) => `${Math.round(100 * x)}%`;

/**
 * Blocks Readability dropped between its first and last kept block that read as content: prose,
 * tables, lists, code, quotes and section headings without many links and not boilerplate.
 */
function restorable(page: Page, r: Scored): Element[] {
  const { stats } = page;
  const first = stats.indexOf(r.blocks[0]);
  const last = stats.indexOf(r.blocks[r.blocks.length - 1]);
  const units: Element[] = [];
  const visit = (el: Element) => {
    for (const child of Array.from(el.children)) {
      if (DROPPED_TAGS.has(tagOf(child))) continue;
      if (r.c.has(child)) {
        visit(child);
        continue;
      }
      const at = stats.indexOf(child);
      const s = stats.get(child);
      if (at <= first || at >= last || s.chars < 40 || linkRatio(s) >= 0.35 || r.filter(child)) continue;
      const tag = tagOf(child);
      const structural = /^(h[2-6]|table|ul|ol|dl|pre|blockquote|figure)$/.test(tag);
      if (structural || stats.blocks.some((b) => stats.get(b).own >= 50 && within(b, child))) units.push(child);
    }
  };
  visit(r.c.root);
  return units;
}

interface Choice {
  chosen: Scored;
  reason: string;
}

function choose(page: Page, l: Scored, landmarkName: string, fallback: boolean, r: Scored | null, readWhy: string, article: boolean, kind: string): Choice {
  const { stats } = page;
  if (!r || r.chars < TINY) {
    const why = r ? `Readability kept only ${r.chars} letters` : readWhy;
    if (fallback && page.boxes) {
      const picked = layoutPick(page.body, stats);
      const y = picked && fromElements("layout", picked, true);
      const sy = y && page.score(y);
      if (sy && sy.chars >= TINY && sy.chars >= 0.3 * l.chars) return { chosen: sy, reason: `${why}; no landmark, so the text column of the rendered page (${sy.chars} letters)` };
    }
    return { chosen: l, reason: `${why}; ${landmarkName} kept (${l.chars} letters)` };
  }
  const inside = page.sum(r.blocks.filter((b) => within(b, l.c.root) && (!fallback || l.c.has(b))));
  if (inside < CONTAINED * r.chars) return { chosen: r, reason: `only ${pct(inside / r.chars)} of Readability's text lies in ${landmarkName}` };
  const kept = r.c.members ?? new Set<Element>();
  const excess = l.blocks.filter((b) => !kept.has(b));
  const extra = page.sum(excess);
  const prose = page.sum(excess.filter((b) => stats.get(b).own >= PROSE && ownLinkRatio(stats.get(b)) < 0.35));
  const overlap = `token agreement ${pct(tokenAgreement(page.render(r).text, page.render(l).text))}`;
  if (extra <= AGREE_EXCESS * r.chars) {
    const agree = `Readability and ${landmarkName} agree (${landmarkName} adds ${extra} letters to ${r.chars}; ${overlap})`;
    return article ? { chosen: r, reason: `${agree}; an article page (${kind})` } : { chosen: l, reason: `${agree}; not an article page (${kind}), so the landmark whole` };
  }
  if (prose < 0.5 * extra) return { chosen: r, reason: `${landmarkName} adds ${extra} letters, only ${pct(prose / extra)} of it prose (links, short lines); ${overlap}` };
  if (!article && prose >= 0.25 * r.chars) return { chosen: l, reason: `${landmarkName} adds ${extra} letters (${pct(prose / extra)} prose) Readability left out, and this is not an article page (${kind}); ${overlap}` };
  const g = globalThis as any;
  const units = g.__MC_OUT ? [...restorable(page, r), ...excess.filter((b) => stats.get(b).own >= (g.__MC_OUT_MIN ?? PROSE) && ownLinkRatio(stats.get(b)) < 0.35 && (stats.indexOf(b) < stats.indexOf(r.blocks[0]) ? g.__MC_OUT !== "after" : g.__MC_OUT !== "before"))] : restorable(page, r);
  const merged = units.length ? fromElements("merged", [...kept, ...units], false) : null;
  if (merged) {
    const deep = new Set(units);
    const has = merged.has;
    merged.has = (el) => has(el) || [...deep].some((u) => within(el, u));
    const m = page.score(merged);
    if (m.chars > r.chars) return { chosen: m, reason: `Readability's article plus ${units.length} block(s) of content it dropped inside the article (${m.chars - r.chars} letters); ${overlap}` };
  }
  return { chosen: r, reason: `${landmarkName} adds ${extra} letters of prose, but outside Readability's article (before its start or after its end); ${overlap}` };
}

/**
 * The main content of a page. `document` must be the page's own parse of `html`, not changed since
 * (Readability runs on a fresh parse, whose elements are matched to it by document order).
 *
 * Rules, in order: Readability failing or keeping a fragment (< 200 letters) gives the landmark (or,
 * with no landmark on a rendered page, the layout's text column); Readability's text lying mostly
 * outside the landmark gives Readability; the landmark adding little (≤ 12%) means they agree, and
 * the article page keeps Readability's text, any other page the landmark; a landmark adding mostly
 * links and short lines gives Readability; one adding prose gives the landmark on non-article pages
 * and, on articles, Readability plus the content it dropped inside the article ("merged").
 */
export function extractMainContent(document: Document, html: string, finalUrl: string): MainContent {
  let doc = document;
  let read = runReadability(html, pageElements(doc));
  if (!read.ok && read.mismatch) {
    doc = (parseHTML(html) as unknown as { document: Document }).document;
    read = runReadability(html, pageElements(doc));
  }
  const body = contentBody(doc) ?? doc.documentElement;
  if (!body) return { html: "", text: "", method: "landmark", reason: "the page has no body" };
  const page = new Page(body, finalUrl);
  const landmark = findLandmark(doc);
  const landmarkName = landmark.fallback ? "the body" : `the landmark ${landmark.name}`;
  const lc: Candidate = { method: "landmark", root: landmark.el, has: landmark.fallback ? (el) => !isPageChrome(el) : () => true };
  const rc = read.ok ? fromElements("readability", read.kept, false) : null;
  const { article, evidence } = articleEvidence(doc);
  page.strictSides = article !== false;
  if ((globalThis as any).__MC_ALWAYS_ARTICLE) return finish(page, choose(page, page.score(lc), landmarkName, landmark.fallback, rc ? page.score(rc) : null, read.ok ? "" : read.why, true, evidence));
  if (page.boxes) page.column = textColumn(rc ? page.blocks(rc, () => false) : page.stats.blocks, page.stats);

  const l = page.score(lc);
  const r = rc ? page.score(rc) : null;
  return finish(page, choose(page, l, landmarkName, landmark.fallback, r, read.ok ? "" : read.why, article !== false, evidence));
}

/** Renders the chosen candidate without its boilerplate, and says what was removed. */
function finish(page: Page, { chosen, reason }: Choice): MainContent {
  let out = page.render(chosen);
  let note = "";
  if (letters(out.text) < 30 && letters(page.render(chosen, false).text) >= 30) {
    out = page.render(chosen, false);
    note = "; boilerplate filter skipped (it left nothing)";
  }
  const removed = [...out.removed].sort((a, b) => b[1] - a[1]).slice(0, 6);
  const summary = removed.length ? `; removed ${removed.map(([why, n]) => `${why} (${n})`).join(", ")}` : "";
  return { html: out.html, text: out.text, method: chosen.c.method, reason: reason + summary + note };
}
