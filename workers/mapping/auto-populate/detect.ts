/**
 * Auto-populate's structure detection: a pure function over rendered HTML (linkedom), so it is tested
 * without a browser. It finds recurring structures (sibling elements of the same shape: cards,
 * teasers, accordion items, list entries, quotes) and distinctive single blocks (hero, text with
 * media, call to action, form, rich text), and proposes a component definition for each, with a CSS
 * selector that finds its instances and fields read from their markup.
 */
import { parseHTML } from "linkedom";
import { contentBody } from "../../crawl/main-content/dom";
import type { StructureKind, SuggestedComponent } from "../../contracts/mapping";
import { stableClasses } from "../signature";
import { hash64, isUtilityClass, words } from "../text";
import { fieldsFor, observe, type Observed } from "./fields";

const tagOf = (el: Element) => el.tagName.toLowerCase();
const CHROME = new Set(["header", "footer", "nav", "aside"]);
const SKIP = new Set(["script", "style", "noscript", "template", "svg", "iframe", "head", "nav"]);
const MAIN = ["main", "[role=main]", "#content", "#main", ".main-content"];
const KIND_WORDS: Record<StructureKind, readonly string[]> = {
  hero: ["hero", "banner", "cover", "jumbotron", "masthead", "stage", "intro"],
  card: ["card", "tile", "feature", "service", "box"],
  teaser: ["teaser", "post", "article", "news", "story", "entry", "summary"],
  list: ["list", "items"],
  accordion: ["accordion", "faq", "collapse", "details", "toggle", "question"],
  "text-media": ["media", "image-text", "split", "text-image", "mediatext"],
  quote: ["quote", "testimonial", "blockquote", "review"],
  cta: ["cta", "callout", "call-to-action", "action", "promo", "banner"],
  form: ["form", "contact", "newsletter", "signup"],
  gallery: ["gallery", "images", "carousel", "slider"],
  text: ["text", "content", "richtext", "prose", "body", "copy"],
};

/** Classes usable in a selector: stable (no numbers or states) and not presentational utilities. */
function meaningfulClasses(el: Element): string[] {
  const raw = (el.getAttribute("class") ?? "").split(/\s+/).filter((c) => /^[A-Za-z_-][\w-]*$/.test(c));
  return stableClasses(raw).filter((c) => !c.includes("#") && !isUtilityClass(c));
}

function shapeKey(el: Element): string {
  return `${tagOf(el)}.${meaningfulClasses(el).join(".")}`;
}

function classWords(el: Element): Set<string> {
  return new Set(words((el.getAttribute("class") ?? "") + " " + (el.getAttribute("id") ?? "")));
}

function inChrome(el: Element, scope: Element): boolean {
  for (let cur: Element | null = el; cur && cur !== scope; cur = cur.parentElement) if (CHROME.has(tagOf(cur)) || SKIP.has(tagOf(cur))) return true;
  return false;
}

function hinted(el: Element, kind: StructureKind): boolean {
  const ws = classWords(el);
  return KIND_WORDS[kind].some((w) => ws.has(w) || [...ws].some((x) => x.startsWith(w)));
}

/** What kind of structure a group of same-shaped siblings is. */
function groupKind(members: Element[], obs: Observed[]): StructureKind | null {
  const first = members[0];
  const tag = tagOf(first);
  if (tag === "details" || obs.every((o) => o.summaries > 0) || hinted(first, "accordion")) return "accordion";
  if (tag === "blockquote" || obs.every((o) => o.quotes > 0) || hinted(first, "quote")) return "quote";
  if (obs.every((o) => o.images > 0 && o.headings === 0 && o.textLength < 80)) return "gallery";
  if (obs.every((o) => o.headings > 0 || o.images > 0) && obs.every((o) => o.textLength >= 15)) {
    if (hinted(first, "teaser") || obs.every((o) => o.dates > 0)) return "teaser";
    return "card";
  }
  if (tag === "li" && obs.every((o) => o.links > 0 && o.textLength > 20)) return "teaser";
  return null;
}

function selectorOf(el: Element): string {
  const classes = meaningfulClasses(el);
  if (classes.length) return `${tagOf(el) === "div" ? "" : tagOf(el)}.${classes.join(".")}`.replace(/^\./, ".");
  const id = el.getAttribute("id");
  if (id && !/\d/.test(id)) return `#${id}`;
  return tagOf(el);
}

/** A selector that finds these elements (and as few others as it can). */
function groupSelector(document: Document, members: Element[]): string {
  const count = (sel: string) => {
    try {
      return document.querySelectorAll(sel).length;
    } catch {
      return Infinity;
    }
  };
  // One class that finds exactly these elements reads best (".wp-block-cover", not ".alignfull.wp-block-cover").
  const tag = tagOf(members[0]);
  const single = meaningfulClasses(members[0])
    .filter((c) => members.every((m) => m.classList.contains(c)))
    .sort((a, b) => b.length - a.length)
    .map((c) => `${tag === "div" ? "" : tag}.${c}`)
    .find((sel) => count(sel) === members.length);
  if (single) return single;
  const own = selectorOf(members[0]);
  if (own !== tag && count(own) === members.length) return own;
  const parent = members[0].parentElement;
  if (!parent) return own;
  const scoped = `${selectorOf(parent)} > ${own}`;
  if (count(scoped) >= members.length && count(scoped) <= members.length * 3) return scoped;
  const grand = parent.parentElement;
  return grand ? `${selectorOf(grand)} > ${scoped}` : scoped;
}

function mainScope(document: Document, selector?: string): Element | null {
  if (selector) {
    try {
      return document.querySelector(selector);
    } catch {
      return null;
    }
  }
  for (const s of MAIN) {
    const el = document.querySelector(s);
    if (el) return el;
  }
  // The body that holds the page: linkedom returns an empty one of its own where something stands between </head> and <body>.
  return contentBody(document) ?? document.documentElement;
}

interface Found {
  kind: StructureKind;
  members: Element[];
  selector: string;
  score: number;
}

function sample(el: Element): string {
  const text = (el.textContent ?? "").replace(/\s+/g, " ").trim();
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

const KEY_OF: Record<StructureKind, string> = {
  hero: "hero", card: "card", teaser: "teaser", list: "list", accordion: "accordionItem", "text-media": "textMedia",
  quote: "quote", cta: "callToAction", form: "form", gallery: "galleryImage", text: "richText",
};
const NAME_OF: Record<StructureKind, string> = {
  hero: "Hero", card: "Card", teaser: "Teaser", list: "List", accordion: "Accordion item", "text-media": "Text with media",
  quote: "Quote", cta: "Call to action", form: "Form", gallery: "Gallery image", text: "Rich text",
};

/** Single blocks that are no repeated group: hero, text with media, call to action, form, quote, rich text. */
function singleKind(el: Element, o: Observed, isFirst: boolean): StructureKind | null {
  const tag = tagOf(el);
  if (tag === "form") return "form";
  if (tag === "blockquote") return "quote";
  const hasH1 = el.querySelector("h1") !== null;
  if (!hasH1 && hinted(el, "cta") && o.links >= 1 && o.textLength < 400) return "cta";
  if ((hasH1 || hinted(el, "hero")) && o.headings > 0 && (o.images > 0 || hinted(el, "hero") || isFirst) && o.textLength < 600) return "hero";
  const directImage = Array.from(el.children).some((c) => tagOf(c) === "figure" || tagOf(c) === "img" || (c.children.length === 1 && tagOf(c.children[0]) === "img"));
  if (o.images === 1 && o.headings >= 1 && o.paragraphs >= 1 && directImage) return "text-media";
  if (o.headings >= 1 && o.links >= 1 && o.textLength < 300 && o.images === 0 && (o.buttons > 0 || hinted(el, "cta"))) return "cta";
  if (o.paragraphs >= 3 && o.images <= 1) return "text";
  return null;
}

/**
 * Proposes component definitions for the recurring and distinctive structures of a rendered page.
 * `selector` limits the search to one part of the page.
 */
export function detectStructures(html: string, url: string, opts: { selector?: string; max?: number } = {}): SuggestedComponent[] {
  const { document } = parseHTML(html) as unknown as { document: Document };
  const scope = mainScope(document, opts.selector || undefined);
  if (!scope) return [];
  const found: Found[] = [];
  const claimed = new Set<Element>();
  const all = [scope, ...Array.from(scope.querySelectorAll("*"))].filter((el) => !inChrome(el, scope) || el === scope);

  // Recurring structures: siblings of the same tag and classes.
  for (const parent of all) {
    const groups = new Map<string, Element[]>();
    for (const child of Array.from(parent.children)) {
      if (SKIP.has(tagOf(child)) || CHROME.has(tagOf(child))) continue;
      const key = shapeKey(child);
      groups.set(key, [...(groups.get(key) ?? []), child]);
    }
    for (const members of groups.values()) {
      if (members.length < 2) continue;
      const obs = members.map(observe);
      const kind = groupKind(members, obs);
      if (!kind) continue;
      const richness = Math.min(1, (obs[0].headings > 0 ? 0.3 : 0) + (obs[0].images > 0 ? 0.3 : 0) + (obs[0].paragraphs > 0 ? 0.2 : 0) + (obs[0].links > 0 ? 0.2 : 0));
      const score = 0.35 * Math.min(1, members.length / 4) + 0.35 * richness + (hinted(members[0], kind) ? 0.3 : 0.1);
      found.push({ kind, members, selector: groupSelector(document, members), score });
    }
  }
  // A group nested in a better group's members is part of that structure, not one of its own.
  found.sort((a, b) => b.score - a.score);
  const kept: Found[] = [];
  for (const f of found) {
    const nested = kept.some((k) => k.members.some((m) => f.members.some((x) => m.contains(x) || x.contains(m))));
    if (nested) continue;
    kept.push(f);
    f.members.forEach((m) => claimed.add(m));
  }

  // Distinctive single blocks, outside the groups.
  const blocks = all.filter((el) => el !== scope && ["section", "div", "article", "form", "blockquote", "header", "figure"].includes(tagOf(el)));
  let first = true;
  for (const el of blocks) {
    if ([...claimed].some((m) => m.contains(el) || el.contains(m))) continue;
    const o = observe(el);
    if (o.textLength < 10 && tagOf(el) !== "form") continue;
    const kind = singleKind(el, o, first);
    if (!kind) continue;
    first = false;
    const selector = groupSelector(document, [el]);
    kept.push({ kind, members: [el], selector, score: 0.3 + (hinted(el, kind) ? 0.4 : 0.15) + (meaningfulClasses(el).length ? 0.1 : 0) });
    claimed.add(el);
  }

  const used = new Map<string, number>();
  return kept
    .sort((a, b) => b.score - a.score)
    .slice(0, opts.max ?? 12)
    .map((f): SuggestedComponent => {
      const base = KEY_OF[f.kind];
      const n = (used.get(base) ?? 0) + 1;
      used.set(base, n);
      const key = n > 1 ? `${base}${n}` : base;
      return {
        id: hash64(`${f.kind}|${f.selector}`),
        key,
        kind: f.kind,
        occurrences: f.members.length,
        score: Math.round(Math.min(1, f.score) * 100) / 100,
        definition: { name: n > 1 ? `${NAME_OF[f.kind]} ${n}` : NAME_OF[f.kind], targetId: "", selector: f.selector, exampleUrls: [url], fields: fieldsFor(f.kind, f.members.map(observe)) },
        sample: sample(f.members[0]),
      };
    });
}
