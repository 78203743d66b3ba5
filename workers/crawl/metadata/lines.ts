/** A line of text as the page shows it: what follows an element on its line, an element's first line. */
import { collapse, tagOf } from "../html";

/** Line-breaking elements: a byline's name ends at the first of them. */
const BREAKS = new Set(["br", "p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "section", "article", "header", "footer", "time", "img", "figure"]);

/**
 * The text that follows `el` on its line, up to `max` characters: its next siblings, then its
 * parent's next siblings while `el` is the parent's last inline child ("<span><span>By</span></span><span>Jane</span>").
 */
export function textAfter(el: Element, max: number): string | null {
  let text = "";
  let cur: Element | null = el;
  for (let depth = 0; cur && depth < 3 && !text.trim(); depth++, cur = cur.parentElement) {
    for (let n = cur.nextSibling; n && text.length <= max; n = n.nextSibling) {
      if (n.nodeType === 1) {
        const child = n as Element;
        // "<b>Von:</b><br><br>Jane Doe": the name on the line after the label.
        if (tagOf(child) === "br" && !text.trim()) continue;
        if (BREAKS.has(tagOf(child)) || child.querySelector("br, p, div, li, time")) break;
        text += ` ${child.textContent ?? ""}`;
      } else if (n.nodeType === 3) text += n.textContent ?? "";
    }
  }
  const line = collapse(text);
  return line && line.length <= max ? line : null;
}

/** An element's text up to its first line break (`<br>` among its children). */
export function firstLine(el: Element): string {
  let text = "";
  for (const n of Array.from(el.childNodes)) {
    if (n.nodeType === 1 && tagOf(n as Element) === "br") {
      if (text.trim()) break;
    } else text += n.textContent ?? "";
  }
  return collapse(text);
}
