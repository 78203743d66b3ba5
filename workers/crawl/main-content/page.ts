/**
 * The page a main-content extraction reads: its text statistics and layout, the candidates (sets of
 * its elements) and their measure after boilerplate removal, and their rendering as clean HTML.
 */
import { cleanChildren, DROPPED_TAGS, tagOf } from "../html";
import { boilerplateOf, type FilterContext, inCaption, noticeOf, strongAreas } from "./boilerplate";
import { type Column, hasBoxes, layoutReason } from "./layout";
import { commonAncestor, ownLinkRatio, PageStats, within } from "./stats";

export type Method = "readability" | "landmark" | "layout" | "merged";

/** Elements of the page that make up one candidate, under `root`. */
export interface Candidate {
  method: Method;
  root: Element;
  /** Whether an element under root belongs to it (when not, its subtree is left out). */
  has: (el: Element) => boolean;
  /** The elements it was built from (Readability's kept elements), when it was built from a set. */
  members?: Set<Element>;
}

/** A candidate measured after boilerplate removal. */
export interface Scored {
  c: Candidate;
  filter: (el: Element) => string | null;
  /** Text blocks that survive, in document order. */
  blocks: Element[];
  chars: number;
}

/** A candidate made of `elements` (and, when `deep`, everything inside them). */
export function fromElements(method: Method, elements: Iterable<Element>, deep: boolean): Candidate | null {
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

/** The page being read: its text statistics, layout and the forms that only wrap content. */
export class Page {
  readonly stats: PageStats;
  readonly boxes: boolean;
  column: Column | null = null;
  /** Side columns are left out of articles; elsewhere only when link-heavy (two-column sections are content). */
  strictSides = true;
  /** Forms that wrap prose (a whole ASP.NET page, a shop's product text): content, not a form. */
  private readonly wrappers = new Set<Element>();
  readonly unwrap = (el: Element) => this.wrappers.has(el);

  constructor(
    readonly body: Element,
    readonly base: string,
  ) {
    this.stats = new PageStats(body);
    this.boxes = hasBoxes(body);
    for (const form of Array.from(body.querySelectorAll("form"))) {
      const own = (b: Element) => this.stats.get(b).own >= 150 && ownLinkRatio(this.stats.get(b)) < 0.3;
      if (this.stats.get(form).chars >= 400 && this.stats.blocks.some((b) => own(b) && within(b, form))) this.wrappers.add(form);
    }
  }

  /** Left out of clean HTML whatever the candidate: scripts, embeds, real forms, navigation. */
  dropped(el: Element): boolean {
    return DROPPED_TAGS.has(tagOf(el)) && !this.wrappers.has(el);
  }

  /** Text blocks of `c` in document order, leaving out what `skip` rejects. */
  blocks(c: Candidate, skip: (el: Element) => boolean): Element[] {
    const out: Element[] = [];
    const visit = (el: Element) => {
      if (this.stats.get(el).own > 0) out.push(el);
      for (const child of Array.from(el.children)) if (!this.dropped(child) && c.has(child) && !skip(child)) visit(child);
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
    // Text in a fixed layer (a consent dialog) is never the content, however long.
    const fixed = (b: Element) => this.boxes && b.closest("[data-fixed]") !== null;
    const prose = (b: Element) => stats.get(b).own >= 150 && ownLinkRatio(stats.get(b)) < 0.3 && !fixed(b);
    // A comment/ad/cookie label over half the text, or over the first paragraph and a third of the
    // text, names the content itself (a live ticker of "comments", an "advertorial" hook class).
    const exempt = new Set<string>();
    const first = raw.find(prose);
    const areas = new Map<string, number>();
    for (const b of raw) if (!fixed(b)) for (const label of new Set(strongAreas(b))) areas.set(label, (areas.get(label) ?? 0) + stats.get(b).own);
    for (const [label, n] of areas) {
      if (n >= 0.5 * total || (n >= 0.3 * total && first && strongAreas(first).includes(label))) exempt.add(label);
    }
    const anchor = raw.find((b) => prose(b) && strongAreas(b).every((label) => exempt.has(label))) ?? null;
    // The article's last paragraph of prose: reader notices after it go, however long.
    let lastProse = -1;
    for (const b of raw) if (stats.get(b).own >= 80 && ownLinkRatio(stats.get(b)) < 0.3 && !noticeOf(b, stats)) lastProse = stats.indexOf(b);
    const ctx: FilterContext = { stats, root: c.root, total, anchor, exempt, base: this.base, lastProse };
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
    const keyOf = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim();
    // A heading shown three times or more (a gallery's title over every slide, a recipe's over every tab)
    // is the template's, not a section of the text: every copy goes. A caption's is not a heading's.
    const heading = (el: Element) => /^h[1-6]$/.test(tagOf(el)) && !inCaption(el);
    const headings = new Map<string, number>();
    for (const b of s.blocks) if (heading(b)) headings.set(keyOf(b), (headings.get(keyOf(b)) ?? 0) + 1);
    // A paragraph or a sentence of a dozen words shown twice (a desktop and a mobile copy, a lead repeated
    // in a header, a headline in two teaser rails) is kept once.
    const seen = new Set<string>();
    const repeated = (el: Element) => {
      if (heading(el) && (headings.get(keyOf(el)) ?? 0) >= 3) return true;
      const st = this.stats.get(el);
      if (st.own < 60 || st.own < 0.8 * st.chars) return false;
      const key = keyOf(el);
      if (seen.has(key)) return true;
      seen.add(key);
      return false;
    };
    const clean = cleanChildren(s.c.root, this.base, (el) => {
      if (!s.c.has(el)) return true;
      const why = filtered ? (s.filter(el) ?? (repeated(el) ? "repeated" : null)) : null;
      if (why) removed.set(why, (removed.get(why) ?? 0) + this.stats.get(el).chars);
      return why !== null;
    }, this.unwrap);
    return { ...clean, removed };
  }
}
