/**
 * Cards and links that lead to other stories: a row of teaser cards, a "read more" link, a link to
 * another page, a link on a line of its own. Read by the boilerplate filter (boilerplate.ts) and the
 * main content's lead (main-content.ts).
 */
import { collapse, tagOf } from "../html";
import { INLINE_TAGS, linkRatio, type PageStats } from "./stats";

/** A link that sends the reader to the rest of another text ("weiter lesen", "Read more", "Lire la suite"). */
export const READ_MORE =
  /^(?:weiter ?lesen|mehr lesen|mehr erfahren|(?:read|learn) more|more|mehr|weiter|continue reading|lire la suite|en savoir plus|leer más|leia mais|leggi (?:tutto|di più)|czytaj (?:więcej|dalej)|lees (?:meer|verder)|läs mer)\W*$/iu;

/** A link to a file (an image shown large, a PDF): it belongs to the figure or text around it. */
const FILE_LINK = /\.(?:jpe?g|png|gif|webp|avif|svg|bmp|tiff?|pdf|docx?|xlsx?|pptx?|zip|mp3|mp4|webm)$/i;

/** Whether `href` leads to another page than `base`: not a fragment, a script, a file or the page itself. */
export function elsewhere(href: string | null, base: string | undefined): boolean {
  if (!href || /^\s*(#|javascript:|mailto:|tel:)/i.test(href)) return false;
  try {
    const to = new URL(href, base ?? "http://invalid/");
    if (FILE_LINK.test(to.pathname)) return false;
    if (!base) return true;
    const from = new URL(base);
    return to.origin + to.pathname.replace(/\/$/, "") !== from.origin + from.pathname.replace(/\/$/, "");
  } catch {
    return false;
  }
}

/**
 * Whether nothing inline sits beside `el`: a block, a line break or its parent's edge on both sides. An
 * inline wrapper that holds only `el` ("<strong><a>…</a></strong>" after a sentence) stands for it.
 */
export function onItsOwnLine(el: Element): boolean {
  const words = (el.textContent ?? "").trim();
  let line = el;
  for (let up = el.parentElement; up && INLINE_TAGS.has(tagOf(up)) && (up.textContent ?? "").trim() === words; up = up.parentElement) line = up;
  const clear = (n: ChildNode | null, next: (n: ChildNode) => ChildNode | null): boolean => {
    while (n && n.nodeType === 3 && !(n.textContent ?? "").trim()) n = next(n);
    if (!n) return true;
    if (n.nodeType !== 1) return false;
    const t = tagOf(n as Element);
    return t === "br" || !INLINE_TAGS.has(t);
  };
  return clear(line.previousSibling, (n) => n.previousSibling) && clear(line.nextSibling, (n) => n.nextSibling);
}

const CARD_TAGS = new Set(["div", "article", "section", "figure", "li"]);
/** Letters a card may show before its title link (a kicker, a date). */
const TITLE_AFTER = 80;
/** A card's signature: its tag and classes, in any order. */
const signature = (el: Element) => `${tagOf(el)}.${(el.getAttribute("class") ?? "").trim().split(/\s+/).sort().join(".")}`;

/**
 * A row of three or more cards alike (one tag and class list), each a short text under a title that
 * links to another page, or under a heading of its own that a "read more" link to the page closes:
 * related stories with their excerpts, which link lists miss because most of their text is the
 * excerpt, not the link.
 */
export function cardRow(el: Element, stats: PageStats): boolean {
  // Empty slots between the cards (an ad's placeholder) are no cards, nor a short link of its own
  // ("Mehr News von Empa") after them.
  const moreLink = (child: Element) => stats.get(child).chars <= 60 && linkRatio(stats.get(child)) >= 0.95;
  const cards = Array.from(el.children).filter((card) => stats.get(card).chars > 0 && !moreLink(card));
  if (cards.length < 3 || !CARD_TAGS.has(tagOf(cards[0]))) return false;
  const shape = signature(cards[0]);
  // Its title: a link of a few words (or an image link that says them in its title attribute) to a page,
  // this one included: a row of the site's latest stories may list it too. Not a link inside a sentence
  // ("Die Stadt saniert <a>die Grundschule am Markt</a> bis zum Herbst"): a list of those is the story's.
  const titled = (a: Element) => {
    const words = (a.textContent ?? "").trim();
    return words ? words.length >= 15 && onItsOwnLine(a) : (a.getAttribute("title") ?? "").trim().length >= 15;
  };
  const toPage = (a: Element) => elsewhere(a.getAttribute("href"), undefined);
  return cards.every((card) => {
    const chars = stats.get(card).chars;
    if (signature(card) !== shape || chars < 20 || chars > 500) return false;
    // A title heads its card: at most a kicker or a date before it. A link after a paragraph of the card's
    // own ("… To know more: <a>Path-Goal Model</a>") is a reference of the text, as in a glossary's list.
    const text = collapse(card.textContent ?? "");
    const heads = (a: Element) => text.indexOf(collapse(a.textContent ?? "")) <= TITLE_AFTER;
    const links = Array.from(card.querySelectorAll("a[href]"));
    if (links.some((a) => titled(a) && toPage(a) && heads(a))) return true;
    // Or a heading of its own, and the card's last words a "read more" link to the story ("Mehr erfahren").
    const more = links[links.length - 1];
    const label = more ? collapse(more.textContent ?? "") : "";
    return !!more && READ_MORE.test(label) && text.endsWith(label) && toPage(more) && card.querySelector("h2, h3, h4, h5, h6") !== null;
  });
}

/** A label that points the reader to other stories ("Lesen Sie auch:", "Read also", "Mehr zum Thema"). */
const POINTER = /^(?:lesen sie (?:auch|mehr|dazu(?: auch)?)|lies auch|mehr (?:zum thema|dazu)|auch interessant|siehe auch|passend (?:dazu|zum thema)|das könnte (?:sie|dich|euch) auch interessieren|read (?:also|more|next)|also read|see also|related(?: (?:stories|articles|posts|content|news))?|further reading|more on this story|lire (?:aussi|également)|à lire aussi|voir aussi|lee también|lea también|leggi anche|vedi anche|czytaj (?:też|także)|zobacz (?:też|także))\W*$/iu;

/**
 * A block that is one link to another page, in a run of such blocks under a label that points to other
 * stories ("<p>Lesen Sie auch:</p><p><a>Turbulente Woche für VW-Chef Diess</a></p><p><a>…</a></p>"):
 * those stories' headlines, one paragraph each, not the article's.
 */
export function pointedStory(el: Element, stats: PageStats, base: string | undefined): boolean {
  const own = (b: Element) => {
    const s = stats.get(b);
    const links = b.querySelectorAll("a");
    return s.chars > 0 && s.chars <= 200 && s.link === s.chars && links.length === 1 && elsewhere(links[0]!.getAttribute("href"), base);
  };
  if (!own(el)) return false;
  let prev = el.previousElementSibling;
  while (prev && own(prev)) prev = prev.previousElementSibling;
  return !!prev && POINTER.test(collapse(prev.textContent ?? ""));
}
