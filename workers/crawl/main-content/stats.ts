/**
 * Text statistics of a parsed page, per element, for main-content scoring. Sizes are counted in
 * letters and digits (any script), so thresholds mean the same in English, German or Japanese.
 */
import { DROPPED_TAGS, tagOf } from "../html";

/** Elements that flow inside a text block; their text counts towards the nearest other ancestor. */
export const INLINE_TAGS = new Set([
  "a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "del", "dfn", "em", "font", "i", "img", "ins", "kbd",
  "label", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr",
]);

export interface Stat {
  /** Letters and digits in the subtree (dropped tags excluded). */
  chars: number;
  /** Of which inside links. */
  link: number;
  /** Number of links in the subtree. */
  links: number;
  /** Letters whose nearest non-inline ancestor is this element: its own text as a block. */
  own: number;
  ownLink: number;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const EMPTY: Stat = { chars: 0, link: 0, links: 0, own: 0, ownLink: 0 };

/** Letters and digits in a string. */
export function letters(s: string): number {
  return s.replace(/[^\p{L}\p{N}]+/gu, "").length;
}

export const linkRatio = (s: Stat) => (s.chars ? s.link / s.chars : 0);
export const ownLinkRatio = (s: Stat) => (s.own ? s.ownLink / s.own : 0);

/** Statistics of every element under a root, with document order. */
export class PageStats {
  private readonly stats = new Map<Element, Stat>();
  private readonly order = new Map<Element, number>();
  /** Elements that hold text as blocks (own > 0), in document order. */
  readonly blocks: Element[] = [];

  constructor(root: Element) {
    this.visit(root, false, root);
    // Map order is insertion order, which is document order.
    for (const [el, s] of this.stats) if (s.own > 0) this.blocks.push(el);
  }

  private visit(el: Element, inLink: boolean, block: Element): Stat {
    const stat: Stat = { chars: 0, link: 0, links: 0, own: 0, ownLink: 0 };
    this.order.set(el, this.order.size);
    this.stats.set(el, stat);
    const blockStat = this.stats.get(block)!;
    for (const node of Array.from(el.childNodes)) {
      if (node.nodeType === TEXT_NODE) {
        const n = letters(node.textContent ?? "");
        if (!n) continue;
        stat.chars += n;
        blockStat.own += n;
        if (inLink) {
          stat.link += n;
          blockStat.ownLink += n;
        }
      } else if (node.nodeType === ELEMENT_NODE) {
        const child = node as Element;
        const tag = tagOf(child);
        // A form can wrap a whole page (ASP.NET): its text counts; rendering drops forms below the root.
        if (DROPPED_TAGS.has(tag) && tag !== "form") continue;
        const isLink = tag === "a";
        const s = this.visit(child, inLink || isLink, INLINE_TAGS.has(tag) ? block : child);
        stat.chars += s.chars;
        stat.link += s.link;
        stat.links += s.links + (isLink ? 1 : 0);
      }
    }
    return stat;
  }

  get(el: Element): Stat {
    return this.stats.get(el) ?? EMPTY;
  }

  /** Position in document order, -1 when outside the measured root. */
  indexOf(el: Element): number {
    return this.order.get(el) ?? -1;
  }
}

/** Whether `el` lies inside (or is) `ancestor`. */
export function within(el: Element, ancestor: Element): boolean {
  for (let cur: Element | null = el; cur; cur = cur.parentElement) if (cur === ancestor) return true;
  return false;
}

/** The deepest element containing all of `elements` (null for none). */
export function commonAncestor(elements: Iterable<Element>): Element | null {
  let chain: Element[] | null = null;
  for (const el of elements) {
    if (!chain) {
      chain = [];
      for (let cur: Element | null = el; cur; cur = cur.parentElement) chain.push(cur);
      continue;
    }
    let cur: Element | null = el;
    const onChain = new Set(chain);
    while (cur && !onChain.has(cur)) cur = cur.parentElement;
    if (!cur) return null;
    chain = chain.slice(chain.indexOf(cur));
  }
  return chain?.[0] ?? null;
}

/** Lowercased word tokens (letters and digits of any script), as bag-of-words scoring counts them. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
}

/** Token-bag agreement of two texts: F1 of their multiset intersection. */
/** How many tokens two bags share, each token counted as often as it stands in both. */
export function sharedTokens(a: readonly string[], b: readonly string[]): number {
  const bag = new Map<string, number>();
  for (const t of a) bag.set(t, (bag.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of b) {
    const n = bag.get(t) ?? 0;
    if (n > 0) {
      common++;
      bag.set(t, n - 1);
    }
  }
  return common;
}

export function tokenAgreement(a: string, b: string): number {
  const ta = tokenize(a);
  const tb = tokenize(b);
  if (!ta.length || !tb.length) return ta.length === tb.length ? 1 : 0;
  return (2 * sharedTokens(ta, tb)) / (ta.length + tb.length);
}
