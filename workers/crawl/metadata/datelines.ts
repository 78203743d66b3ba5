/**
 * Publication dates the page writes without a `<time>` element: the date line under the headline
 * ("Veröffentlicht am 16.08.2019", "November 22, 2011 ⋅ Email this post"), elements whose class
 * names a date ("post-date", "entry-meta"), and the day in the URL's path (/2019/08/02/). Also the
 * other thing a dateline tells: the news agency that opens a report ("Hamburg (dpa/lno) –"), an author.
 */
import { collapse, hiddenFromAll, tagOf } from "../html";
import type { Collector, ReadContext } from "./collect";
import { findDate, isDateOnly, isoDay, plausibleDate } from "./dates";
import { inComments, isNoise, type Layout } from "./layout";
import { titleParts } from "./title";

/** Classes, ids and itemprops of date lines. */
const DATE_MARK = /date|time|publi|posted|submitted|datum|fecha|data|meta|byline|info|stamp/i;
/** Words that introduce the publication date, in the languages the readers know. */
const PUBLISHED_WORDS = /publi|posted|veröffentlicht|erschienen|erstellt|geschrieben|datum|date|fecha|uploaded|created|\b(?:am|vom|on|le|el|il)\s*:?\s*$/i;
/** How a label says it dates the publication: "Erstellt am:", "Veröffentlicht am", "Published on". */
const PUBLISHED_BY = String.raw`^\s*(?:veröffentlicht|erstellt|publiziert|erschienen|published|posted|publié|mise? en ligne|publicado|pubblicato)(?:\s+(?:am|on|le|el|il))?\s*:?\s*`;
/** A line that opens with such a label, the date after it. */
const PUBLISHED_LABEL = new RegExp(`${PUBLISHED_BY}\\d`, "i");
/**
 * How a label says it dates the page's last update: "Aktualisiert am", "Zuletzt geändert:", "Last updated:",
 * "Mis à jour le". The whole introduction of the line (a name may not come before it).
 */
const UPDATED_WORDS = String.raw`^\s*(?:(?:zuletzt\s+)?(?:aktualisiert|geändert|bearbeitet)(?:\s+am)?|(?:last\s+)?(?:updated|modified|changed)(?:\s+on)?|(?:mis à jour|actualizado|aggiornato)(?:\s+(?:le|el|il))?)\s*:?\s*`;
const UPDATED_BY = new RegExp(`${UPDATED_WORDS}$`, "i");
/** A line that opens with such a label, the date after it. */
const UPDATED_LABEL = new RegExp(`${UPDATED_WORDS}\\d`, "i");
/**
 * The label in an element of its own, the date in the next: "<span>Erschienen am:</span> <h2>13.10.2021</h2>",
 * "<div>Datum</div><div>31.01.2022</div>", "<p>Mise en ligne</p><p>23 mai 2019</p>". "Datum" alone is a
 * label only so, over a date of its own (on a line, "Datum: …" dates an event as often).
 */
const PUBLISHED_LABEL_ALONE = new RegExp(`${PUBLISHED_BY}$|^\\s*(?:datum|date|fecha)\\s*:?\\s*$`, "i");
/** How the dateline of a lead paragraph opens: what the text is, or that it was published. */
const DATELINE_WORDS = /^\s*(?:press(?:e)?(?:mitteilung|meldung|information|release)|medienmitteilung|mitteilung|meldung|nachricht|artikel|beitrag|news|veröffentlicht|published|posted|erschienen)\b[^.!?]{0,25}$/i;
/**
 * "Stand: 28.04.2020 18:00 Uhr": German news sites (the ARD's among them) date an article by when it
 * was last brought up to date, and show no other date; readers take it as the article's. Only as the
 * whole introduction of a line by the headline (a name may come before it: "Sara Zinnecker Stand: …").
 */
const STAND = /(?:^|\s)stand(?:\s+des\s+(?:artikels|beitrags|textes))?\s*:?\s*$/iu;
/**
 * Words that introduce another date: an update, an event, a deadline, a game's or a film's release
 * ("Release: 14.11.2019"; not a press release), a comment. Each at a word's start
 * ("Stand", not "Abstand" or "Zustand"; "event", not "prevent"; "Termin", not "determine").
 */
const OTHER_WORDS = /(?<!\p{L})(?:updat|aktualisiert|geändert|modifi|actualiz|mis à jour|edited|revised|stand(?!\p{L})|event|termin|deadline|frist|bis(?!\p{L})|until|(?<!press\s|presse\s)release(?!\p{L})|reply|antwort|sagt|says|wrote|schrieb|copyright)|©|\(c\)/iu;

/** A weekday's name and a separator before a date ("Freitag | ", "Monday, ", "Mi., "), in the languages dates are read in. */
const WEEKDAY_BEFORE = /^[\s|•·–-]*(?:mon|tues|wednes|thurs|fri|satur|sun)day[\s,|•·–-]*$|^[\s|•·–-]*(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|mo|di|mi|do|fr|sa|so|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica)\.?[\s,|•·–-]*$/iu;

/** Before a press release's day: nothing, or its place ("Bern, ", "Karlsruhe, (", "Hamburg, den "). */
const PLACE_BEFORE = /^\s*(?:\p{Lu}[\p{L}.'-]+(?:[ /-]\p{Lu}?[\p{L}.'-]+){0,2}\s*,\s*(?:den\s+|le\s+|el\s+)?\(?)?$/u;
/** After it: a dash ("17.08.2007 - Rede …", "29.11.2022 – Mehrfach …") or a full stop ("(12.11.2021). Traditionell …"). */
const DATELINE_AFTER = /^\s*\)?\s*(?:[-–—]\s|\.\s+\p{Lu})/u;

/** Of a longer text by the headline, the opening read for a dateline. */
const LEAD_CHARS = 80;
/** At most this many lines are read with chrono (it is slow on big pages). */
const MAX_LINES = 40;
const LINE_TAGS = new Set(["p", "span", "div", "small", "li", "dd", "em", "strong", "b", "i", "abbr", "font", "td", "a", "address", "header", "section", "h2", "h3", "h4", "h5", "h6"]);
const HEADINGS = "h1, h2, h3, h4, h5, h6";

const markOf = (el: Element) => `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""} ${el.getAttribute("itemprop") ?? ""}`;

function marked(el: Element): boolean {
  for (let cur: Element | null = el, i = 0; cur && i < 3; cur = cur.parentElement, i++) if (DATE_MARK.test(markOf(cur))) return true;
  return false;
}

/**
 * A paragraph, or a bold lead that opens its block ("<strong>Karlsruhe, (12.11.2021). Traditionell …</strong>"
 * as the first words of the text).
 */
function opensParagraph(el: Element, text: string): boolean {
  const tag = tagOf(el);
  if (tag === "p") return true;
  if (tag !== "strong" && tag !== "b") return false;
  return collapse(el.parentElement?.textContent ?? "").startsWith(text.slice(0, 40));
}

/** Date lines of the page: short texts with a written date near the headline or in a date element. */
export function readDateLines(col: Collector, ctx: ReadContext, layout: Layout): void {
  let read = 0;
  let found = 0;
  const brokenLines: { el: Element; line: string }[] = [];
  for (const el of layout.elements) {
    if (read >= MAX_LINES || found >= 3) break;
    if (!LINE_TAGS.has(tagOf(el))) continue;
    const text = collapse(el.textContent ?? "");
    if (text.length < 6 || !/\d/.test(text)) continue;
    // A line of its own inside a longer block, between line breaks, that says it dates the publication:
    // "Letzte Änderung: 31.10.2023<br>Erschienen am: 01.11.2023<br>Lesungen: 61" (a review's footer).
    // Read only where the page has one such line (a list of teasers has one per teaser) and no other date line.
    const broken = text.length > 80 && !layout.near(el) ? labelledLine(el) : null;
    if (broken !== null && !inComments(el) && !hiddenFromAll(el)) brokenLines.push({ el, line: broken });
    // A longer text is read only for a date line it opens, and only as a paragraph by the headline or
    // the body's lead: "Pressemitteilung vom 25. Januar 2022 | Berlin – Die …", a press release's
    // dateline. (Checked first: the containers of a big page are long texts too, and cheap to drop.)
    const opens = text.length > 120;
    const paragraph = opens && opensParagraph(el, text);
    // After a standfirst, the paragraph that opens the text may carry the press dateline instead.
    const second = paragraph && layout.second(el);
    if (opens && !(paragraph && (layout.near(el) || layout.lead(el) || second))) continue;
    const near = opens || layout.near(el);
    const above = !near && layout.above(el);
    const dated = marked(el);
    // Elsewhere in the article, a short line that says it dates the publication ("Erstellt am: 30.01.2022").
    const labelled = !near && !above && !dated && text.length <= 80 && (PUBLISHED_LABEL.test(text) || UPDATED_LABEL.test(text)) && layout.inArticle(el);
    // Anywhere, a date alone in the element after such a label (a short one: read only then).
    const label = text.length <= 40 ? el.previousElementSibling : null;
    const afterLabel = !!label && (label.textContent ?? "").length <= 60 && PUBLISHED_LABEL_ALONE.test(collapse(label.textContent ?? ""));
    if (!near && !above && !dated && !labelled && !afterLabel) continue;
    const raw = opens ? text.slice(0, LEAD_CHARS) : text;
    // The innermost element that holds the whole line (<time> elements are read as such, below). A child
    // of a tag no line is read from (<date>19.11.2012</date>) leaves the line to its parent.
    if (Array.from(el.children).some((c) => LINE_TAGS.has(tagOf(c)) && collapse(c.textContent ?? "") === text)) continue;
    // The date after its label may stand in a box beside the article (its credits, its facts); not in the comments.
    if (el.closest("time") || el.querySelector("time") || (isNoise(el) && !(afterLabel && !inComments(el))) || hiddenFromAll(el)) continue;
    // In a heading, only a date line: the headline's date kicker ("27.01.2022" over the title), never
    // a headline that mentions a day.
    const inHeading = !!el.closest(HEADINGS);
    if (inHeading && !(near || above || afterLabel)) continue;
    read++;
    const date = findDate(raw, ctx.language, ctx.now) ?? shortYearDate(raw, ctx.now);
    if (!date) continue;
    // A line by the headline that starts with its date may go on: "02.02.2022 • News, Press", "Freitag | 14. Juni 2019 | 15:49 von …".
    const leads = (date.index <= 2 || WEEKDAY_BEFORE.test(raw.slice(0, date.index))) && (near || above || dated) && raw.length <= 80;
    // Inside a heading, such a line is a part of it (a <small> under the headline), not the heading.
    if (inHeading && date.text.length < 0.8 * raw.length && !(leads && !/^h\d$/.test(tagOf(el)))) continue;
    const before = raw.slice(0, date.index);
    // "Veröffentlicht am", "Posted on": an introduction is short; a long text before is a sentence.
    const introduced = before.length <= 40 && PUBLISHED_WORDS.test(before);
    // A lead paragraph's own dateline names what it is; "at the meeting on 12 March" does not.
    // A press release's dateline: "Bern, 17.08.2007 - Rede von …", "Karlsruhe, (12.11.2021). Traditionell …",
    // "29.11.2022 – Mehrfach …": the place (or nothing), the day, then a dash or a full stop.
    const press = PLACE_BEFORE.test(before) && DATELINE_AFTER.test(raw.slice(date.index + date.text.length));
    if (opens && !(introduced && DATELINE_WORDS.test(before) && !second) && !press) continue;
    // A sentence that mentions a date is not a date line.
    if (date.text.length < 0.35 * raw.length && !introduced && !leads && !press) continue;
    const stand = (near || above) && before.length <= 40 && STAND.test(before);
    if (OTHER_WORDS.test(before) && !stand) {
      // The page's last update, as a line says it: the article's date when the page shows no other (see updateStandsIn).
      if (UPDATED_BY.test(before) && !opens) col.add("dateModified", date.iso, "visible update date line", 0.6, "date line", el);
      continue;
    }
    found++;
    const inArticle = layout.inArticle(el);
    let strength = 0.58 + (near || above ? 0.1 : 0) + (inArticle ? 0.04 : 0) + (introduced || afterLabel ? 0.06 : 0) + (/date|publi/i.test(markOf(el)) ? 0.04 : 0) - (found > 1 ? 0.08 : 0);
    strength = Math.round(strength * 100) / 100;
    const line = stand ? `visible "Stand" date line` : "visible date line";
    const where = el.closest("h1") ? "visible date in the h1" : second ? `${line} opening the text` : near ? `${line} under the ${layout.headlineTag}` : above ? `${line} above the ${layout.headlineTag}` : afterLabel ? "visible date after its label" : "visible date element";
    col.add("datePublished", statedReading(date, col), where, strength, "date line", el);
  }
  if (brokenLines.length !== 1 || found > 0) return;
  const { el, line } = brokenLines[0]!;
  const date = findDate(line, ctx.language, ctx.now);
  if (date && date.text.length >= 0.35 * line.length) col.add("datePublished", statedReading(date, col), "visible date line after its label", 0.64, "date line", el);
}

/** The first line of `el` between its own `<br>`s that opens with a publication label and holds a date ("Erschienen am: 01.11.2023"). */
function labelledLine(el: Element): string | null {
  if (!Array.from(el.children).some((c) => tagOf(c) === "br")) return null;
  let line = "";
  const nodes = Array.from(el.childNodes);
  for (let i = 0; i <= nodes.length; i++) {
    const n = nodes[i];
    if (!n || (n.nodeType === 1 && tagOf(n as Element) === "br")) {
      const text = collapse(line);
      if (text.length <= 80 && PUBLISHED_LABEL.test(text)) return text;
      line = "";
    } else line += n.textContent ?? "";
  }
  return null;
}

/**
 * A day written in figures with slashes whose day and month could be either way round: "05/08/2019".
 * (Dots are day first wherever they are written: "01.11.2023" is the 1st of November.)
 */
const EITHER_WAY = /(?<!\d)(0?[1-9]|1[0-2])\/(0?[1-9]|1[0-2])\/(?:19|20)\d{2}(?!\d)/;

/**
 * The day a line shows in figures, read the way the page's markup states it: "05/08/2019" on a German
 * page whose JSON-LD says 2019-05-08 is the 8th of May (the site writes the month first), not the 5th
 * of August. Otherwise the reading of the page's language.
 */
function statedReading(date: { iso: string; text: string }, col: Collector): string {
  const m = EITHER_WAY.exec(date.text);
  if (!m || Number(m[1]) === Number(m[2])) return date.iso;
  const swapped = `${date.iso.slice(0, 4)}-${date.iso.slice(8, 10)}-${date.iso.slice(5, 7)}${date.iso.slice(10)}`;
  const stated = new Set(col.list("datePublished").filter(isStated).map((c) => c.value.slice(0, 10)));
  return stated.has(swapped.slice(0, 10)) && !stated.has(date.iso.slice(0, 10)) ? swapped : date.iso;
}

/** "31.10.23", "| 31.10.23", "Kultur, 2.11.22" (its section before it): a day with a two-digit year, the whole line. */
const SHORT_YEAR = /^(?:\p{Lu}\p{L}{2,20},\s*)?[\s|•·–-]*(0?[1-9]|[12]\d|3[01])\.(0?[1-9]|1[0-2])\.(\d{2})[\s|•·–-]*$/u;

/**
 * A date line that is nothing but a day with a two-digit year, as news sites print it under the
 * headline ("31.10.23"): the year is this century's. Chrono leaves it (the year must be written whole),
 * and in running text it could be a version number, so only a whole line is read.
 */
export function shortYearDate(line: string, now: Date): { iso: string; index: number; text: string } | null {
  const m = SHORT_YEAR.exec(line);
  if (!m) return null;
  const iso = isoDay(`20${m[3]}`, m[2]!, m[1]!);
  return iso && plausibleDate(iso, now) ? { iso, index: m.index + m[0].indexOf(`${m[1]}.${m[2]}.`), text: line.trim() } : null;
}

/** A day written in the URL's path: /2019/08/02/, /2016-04-15/, /20200102/. */
const URL_DAY = /(?:^|\/)((?:19|20)\d{2})([/-])(0?[1-9]|1[0-2])\2(0?[1-9]|[12]\d|3[01])(?=[/_.-]|$)/;
const URL_COMPACT = /(?:^|\/)((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=\/)/;

/**
 * A day written day first in the path: "/29-10-2021", "_vom_22.04.2020_". With dots it is read as
 * Europe writes it (day.month.year); with dashes only where the first number cannot be a month.
 */
const URL_DAY_FIRST = /(?:^|[/_-])(0?[1-9]|[12]\d|3[01])([.-])(0?[1-9]|1[0-2])\2((?:19|20)\d{2})(?=[/_.-]|$)/;
function dayFirst(path: string): string[] | null {
  const m = URL_DAY_FIRST.exec(path);
  if (!m || (m[2] === "-" && Number(m[1]) <= 12)) return null;
  return [m[4], m[3], m[1]];
}

export function urlDate(url: string, now: Date): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const m = URL_DAY.exec(path);
  const parts = m ? [m[1], m[3], m[4]] : (URL_COMPACT.exec(path)?.slice(1, 4) ?? dayFirst(path));
  if (!parts) return null;
  const iso = isoDay(parts[0]!, parts[1]!, parts[2]!);
  return iso && plausibleDate(iso, now) ? iso : null;
}

export function readUrlDate(col: Collector, ctx: ReadContext): void {
  col.add("datePublished", urlDate(ctx.finalUrl, ctx.now), "day in the URL", 0.72, "url");
}

/** A written day with its month and year: "19.01.2020", "08.11.21", "2021-11-08", "26 Oktober 2010", "May 4, 2021" (not "März 2021"). */
const FULL_DAY = /\d{1,2}\.\s?\d{1,2}\.\s?\d{2}(?:\d{2})?\b|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4}|\d{1,2}\.?\s+\p{L}+\.?\s+\d{4}|\p{L}+\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}/u;

/**
 * A part of the `<title>` that is a day and nothing else: "Berlin confronts … | DW | 19.01.2020",
 * "08.11.2021 | Online-Fachtag …". Sites that date their titles date them by publication; the end
 * of a span ("Wochenbericht 14. - 20. Januar 2022") is no such date.
 */
export function readTitleDate(col: Collector, ctx: ReadContext, title: string): void {
  const parts = titleParts(title);
  for (const [i, part] of parts.entries()) {
    if (part.length > 30 || !FULL_DAY.test(part) || !isDateOnly(part, ctx.language, ctx.now)) continue;
    // "Wochenbericht 14. - 20. Januar 2022": the end of a span of days, not a day.
    if (i > 0 && /\d\.?$/.test(parts[i - 1]!)) return;
    const date = findDate(part, ctx.language, ctx.now);
    if (date) col.add("datePublished", date.iso, "<title>'s date part", 0.6, "title");
    return;
  }
}

/** A moment stated in UTC ("2020-02-25T02:25:54Z", "…+00:00"): its day is Greenwich's, not the site's. */
const UTC_STAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]00:?00)$/;
/** The widest offsets from UTC that places keep: UTC−12 to UTC+14. */
const WEST_HOURS = 12;
const EAST_HOURS = 14;

/**
 * A structured date-time in UTC against the day the page shows. A story posted at 21:25 in New York
 * is stamped 02:25Z the next day, while its date line, its URL and its readers say the day before.
 * When the page shows a neighbouring day on which the moment falls in some time zone, that shown day
 * is the local publication day: the UTC value takes it, and the two sources agree.
 */
export function alignUtcDays(col: Collector): void {
  for (const field of ["datePublished", "dateModified"] as const) {
    const list = col.list(field);
    const shownDays = new Set(list.filter((c) => SHOWN_FAMILIES.has(c.family) && /^\d{4}-\d{2}-\d{2}$/.test(c.value)).map((c) => c.value));
    if (!shownDays.size) continue;
    col.replace(
      field,
      list.map((c) => {
        const m = UTC_STAMP.exec(c.value);
        if (!m || shownDays.has(m[1])) return c;
        const moment = Date.parse(c.value);
        const local = [...shownDays].find((day) => {
          const start = Date.parse(`${day}T00:00:00Z`);
          return Math.abs(start - Date.parse(`${m[1]}T00:00:00Z`)) === DAY_MS && moment >= start - EAST_HOURS * HOUR_MS && moment < start + DAY_MS + WEST_HOURS * HOUR_MS;
        });
        return local ? { ...c, value: local, provenance: `${c.provenance} (in the page's time zone)` } : c;
      }),
    );
  }
}
const SHOWN_FAMILIES = new Set(["date line", "url", "time"]);

/** Families that state a date in the page's markup, unseen by readers. */
const STATED_FAMILIES = new Set(["jsonld", "og", "twitter", "dc", "microdata", "rdfa"]);
const isStated = (c: { family: string }) => STATED_FAMILIES.has(c.family) || c.family.startsWith("meta ");

/**
 * A publication day the page shows by its headline ("27.01.2022" under the h1), or after a label that
 * says it is the publication's ("Erschienen am:"), against a different day its markup states: readers
 * go by the day shown, and templates stamp the markup with the day the page was created or last
 * touched. The stated day ranks below the shown one.
 */
export function preferShownDay(col: Collector): void {
  const list = col.list("datePublished");
  const shown = list.filter((c) => c.family === "date line" && /(?:under|above|in) the h[12]|after its label/.test(c.provenance));
  if (!shown.length) return;
  const days = new Set(shown.map((c) => c.value.slice(0, 10)));
  if (days.size > 1) return;
  const best = Math.max(...shown.map((c) => c.strength));
  col.replace(
    "datePublished",
    list.map((c) => {
      if (!isStated(c) || days.has(c.value.slice(0, 10)) || c.strength < best) return c;
      return { ...c, strength: Math.round((best - 0.05) * 1000) / 1000, provenance: `${c.provenance} (the page shows another day)` };
    }),
  );
}
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A news agency's code in the dateline that opens a paragraph at the article's start ("Wien (epdÖ) –", "Hamburg (dpa/lno) –"):
 * the report's author when no one else is credited. An agency's code is in lower case ("dpa",
 * "dpa/lno") or in capitals ("AFP", "KNA"), or a known name ("Reuters"); a place in brackets
 * ("Rostow (Russland) -") is none.
 */
const AGENCY_DATELINE = /(?:^|\n)\s*\p{Lu}[\p{L}.\/ -]{1,30}?\s*\(([\p{Ll}][\p{Ll}\p{Lu}]{1,7}(?:\/[\p{L}]{1,6})*|\p{Lu}{2,6}(?:\/[\p{L}]{1,6})*|Reuters|Xinhua|Keystone-SDA|Keystone-ATS)\)\s*[–—-]\s/u;

export function readAgencyDateline(col: Collector, mainText: string | undefined): void {
  const match = AGENCY_DATELINE.exec((mainText ?? "").slice(0, 400));
  if (match) col.add("author", match[1], "visible news agency in the article's dateline", 0.45, "agency");
}

/**
 * A page whose only date is its update line ("Aktualisiert am 17.01.2021.", "Last updated: 13 July 2020")
 * presents that day as the article's: it is proposed as the publication date, below every date a page
 * states as such, and named for what it is.
 */
export function updateStandsIn(col: Collector): void {
  if (col.list("datePublished").length) return;
  const lines = col.list("dateModified").filter((c) => c.provenance === "visible update date line");
  const days = new Set(lines.map((c) => c.value.slice(0, 10)));
  if (days.size !== 1) return;
  const [line] = lines;
  col.replace("datePublished", [{ ...line!, strength: 0.5, provenance: "visible update date line (the page shows no other date)" }]);
}
