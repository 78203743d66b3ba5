/** The dates `<time>` elements give: their `datetime`, or the day their text shows. */
import { tagOf, textOf } from "../html";
import type { Collector, ReadContext } from "./collect";
import { findDate, normalizeDate } from "./dates";
import { isNoise, type Layout, markOf } from "./layout";

/**
 * The day a `<time>` without `datetime` shows. Its text, or that of one of its children where they run
 * together: a site that writes the day twice, long and short, for wide and narrow screens
 * ("<span class=hidden-xs>Jueves, 21 de Abril de 2022</span><span class=hidden-lg>21/04/2022</span>").
 */
function timeText(time: Element, ctx: ReadContext): string | undefined {
  const whole = findDate(textOf(time), ctx.language, ctx.now)?.iso;
  if (whole) return whole;
  for (const child of Array.from(time.children)) {
    const own = findDate(textOf(child), ctx.language, ctx.now)?.iso;
    if (own) return own;
  }
  return undefined;
}

export function readTimes(col: Collector, ctx: ReadContext, layout: Layout): void {
  for (const time of layout.elements.filter((el) => tagOf(el) === "time")) {
    // A sidebar that heads the article (its headline, standfirst and date in a sticky column) is the
    // article's: its date is read where it stands near the headline.
    if (isNoise(time) && !layout.near(time)) continue;
    const datetime = time.getAttribute("datetime");
    const value = datetime ? normalizeDate(datetime, ctx.language, ctx.now) : timeText(time, ctx);
    if (!value) continue;
    const own = markOf(time).toLowerCase();
    let around = own;
    for (let cur = time.parentElement, i = 0; cur && i < 3; cur = cur.parentElement, i++) around += ` ${markOf(cur).toLowerCase()}`;
    const published = /publi|posted|pubdate|veröffentlicht|erschienen|created/.test(around) || time.hasAttribute("pubdate");
    // HTML's pubdate attribute marks the publication date, whatever the class says ("<time class=updated pubdate>").
    const modified = /updat|modif|aktualisiert|edited|revised|actualiz/.test(own) && !/publi|posted|pubdate/.test(own) && !time.hasAttribute("pubdate");
    const inArticle = layout.inArticle(time);
    const near = layout.near(time);
    let strength = 0.5 + (inArticle ? 0.07 : 0) + (near ? 0.08 : 0) + (published ? 0.08 : /date|time|meta|byline/.test(around) ? 0.04 : 0);
    if (!datetime) strength -= 0.1;
    const where = inArticle ? "in the article" : near ? `near the ${layout.headlineTag}` : "on the page";
    col.add(modified ? "dateModified" : "datePublished", value, `${datetime ? "<time datetime>" : "<time> text"} ${where}`, Math.round(strength * 100) / 100, "time", time);
  }
}
