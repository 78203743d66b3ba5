/**
 * Label cells: "<div>Autor</div><div>Peter Middel</div>", "<dt>Autor</dt><dd>…</dd>", "<th>Verfasser</th><td>…</td>".
 * A label without a colon, its value in the next cell of a two-cell pair.
 */
import { collapse, tagOf } from "../html";
import type { Layout } from "./layout";

/** Words that name the writer's role: "Autorin", "Author(s)", "Verfasser". */
export const AUTHOR_WORDS = "autor(?:in|en|innen)?|authors?|author\\(s\\)|auteurs?|auteur\\(s\\)|verfasser(?:in)?";
/** A label cell's whole text: "Autor", "Verfasser", "Author" (no colon; not "Text", a data table's row as often). */
export const LABEL_CELL = new RegExp(`^\\s*(?:${AUTHOR_WORDS})\\s*$`, "i");

/** The value beside a label cell: the next cell of a two-cell pair (`<dt>`/`<dd>`, `<th>`/`<td>`, two `<div>`s in a row), if short. */
export function valueCell(el: Element): string | null {
  const next = el.nextElementSibling;
  const parent = el.parentElement;
  if (!next || !parent) return null;
  const pair = tagOf(next) === "dd" || tagOf(next) === "td" || parent.children.length === 2;
  const text = collapse(next.textContent ?? "");
  return pair && text && text.length <= 60 ? text : null;
}

/**
 * The page's one author label cell outside the article: the article's facts in a box beside it
 * (flvw.de's sidebar lists "Datum", "Autor", "Foto(s)", each a label and a value). Only when the page
 * has one such pair, neither a link nor a menu ("<a>Autoren</a><ul>…</ul>" is a site's page tree): a
 * listing repeats its teasers' authors.
 */
export function infoBoxAuthor(layout: Layout): { el: Element; value: string } | null {
  let found: { el: Element; value: string } | null = null;
  for (const el of layout.elements) {
    if (el.children.length || !LABEL_CELL.test(el.textContent ?? "") || el.closest("a")) continue;
    const value = valueCell(el);
    const next = el.nextElementSibling;
    if (!value || !next || /^(?:ul|ol|a)$/.test(tagOf(next))) continue;
    if (found) return null;
    found = { el, value };
  }
  return found && !layout.near(found.el) && !layout.inArticle(found.el) ? found : null;
}
