/**
 * Metadata the page only shows: the h1, `<time>` elements (times.ts), bylines and the hero image (hero-image.ts);
 * author-links.ts reads `rel=author` links and links to the writer's archive. Comments, sidebars,
 * related lists and the page footer carry other people's names and other posts' dates, so nothing is
 * read from them.
 */
import { collapse, tagOf, textOf } from "../html";
import { Collector, isNameLike, type ReadContext, textKey } from "./collect";
import { type DateLanguage, findDate, isDateOnly } from "./dates";
import { readHeroImage } from "./hero-image";
import { AUTHOR_WORDS, infoBoxAuthor, LABEL_CELL, valueCell } from "./label-cells";
import { firstLine, textAfter } from "./lines";
import { isNoise, type Layout, rawLength, wordsOf } from "./layout";
import { readTimes } from "./times";


const BYLINE_WORDS = new Set(["submitted", "poster", "byline", "bylines", "author", "authors", "authorname", "authornames", "postauthor", "entryauthor", "articleauthor", "writer", "autor", "autoren", "autorin", "auteur", "auteurs", "contributor", "contributors", "verfasser", "creator", "createdby"]);
/** Parts of an author box that are not the name. */
const NOT_NAME_WORDS = new Set(["title", "role", "position", "job", "label", "date", "time", "avatar", "photo", "image", "img", "picture", "bio", "biography", "description", "desc", "follow", "social", "twitter", "email", "mail", "archive", "more", "posts", "count"]);
/** Role words that name no person: kept, but behind any real name. */
export const ROLE = /^(admin|administrator|red\.?|redaktion|editor|editors|editorial( team)?|staff|team|guest|gast|webmaster|anonymous|anonym|newsroom|rédaction|redacción|redazione|author|autor|the editors)$/i;
/** Words that open a byline before the name: "By", "Von", "par", "por", "di", "door", "av", "af". */
const OPENING_WORDS = "by|von|par|por|di|door|av|af";
/** Words that label the writer's name, with a colon or without one: "Autorin: Jane Doe", "Text Jane Doe". */
const NAME_LABEL_WORDS = `${AUTHOR_WORDS}|text|texte`;
/** Words that label the writer with a colon: "Autor:", "Author:", "Texte :", "Redaktion:". */
const WRITER_LABEL_WORDS = `${NAME_LABEL_WORDS}|redaktion|written by`;
/** The same with "Interview:", which credits the interviewer under a headline but rarely signs a text. */
const LABEL_WORDS = `${WRITER_LABEL_WORDS}|interview`;
/** What a byline calls the text before "von": "Ein Beitrag von", "Gastbeitrag von", "Blog Beitrag von", "Artikel von". */
const PIECE_WORDS = "(?:ein\\s+)?(?:(?:blog|gast)[-\\s]?)?(?:artikel|beitrag|bericht)";
const PIECE_BY = `${PIECE_WORDS}\\s+von`;
/**
 * A line that opens as a byline does, for the main-content filter (boilerplate.ts), which then wants
 * every name after it written as people write names: "Von Jane Doe", "Text: Jane Doe".
 */
export const BYLINE_OPENING = new RegExp(`^(?:(?:${OPENING_WORDS}|${PIECE_BY})\\s+|(?:${LABEL_WORDS})\\s*:\\s*)`, "i");
const PREFIX = new RegExp(`^(?:(?:redaktion|interview|text\\s+(?:und|&|and)\\s+interview)\\s*:\\s*|(?:(?:written|posted|published|reported|submitted|text|words|recipe|story)\\s+by|(?:rezept|erstellt|geschrieben|verfasst|gespeichert|eingestellt|${PIECE_WORDS})\\s+von|(?:publicado|escrito)\\s+por|(?:publié|écrit)\\s+par|(?:pubblicato|scritto)\\s+da|${OPENING_WORDS}|${NAME_LABEL_WORDS})\\s*:?\\s+)`, "i");

/** A cheap test before splitting attribute values into words. */
const BYLINE_HINT = /author|by-?line|writer|autor|auteur|contributor|verfasser|creat(?:or|edby)|posted-?by|submitted|poster/i;

/** Which byline class/id/itemprop/rel token an element carries, if any. */
function bylineMark(el: Element): string | null {
  for (const attr of ["class", "id", "itemprop", "rel"]) {
    const value = el.getAttribute(attr);
    if (!value || !BYLINE_HINT.test(value)) continue;
    // An itemprop inside an item is microdata, read as such.
    if (attr === "itemprop" && el.parentElement?.closest("[itemscope]")) continue;
    for (const token of value.split(/\s+/)) {
      const words = wordsOf(token);
      if (words.some((w) => NOT_NAME_WORDS.has(w))) continue;
      if (words.some((w) => BYLINE_WORDS.has(w)) || /by-?line|posted-?by/i.test(token)) return `${attr}="${token}"`;
    }
  }
  return null;
}

/**
 * The line without its "By " word. "Di" and "Von" also begin surnames ("Di Maio", "Von Trier"):
 * they are only dropped before a name of two words or more.
 */
function stripPrefix(line: string): string {
  const m = PREFIX.exec(line);
  if (!m) return line;
  const rest = line.slice(m[0].length);
  return /^(di|von)\s/i.test(m[0]) && rest.split(" ").length < 2 ? line : rest;
}

/** The name in a byline: "By Jane Doe | 5 min read" → "Jane Doe"; null when it is not a name. */
export function cleanByline(raw: string, language: DateLanguage, now: Date): string | null {
  let t = stripPrefix(collapse(raw).replace(/^[\s|·•—–-]+/, ""));
  // Every written date has a digit; chrono is slow, so it only reads lines that have one.
  const date = /\d/.test(t) ? findDate(t, language, now) : null;
  // "Posted on September 21, 2020 by Jane Doe": the name after the date, when a byline word leads it.
  const after = date ? t.slice(date.index + date.text.length) : "";
  if (date && /^[\s,]*(?:by|von|par|por|door|di)\s/i.test(after)) t = after.replace(/^[\s,]+/, "");
  else if (date) t = date.index > 0 ? t.slice(0, date.index) : t.slice(date.text.length);
  // "Zuletzt geändert am", "Last updated": a stamp's label in an author-classed box names nobody.
  if (STAMP_LABEL.test(t.trim())) return null;
  // "Text: Jane Doe Foto: John Roe": the photographer is credited after the writer.
  t = t.replace(/[\s,]+(?:fotos?|photos?|bild(?:er)?|illustrations?|grafik|video)\s*(?::|(?:von|by)\s).*$/i, "");
  // "Jane Doe/dpa", "Jane Doe/SP-X": the agency after a slash is not the name.
  t = t.replace(/\s*\/\s*[\p{L}][\p{L}-]{1,11}$/u, "");
  // "Jane Doe, NDR": the outlet in capitals after the last name is not a name either.
  t = t.replace(/,\s*\p{Lu}{2,6}$/u, "");
  // "Jane Doe (Pressesprecherin)": the role in brackets is not the name.
  t = stripPrefix(t).split(/\s+[|·•—–]\s+|\s+-\s+/)[0].replace(/\s*\([^)]*\)\s*$/, "");
  t = t.replace(/(?:[\s,;:|·•—–-]|(?<![\p{L}])(?:on|am|le|el|il|op|den|stand|posted|published|updated|publié|publiée|mis à jour|veröffentlicht|aktualisiert|erschienen|publicado|actualizado|pubblicato|gepubliceerd)(?![\p{L}]))+$/iu, "").replace(/^[\s,;:|·•—–-]+/, "");
  // "Text:" alone: the label of a credit whose name is in the next element.
  if (LABEL_ONLY.test(t)) return null;
  if (!isNameLike(t) || t.length > 80 || t.split(" ").length > 12 || /\d|@/.test(t)) return null;
  // "Yesterday", "Monday": dates without digits, short enough to pass for a name.
  if (t.split(" ").length <= 3 && isDateOnly(t, language, now)) return null;
  // A sentence is not a byline, nor is an exclamation or a question ("Endlich mehr Beschleunigung wagen!").
  if (/[!?]$/.test(t) || (/\.$/.test(t) && t.split(" ").length > 4)) return null;
  return t;
}

/** Words of a class that mark a picture's caption or credit ("credit video-credit", "caption", "copyright"). */
const PICTURE_WORDS = new Set(["credit", "credits", "caption", "copyright", "bildnachweis", "fotonachweis"]);

/** "By U.S. Customs and Border Protection" in a figure or a caption's credit: whose picture it is, not who wrote the text. */
function isPictureCredit(el: Element): boolean {
  if (el.closest("figure, figcaption")) return true;
  for (let cur: Element | null = el, i = 0; cur && i < 3; cur = cur.parentElement, i++) if (wordsOf(cur.getAttribute("class") ?? "").some((w) => PICTURE_WORDS.has(w))) return true;
  return false;
}

const LABEL_ONLY = new RegExp(`^(?:${LABEL_WORDS}|words|${OPENING_WORDS})$`, "i");

/** Labels of update stamps, which templates put in the same boxes as bylines. */
const STAMP_LABEL = /^(?:zuletzt\s+)?(?:geändert|aktualisiert|bearbeitet)\b|^(?:last\s+)?(?:updated|modified|edited|changed)\b|^(?:mis à jour|modifié|actualizado|aggiornato)\b/i;

const MAX_BYLINES = 24;
/** Elements that hold an unmarked "By Jane Doe" line. */
const LINE_TAGS = new Set(["p", "span", "div", "small", "address", "li", "strong", "em", "b", "i"]);
const CONTAINER_TAGS = new Set(["html", "body", "main", "article", "section", "meta", "link", "script", "img", "time"]);
export const isRelAuthor = (el: Element) => tagOf(el) === "a" && (el.getAttribute("rel") ?? "").toLowerCase().split(/\s+/).includes("author");

function readBylines(col: Collector, ctx: ReadContext, layout: Layout): void {
  // rel=author links are their own source; page-level containers ("single-author" on <body>) and
  // long blocks are not bylines. A listing repeats bylines per teaser: the first few matter.
  const marked = layout.elements
    .filter((el) => !CONTAINER_TAGS.has(tagOf(el)) && !isRelAuthor(el) && bylineMark(el) !== null && !isNoise(el) && rawLength(el) <= 200)
    .slice(0, MAX_BYLINES);
  const markedSet = new Set(marked);
  // The innermost marked element is the name; a container of several is a co-author line.
  const inner = new Map<Element, Element[]>();
  for (const el of marked) {
    for (let cur = el.parentElement; cur; cur = cur.parentElement) if (markedSet.has(cur)) inner.set(cur, [...(inner.get(cur) ?? []), el]);
  }
  const skip = new Set<Element>();
  const coAuthors = new Map<Element, Element[]>();
  for (const [el, members] of inner) {
    // "<div class=author><span class=author-from>von</span> Daniel Braun</div>": the one marked element
    // inside holds the byline word alone, and the name is the container's.
    if (members.length === 1 && LABEL_ONLY.test(textOf(members[0]!).replace(/[\s:]+$/, ""))) skip.add(members[0]!);
    else if (members.length === 1) skip.add(el);
    else {
      coAuthors.set(el, members);
      for (const x of members) skip.add(x);
    }
  }
  const nameOf = (el: Element) => cleanByline(textOf(namePart(el) ?? el) || el.getAttribute("content") || "", ctx.language, ctx.now);
  const headline = layout.headline ? textKey(textOf(layout.headline)) : null;
  const add = (el: Element, value: string | null, provenance: string, strength: number) => {
    // "Von Max Mustermann, 5. März 2024": the line dates the article too (unless a <time> does).
    const text = textOf(el);
    const date = el.querySelector("time") || !/\d/.test(text) ? null : findDate(text, ctx.language, ctx.now);
    if (date) col.add("datePublished", date.iso, "date in the visible byline", 0.6, "time", el);
    // A template that prints the headline in its author slot: the headline is nobody's name.
    if (!value || (headline !== null && textKey(value) === headline)) return;
    col.add("author", value, provenance, ROLE.test(value) ? strength - 0.25 : strength, "byline", el);
  };
  for (const el of marked) {
    if (skip.has(el)) continue;
    // Co-authors marked one by one are listed "A, B", whatever joins them on the page.
    const names = [...new Set((coAuthors.get(el) ?? []).map(nameOf).filter((n): n is string => !!n))];
    const value = names.length > 1 ? names.join(", ") : nameOf(el);
    if (layout.near(el)) add(el, value, `visible byline under the ${layout.headlineTag}`, 0.72);
    else add(el, value, `visible author element (${bylineMark(el)})`, layout.inArticle(el) ? 0.62 : 0.55);
  }
  // Unmarked "By Jane Doe" and "Autor: Jane Doe" lines between the headline and the body text,
  // and short ones elsewhere in the article (a signature at its end) when they read as a name.
  if (!layout.headline) return;
  const opens = (line: string) => BYLINE_START.test(line) || CREDIT_START.test(line);
  for (const el of layout.elements) {
    if (!LINE_TAGS.has(tagOf(el))) continue;
    const near = layout.near(el);
    const length = rawLength(el);
    if (length > 100 || (!near && !layout.inArticle(el))) continue;
    // "Von Jane Doe und John Roe<br>Kakuma / Kenia": the byline is the element's first line.
    const line = firstLine(el);
    if (!opens(line) || marked.some((m) => m.contains(el)) || isNoise(el) || isPictureCredit(el)) continue;
    const text = line === collapse(el.textContent ?? "") ? textOf(el) : line;
    // The innermost element that holds the whole line.
    if (!opens(text) || Array.from(el.children).some((c) => textOf(c) === text)) continue;
    const name = cleanByline(text, ctx.language, ctx.now);
    // A credit's opening words also open sentences ("Text von gestern …"): a name as people write it must follow.
    if (!BYLINE_START.test(text) && !(name && isWrittenName(name))) continue;
    if (near) add(el, name, `visible byline under the ${layout.headlineTag}`, 0.68);
    // "von Jane Doe" in a sentence is as often a book's or a quote's author: in the article, a label
    // counts, or a line that is a byline and nothing else ("Von Jane Doe und John Roe, NDR").
    else if (name && ((length <= 60 && BYLINE_LABEL.test(text) && isWrittenName(name)) || isByline(line))) add(el, name, "visible byline in the article", 0.56);
  }
  // The byline word in an element of its own, the name after it: "<span>By</span><a>Jane Doe</a>",
  // "<h5>Autor:</h5> Jane Doe<br>". The text runs together ("ByJane Doe"), so the lines above miss it.
  for (const el of layout.elements) {
    if (el.children.length || marked.some((m) => m.contains(el))) continue;
    const word = el.textContent ?? "";
    // "<div>Autor</div><div>Peter Middel</div>", "<dt>Autor</dt><dd>…</dd>": a label cell without a colon, its value in the next cell.
    const lone = LONE_BYLINE_WORD.test(word);
    const cell = !lone && LABEL_CELL.test(word) ? valueCell(el) : null;
    if ((!lone && !cell) || isNoise(el)) continue;
    const near = layout.near(el);
    if (!near && !layout.inArticle(el)) continue;
    const after = cell ?? textAfter(el, 80);
    if (!after) continue;
    // In the article, only a label counts ("Autor:", or a label cell), not a bare "von".
    const labelled = cell !== null || /:\s*$/.test(word);
    const name = cleanByline(after, ctx.language, ctx.now);
    const holder = el.parentElement ?? el;
    if (near) add(holder, name, `visible byline under the ${layout.headlineTag}`, 0.68);
    else if (name && labelled && isWrittenName(name)) add(holder, name, "visible byline in the article", 0.56);
  }
  // A person icon where the byline word would be: "<i class="fa fa-pencil"></i><span>Jane Doe</span>",
  // "<img src="/icons/user.svg">EFE", under the headline (elsewhere the same icon is the login link).
  for (const el of layout.elements) {
    if (el.children.length || (el.textContent ?? "").trim() || !isPersonIcon(el) || !layout.near(el) || isNoise(el) || el.closest("form, label, button, dialog")) continue;
    const after = textAfter(el, 60);
    const name = after ? cleanByline(after, ctx.language, ctx.now) : null;
    // Two words or more, or an agency's letters ("EFE"): one word beside such an icon is a link's ("Anmelden").
    if (name && isWrittenName(name) && (name.includes(" ") || /^\p{Lu}{2,6}$/u.test(name))) add(el.parentElement ?? el, name, `visible name beside an author icon under the ${layout.headlineTag}`, 0.6);
  }
  const box = infoBoxAuthor(layout);
  const boxName = box && cleanByline(box.value, ctx.language, ctx.now);
  if (box && boxName && isWrittenName(boxName)) add(box.el.parentElement ?? box.el, boxName, "visible author label beside the article", 0.5);
  const signature = readSignature(layout);
  if (signature) add(signature.el, signature.name, "visible signature at the end of the article", 0.5);
  // "<div class=right><span>Malte Welding</span> | 29.07.2006 um 14:26</div>" below the post: weaker than
  // under the headline, and only the page's one such line (a list of "date - band - venue" lines names no writer).
  const footers: { el: Element; name: string }[] = [];
  for (const el of layout.elements) {
    const line = datedLine(el, layout, ctx);
    if (!line) {
      const footer = datedLine(el, layout, ctx, true);
      if (!footer || besideDate(el, footer) === null) continue;
      // Each word a name's ("Hans-Peter", not "Aymz-"); a line with something else beside its date still counts as one.
      const name = nameBesideDate(el, footer);
      footers.push({ el, name: name && name.split(" ").every((w) => /^\p{Lu}[\p{L}'’.]*(?:-\p{Lu}[\p{L}'’.]*)?$/u.test(w)) ? name : "" });
      continue;
    }
    const name = nameBesideDate(el, line);
    if (name) col.add("author", name, `visible name beside the date under the ${layout.headlineTag}`, 0.6, "byline", el);
    const after = bylineAfterDate(line, ctx);
    if (after) add(el, after, `visible byline under the ${layout.headlineTag}`, 0.68);
  }
  if (footers.length === 1 && footers[0]!.name) col.add("author", footers[0]!.name, "visible name beside the date in the article", 0.5, "byline", footers[0]!.el);
}

type DatedLine = { text: string; date: { index: number; text: string } };

/**
 * A short line read once for its date: the innermost element that holds it, not in noise. Under the
 * headline (up to 120 characters), or with `below`, in the article away from it (up to 80: a post's footer line).
 */
function datedLine(el: Element, layout: Layout, ctx: ReadContext, below = false): DatedLine | null {
  if (!LINE_TAGS.has(tagOf(el))) return null;
  const placed = below ? !layout.near(el) && layout.inArticle(el) : layout.near(el);
  if (!placed || rawLength(el) > (below ? 80 : 120) || isNoise(el)) return null;
  const text = textOf(el);
  if (!/\d/.test(text) || Array.from(el.children).some((c) => textOf(c) === text)) return null;
  const date = findDate(text, ctx.language, ctx.now);
  return date ? { text, date } : null;
}

/**
 * After a date (and its time), the byline word, the name, perhaps the section, perhaps more after a bar:
 * "14. Juni 2019 | 15:49 VON Sina Giebel IN Fashion | 0 COMMENTS".
 */
const AFTER_DATE = new RegExp(`^[\\s|·•,–-]*(?:${OPENING_WORDS})\\s+([^|]+?)(?:\\s+(?:in|im|en|dans)\\s+[^|]{1,40})?(?:\\s*\\|.*)?$`, "i");
/** The name a date line by the headline goes on with, after the byline word ("06.11.2023 13:30 von Olga"), if it reads as a name. */
function bylineAfterDate({ text, date }: DatedLine, ctx: ReadContext): string | null {
  const m = AFTER_DATE.exec(text.slice(date.index + date.text.length).replace(/^\s*\|?\s*\d{1,2}:\d{2}(?:\s*(?:uhr|h))?/i, ""));
  if (!m) return null;
  const name = cleanByline(m[1]!, ctx.language, ctx.now);
  return name && isWrittenName(name) ? name : null;
}

/** What may stand between a date and a name on one line: "11.12.2019 - Jane Doe", "Jane Doe, 01.12.2021", "Jane Doe | 3. Mai 2022". */
const JOINS = ",|·•—–\\/-";
const JOINED_AFTER = new RegExp(`[${JOINS}]\\s*$`);
const JOINED_BEFORE = new RegExp(`^\\s*[${JOINS}]`);
const JOINS_AROUND = new RegExp(`^[\\s${JOINS}]+|[\\s${JOINS}]+$`, "g");

/**
 * What stands beside a date on its line, set off by a separator, when the other side holds nothing (or
 * the date's time): "11.12.2019 - Amelie Loevenich", "Janic Cathomen, 01.12.2021", "Malte Welding | 29.07.2006 um 14:26".
 * None where the line has a link (a section's or a tag's) or is a picture's credit.
 */
function besideDate(el: Element, { text, date }: DatedLine): string | null {
  if (rawLength(el) > 80 || el.querySelector("a") || isPictureCredit(el)) return null;
  // A space alone joins a label, not a name: "Datum 28.01.2022".
  const before = text.slice(0, date.index);
  const after = text.slice(date.index + date.text.length).replace(/^[\s,]*(?:um|at|à|a las|alle)?\s*\d{1,2}[:.]\d{2}(?:\s*(?:uhr|h|am|pm))?\s*$/i, "");
  if (before.trim() && after.trim()) return null;
  const side = before.trim() ? before : after;
  if (!(before.trim() ? JOINED_AFTER : JOINED_BEFORE).test(side)) return null;
  return side.replace(/\s+/g, " ").replace(JOINS_AROUND, "");
}

/** A person's name beside the date with no byline word: two to four capitalised words. */
function nameBesideDate(el: Element, line: DatedLine): string | null {
  const rest = besideDate(el, line);
  const words = rest?.split(" ") ?? [];
  if (!rest || words.length < 2 || words.length > 4 || /[\d:@,]/.test(rest) || !words.every((w) => /^\p{Lu}/u.test(w))) return null;
  return rest;
}

/** Words that start a closing line which names no one ("Weitere Informationen", "Mehr Infos"). */
const NOT_SIGNATURE = /^(?:mehr|weitere|weiterlesen|quelle|quellen|kontakt|fotos?|bilder?|links?|hinweis|anzeige|tags?|themen|share|teilen|related|read|more|comments?|kommentare?|vielen|danke|viel|herzliche|beste|liebe|schöne|frohe|ihr|ihre|euer|eure|dein|deine|your|best|kind|thanks|cheers|regards|grüße|gruß|update|nachtrag|fazit|info|infos|video|audio|podcast|galerie|gallery|copyright|impressum|datenschutz|zum|zur|zurück|weiter|nächste|vorherige|next|previous|back|go|jetzt|hier|click|download|subscribe|abonnieren)\b/i;

/**
 * A signature: the article's body text ends with a paragraph that holds only a name ("<p><b><i>Jane
 * Doe</i></b></p>" after the last paragraph), as agency reports and regional papers sign them. Two to
 * four capitalised words, no digit, no link; the paragraph before it is body text, and no paragraph follows.
 */
function readSignature(layout: Layout): { el: Element; name: string } | null {
  if (!layout.headline) return null;
  const paragraphs = layout.elements.filter((el) => tagOf(el) === "p" && layout.inArticle(el) && !isNoise(el));
  for (let i = paragraphs.length - 1; i >= 1; i--) {
    const el = paragraphs[i]!;
    const length = rawLength(el);
    if (!length) continue;
    if (length > 40 || el.querySelector("a, button, input")) return null;
    const name = collapse(el.textContent ?? "");
    const words = name.split(" ");
    if (words.length < 2 || words.length > 4 || /[\d@:.!?]/.test(name) || NOT_SIGNATURE.test(name) || !/^\p{Lu}/u.test(name) || !isWrittenName(name) || !words.every((w) => /^\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?$|^(?:von|van|der|de|du|da|di|la|le|zu)$/u.test(w))) return null;
    const before = paragraphs[i - 1]!;
    return rawLength(before) >= 100 && before.parentElement === el.parentElement ? { el, name } : null;
  }
  return null;
}

/**
 * The part of an author box that its markup names as the name ("author__info--name", "name"), when
 * the box also holds other text: a role, a tagline, the site's label ("linksc" + "Creating Search Engine API").
 */
function namePart(box: Element): Element | null {
  const whole = textOf(box);
  for (const el of Array.from(box.querySelectorAll("[class]"))) {
    if (!wordsOf(el.getAttribute("class") ?? "").includes("name")) continue;
    const text = textOf(el);
    if (text && text !== whole) return el;
  }
  return null;
}

/** An icon font's person or pen glyph (`fa-user`, `icon-pencil`, `glyphicon-user`), or an image file named so. */
const PERSON_ICON = /(?:^|\s)(?:fa|fas|far|icon|glyphicon|bi|dashicons|ion)-(?:user|user-o|user-circle|pencil|pen|person|author|feather|admin-users)(?:\s|$)/;
const PERSON_ICON_FILE = /\/(?:user|author|person|pencil|writer)\.(?:svg|png|gif)$/i;
function isPersonIcon(el: Element): boolean {
  const tag = tagOf(el);
  if (tag === "img") return PERSON_ICON_FILE.test((el.getAttribute("src") ?? "").split(/[?#]/)[0]);
  return (tag === "i" || tag === "span" || tag === "em") && PERSON_ICON.test(el.getAttribute("class") ?? "");
}

/** An element that holds nothing but the byline word: "By", "Von", "Von:", "Autor:". */
const LONE_BYLINE_WORD = new RegExp(`^[\\s|·•—–-]*(?:(?:${OPENING_WORDS})\\s*:?|(?:${LABEL_WORDS})\\s*:)\\s*$`, "i");

/** The start of an unmarked byline: "By", "Von", or a label with a colon ("Autor:", "Text:"). */
const BYLINE_START = new RegExp(`^[\\s|·•—–-]*(?:(?:${OPENING_WORDS}|(?:posted|written|submitted)\\s+by|(?:erstellt|geschrieben|verfasst|gespeichert|eingestellt|${PIECE_WORDS})\\s+von)(?:\\s|:\\s*\\S)|(?:${LABEL_WORDS})\\s*:)`, "i");
/** The writer's credit beside others' ("Text von Jane Doe, Illustration von John Roe", "Words by Jane Doe"). */
const CREDIT_START = /^[\s|·•—–-]*(?:text|texte|words)\s+(?:von|by|par)\s/i;
const BYLINE_LABEL = new RegExp(`^[\\s|·•—–-]*(?:${WRITER_LABEL_WORDS})\\s*:`, "i");
/** Between the names of a byline of several: "Volkmar Kabisch, Jan Lukas Strozyk und Benedikt Strunz, NDR". */
const BYLINE_JOINS = /\s*,\s*|\s+(?:und|and|&|y|et|i)\s+/;

/**
 * A byline on a line of its own: "von Daniela Obers", "von MORITZ PAPPERT", "By Jane van der Berg", "Von
 * Volkmar Kabisch, Jan Lukas Strozyk und Benedikt Strunz, NDR". Each name's words are capitalised (particles
 * aside), as a sentence's are not: "Von Montag an gilt …" and "By the river" are no bylines. The main-content
 * filter leaves such a line out of the body; the author reader takes it anywhere in the article.
 */
export function isByline(line: string): boolean {
  const opening = BYLINE_OPENING.exec(line);
  if (!opening) return false;
  const names = line.slice(opening[0].length).split(BYLINE_JOINS);
  return names.length <= 6 && names.every((name) => name !== "" && isWrittenName(name));
}

/** A name as people write it: one to five capitalised words and particles ("Anna von Berg"). */
export const isWrittenName = (name: string) =>
  name.split(/\s+/).length <= 5 && name.split(/[\s,]+/).every((w) => /^\p{Lu}/u.test(w) || /^(?:von|van|der|den|de|du|da|di|la|le|und|and|&|zu|y|e)$/i.test(w));

/** The visible sources, read from `body` (the document's body, or its root when it has none). */
export function readVisible(body: Element, col: Collector, ctx: ReadContext, layout: Layout): void {
  readTimes(col, ctx, layout);
  readBylines(col, ctx, layout);
  readHeroImage(body, col, ctx);
}
