/**
 * A saved page as the numbered text blocks a reader sees, for labelling its main content by hand.
 *
 * Every run of text between two block boundaries (a block-level element starting or ending, a <br>) is
 * one block, in document order, with a short hint of where it sits (the landmark around it, the block
 * element's tag, class and id). A labeller names the blocks that are the page's main content; the
 * truth text is those blocks' text, joined. The blocks come from the page alone: nothing of the
 * product's extraction is shown or used.
 */
import { parseHTML } from "linkedom";

export interface TextBlock {
  /** 1-based position in the page. */
  n: number;
  /** Where the block sits: landmarks around it, then its block element (`nav>li.menu-item`). */
  hint: string;
  text: string;
}

/** Elements whose content a reader never sees as text. */
const SKIP = new Set(["script", "style", "noscript", "template", "svg", "math", "head", "iframe", "object", "embed", "select", "canvas", "audio", "video", "map"]);

/** Elements that start and end a block of text. */
const BLOCK = new Set([
  "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "dir", "div", "dl", "dt",
  "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "html", "legend",
  "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "button", "option", "label",
]);

const LANDMARK = new Set(["header", "nav", "main", "article", "aside", "footer", "form", "figure", "table", "blockquote"]);

function hidden(el: Element): boolean {
  if (el.hasAttribute("hidden")) return true;
  const style = (el.getAttribute("style") ?? "").replace(/\s+/g, "").toLowerCase();
  return style.includes("display:none") || style.includes("visibility:hidden");
}

function describe(el: Element): string {
  const tag = el.tagName.toLowerCase();
  const id = el.getAttribute("id");
  const cls = (el.getAttribute("class") ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 2).join(".");
  return `${tag}${cls ? `.${cls}` : ""}${id ? `#${id}` : ""}`.slice(0, 40);
}

/** The page's text blocks, numbered from 1, empty ones left out. */
export function textBlocks(html: string): TextBlock[] {
  const { document } = parseHTML(html) as unknown as { document: Document };
  const blocks: TextBlock[] = [];
  let text = "";
  let hint = "";
  const flush = () => {
    const t = text.replace(/\s+/g, " ").trim();
    if (t) blocks.push({ n: blocks.length + 1, hint, text: t });
    text = "";
  };
  const hintOf = (el: Element, landmarks: string[]) => {
    const own = describe(el);
    // The two nearest landmarks are enough to place a block; more only lengthens every line.
    return (landmarks.at(-1) === own ? landmarks : [...landmarks, own]).slice(-3).join(">");
  };
  const walk = (node: Node, block: Element, landmarks: string[]) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        if (!text) hint = hintOf(block, landmarks);
        text += child.nodeValue ?? "";
        continue;
      }
      if (child.nodeType !== 1) continue;
      const el = child as Element;
      const tag = el.tagName.toLowerCase();
      if (SKIP.has(tag) || hidden(el)) continue;
      if (tag === "br") {
        flush();
        continue;
      }
      if (tag === "img") {
        continue;
      }
      if (BLOCK.has(tag)) {
        flush();
        const inner = LANDMARK.has(tag) || el.getAttribute("role") === "navigation" || el.getAttribute("role") === "main" ? [...landmarks, describe(el)] : landmarks;
        walk(el, el, inner);
        flush();
      } else {
        // Inline elements add no space of their own, as a browser's text of the page has none:
        // a drop cap or a ruby reading stays part of its word.
        walk(el, block, landmarks);
      }
    }
  };
  const body = document.body ?? document.documentElement;
  walk(body, body, []);
  flush();
  return blocks;
}

/**
 * Block numbers from a list such as "3-17, 20, 22-40" (1-based, inclusive), checked against the page's
 * block count.
 */
export function parseRanges(spec: string, count: number): number[] {
  const out = new Set<number>();
  for (const part of spec.split(",").map((s) => s.trim()).filter(Boolean)) {
    const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (!m) throw new Error(`Not a block range: "${part}"`);
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    if (from < 1 || to > count || from > to) throw new Error(`Block range "${part}" is outside 1-${count}`);
    for (let i = from; i <= to; i++) out.add(i);
  }
  return [...out].sort((a, b) => a - b);
}
