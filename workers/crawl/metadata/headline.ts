/**
 * The visible headline against the titles the markup states. SEO titles carry what the headline
 * does not ("Villa Galaxy - Holiday villa in Florida", "Politics: Parliament votes | Daily"), with or
 * without a known site name; when the page's headline is one end of such a title (or the title is
 * a shortened start of the headline) the headline is the title. A heading that names the site (the
 * logo in the banner) never is.
 */
import { tagOf, textOf, unseen } from "../html";
import { type Candidate, type Collector, looseKey, textKey } from "./collect";
import type { Layout } from "./layout";
import { isHomePage } from "./title";

/** Elements that hold a post's headline by convention, besides the h1. */
const HEADLINE_SELECTOR = "[itemprop=headline], .entry-title, .post-title, .article-title, .article-headline, .headline, .page-title";
/** The site's banner: a heading there is the logo or the site's name. */
const BANNER = "header, [role=banner], .site-header, .site-branding, .site-title, .logo, #logo, #header, .header";
const CONTENT = "main, article, [role=main], [itemtype*=Article], [itemtype*=BlogPosting], .hentry, .post, .entry";

/** What may follow a headline inside a longer title: a separator or a space, not an opening bracket. */
const AFTER = /^(?!\s*[(\[{])[.!?…"'»”]*(?:\s|[|\-–—:：·•»«›‹/\\~⋅◆★｜_>,;])/u;
/** What may precede it: a space or a separator ("Kicker: Heading", "Site › Heading"). */
const BEFORE = /[\s|\-–—:：·•»«›‹/\\~⋅◆★｜_>!?]$/u;

const SEPARATED = /[|\-–—:：·•»«›‹/\\~⋅◆★｜_>]\s*\|$|^[^|]*\|\s*[|\-–—:：·•»«›‹/\\~⋅◆★｜_>]/u;

/** The most words a kicker before a heading's colon has ("Energiewende Oberland:"). */
const KICKER_WORDS = 6;

/**
 * How `heading` relates to `title`: "equal", "part" (the title is the heading plus a kicker, a
 * section or the site's name), "start" (the title is a shortened start of the heading), "end" (the
 * title is the heading after a kicker and a colon), or null.
 */
export function headlineRelation(heading: string, title: string, strict = false): "equal" | "part" | "start" | "end" | null {
  const h = textKey(heading);
  const t = textKey(title);
  if (!h || !t) return null;
  if (h === t) return "equal";
  if (t.length > h.length) {
    // "Heading | Site", "Kicker: Heading", "New - Heading - Review"; not "Heading (with a remark)"
    for (let i = t.indexOf(h); i >= 0; i = t.indexOf(h, i + 1)) {
      const after = t.slice(i + h.length);
      // Strictly, a separator and not a space: a title cut short for a tweet ends at any word.
      const before = t.slice(0, i);
      if (strict && !SEPARATED.test(`${before.slice(-4)}|${after.slice(0, 4)}`)) continue;
      if ((i === 0 || BEFORE.test(before)) && (!after || AFTER.test(after))) return "part";
    }
    return null;
  }
  // "How to prune roses" for "How to prune roses: a beginner's guide"
  if (h.startsWith(t) && t.split(" ").length >= 3 && /^[\s\p{P}]/u.test(h.slice(t.length))) return "start";
  // "Klimavorreiter Oberland?" for "Energiewende Oberland: Klimavorreiter Oberland?": the heading writes a
  // kicker and a colon before the stated title, and reads as one sentence (see withoutKicker).
  const kicker = h.slice(0, h.length - t.length).trim();
  if (h.endsWith(t) && t.split(" ").length >= 2 && /[^\s:：][:：]$/u.test(kicker) && kicker.split(" ").length <= KICKER_WORDS) return "end";
  return null;
}

/**
 * Whether a heading's header is the site's banner: one that also holds the site's navigation or a
 * link home, or that its markup names a banner or brand. A plain `<header>` around a content
 * element's heading ("<header class=frame-header><h1>…") is the heading's own.
 */
function isBanner(header: Element | null): boolean {
  if (!header) return false;
  if (tagOf(header) !== "header") return true;
  if (header.getAttribute("role") === "banner" || /site|brand|logo|masthead|banner|page-header|main-header|top/i.test(`${header.getAttribute("class") ?? ""} ${header.getAttribute("id") ?? ""}`)) return true;
  return !!header.querySelector("nav, [role=navigation], .logo, #logo, a[href='/'], a[rel=home]");
}

/** The headings that may be the page's headline: h1s, and marked headlines in the content. */
function headings(document: Document, layout: Layout): Element[] {
  const found = [...layout.h1s];
  const marked = Array.from(document.querySelectorAll(HEADLINE_SELECTOR)).filter((el) => el.closest(CONTENT));
  for (const el of marked.slice(0, 3)) if (!found.some((f) => f.contains(el) || el.contains(f))) found.push(el);
  // A content area without any h1 leads with its first h2.
  const content = document.querySelector("article, main, [role=main]");
  const h2 = content && !content.querySelector("h1") ? content.querySelector("h2") : null;
  if (h2 && !found.some((f) => f.contains(h2) || h2.contains(f))) found.push(h2);
  // A page without an h1: the h2 its layout reads as the headline (see Layout.headline), which is the only
  // h2 read where there is no content area, and the one `one` below weighs as the page's headline.
  const headline = layout.headline;
  if (!layout.h1 && headline && !found.some((f) => f.contains(headline) || headline.contains(f))) found.push(headline);
  // Not headings only screen readers get ("Navigation", "detail").
  return found.filter((el) => !unseen(el));
}

/** The headline a heading shows: without a kicker part, or (with ruby) its whole text; see wholeText. */
function headingText(el: Element): string {
  return el.querySelector("rt, rp") ? wholeText(el) : (withoutKicker(el) ?? shownText(el));
}

const hasAuralColon = (el: Element) => Array.from(el.querySelectorAll("*")).some((n) => unseen(n) && /^\s*[:：]\s*$/u.test(n.textContent ?? ""));

/**
 * A heading's text without the words only screen readers get ("<span class=visuallyhidden>Headline:</span>
 * Energiewende …"). A colon for them stays: it joins a kicker to the headline (see withoutKicker).
 */
function shownText(el: Element): string {
  const spoken = (n: Element) => unseen(n) && /[\p{L}\p{N}]/u.test(n.textContent ?? "");
  if (!Array.from(el.querySelectorAll("*")).some(spoken)) return textOf(el);
  const copy = el.cloneNode(true) as Element;
  for (const n of Array.from(copy.querySelectorAll("*"))) if (spoken(n)) n.remove();
  return textOf(copy);
}

/** Parts a heading's markup names as a kicker or overline ("teaser__kicker", "dachzeile", "eyebrow"). */
const KICKER_CLASS = /kicker|overline|eyebrow|dachzeile|topline|roofline|supertitle|pre-?title|pre-?headline|rubric|label|category|section/i;
const hasMarkedKicker = (el: Element) => Array.from(el.children).some((c) => KICKER_CLASS.test(c.getAttribute("class") ?? ""));

/** The heading's whole text; ruby annotations (furigana) are read aloud, not part of it. */
function wholeText(el: Element): string {
  if (!el.querySelector("rt, rp")) return textOf(el);
  const copy = el.cloneNode(true) as Element;
  for (const r of Array.from(copy.querySelectorAll("rt, rp"))) r.remove();
  return textOf(copy);
}

/** Elements that hold a line under a headline, not the headline: its date, its section, its byline. */
const TRAILER_TAGS = new Set(["small", "time", "sub"]);
/** Parts of a heading its markup names as the line under the headline ("m-stage__subline", "entry-subtitle", "dek"). */
const SUBLINE_CLASS = /sub-?line|sub-?title|sub-?headline|sub-?heading|standfirst|(?:^|[\s_-])(?:dek|deck)(?:$|[\s_-])/i;
/** A part that starts with a written day ("02.02.2022", "2022-02-02", "2. Februar 2022"). */
const DATE_START = /^\s*(?:\d{1,2}\.\s?\d{1,2}\.\s?\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}\.\s\p{L}+\s\d{4})/u;

/** Parts of a heading marked as its headline proper ("entry-title-primary", "headline"). */
const PRIMARY = /(?:^|[\s_-])(?:title|headline|primary)(?:$|[\s_-])/i;
const SHOWN = (n: Element) => !unseen(n);

/**
 * A heading in parts ("<h1><span>Brexit</span> Parliament votes</h1>"): the part marked as the
 * headline, else the rest after a leading kicker. Null when the heading is not made of parts.
 */
function withoutKicker(el: Element): string | null {
  const parts: { text: string; el: Element | null }[] = [];
  // A colon the heading writes after its first part, shown or for screen readers ("<span>Zugverkehr</span>
  // <span class="visually-hidden">: </span><span>Im ICE …</span>"): the heading reads as one sentence.
  let colon = false;
  // A colon shown as a part of its own ("<span class=ts-colon>: </span>") joins the two parts as one line.
  let shownColon = false;
  for (const node of Array.from(el.childNodes)) {
    const element = node.nodeType === 1 ? (node as Element) : null;
    if (element ? tagOf(element) === "br" : node.nodeType !== 3) continue;
    const text = element ? textOf(element) : (node.textContent ?? "").replace(/\s+/g, " ").trim();
    if (!text) continue;
    if (/^[\p{P}\s]*$/u.test(text)) {
      const joins = parts.length === 1 && text === ":";
      colon ||= joins;
      shownColon ||= joins && (!element || SHOWN(element));
    } else if (!element || SHOWN(element)) parts.push({ text, el: element });
  }
  if (shownColon && parts.length === 2) return `${parts[0].text}: ${parts[1].text}`;
  colon ||= parts.length >= 2 && !!parts[0]!.el && parts[0]!.text.endsWith(":");
  // A trailing line under the headline proper: "<small>02.02.2022 • News</small>", a <time>, a marked subline.
  const last = parts[parts.length - 1];
  const trailer = parts.length >= 2 && !!last.el && (TRAILER_TAGS.has(tagOf(last.el)) || DATE_START.test(last.text) || SUBLINE_CLASS.test(last.el.getAttribute("class") ?? ""));
  if (trailer) {
    parts.pop();
    if (parts.length === 1 || !parts[0].el) return parts.map((p) => p.text).join(" ");
  }
  if (parts.length < 2 || !parts[0].el || colon) return null;
  const primary = parts.filter((p) => p.el && PRIMARY.test(p.el.getAttribute("class") ?? ""));
  if (primary.length === 1) return primary[0].text;
  const [kicker, ...others] = parts;
  const rest = others.map((p) => p.text).join(" ");
  // A kicker is short and the headline starts anew: "<b>Ehe</b>krise in ..." is one headline.
  if (kicker.text.split(" ").length > 6 || kicker.text.length >= rest.length || rest.split(" ").length < 2 || /^\p{Ll}/u.test(rest)) return null;
  return rest;
}

/** Content words (three letters or more, any script; CJK characters one by one). */
function contentWords(s: string): Set<string> {
  return new Set((s.normalize("NFKC").toLowerCase().match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]{3,}/gu) ?? []));
}

/**
 * Whether a headline is another wording of a stated title: at least three words, and half of the
 * shorter one's content words (two at least) in the other. A section name or a site's slogan in the
 * h1 shares almost none with the article's title.
 */
export function isRewording(heading: string, title: string): boolean {
  if (heading.trim().split(/\s+/).length < 3) return false;
  const h = contentWords(heading);
  const t = contentWords(title);
  const shared = [...h].filter((w) => t.has(w)).length;
  return shared >= 2 && shared / Math.min(h.size, t.size) >= 0.5;
}

/** Several article teasers, each with its own headline: a listing, whose titles are weaker. */
export function isListing(document: Document): boolean {
  const articles = Array.from(document.querySelectorAll("article")).filter((a) => !a.parentElement?.closest("article"));
  return articles.length >= 3 && articles.filter((a) => a.querySelector("h1, h2, h3")).length >= 3;
}

/**
 * Adds the visible headline where it agrees with a stated title: equal (0.85 when the title comes
 * from structured data), one end of it (0.9: the title only adds a kicker or a site name), or longer
 * than a shortened title (0.88). A title the headline shows to be longer or shorter is cut to it,
 * so that the sources agree. Headings that name the site are skipped. On an `article` (isArticle) the
 * headline readers see is its title; on a site's other pages (a home page, a service page) the h1 is
 * often a slogan, and the <title> names the page; where the <title> is the only stated title, the page's
 * one h1 leads it below auto-apply (on real pages its h1 was the page's name more often).
 */
export function readHeadlines(document: Document, col: Collector, layout: Layout, siteNames: string[], structured: Set<string>, documentTitle = "", article = false): void {
  const sites = siteNames.map(looseKey).filter((k) => k.length >= 3);
  const titles: Candidate[] = col.list("title").slice();
  const cut = new Map<Candidate, Candidate>();
  const listing = isListing(document) ? 0.2 : 0;
  let added = false;
  const demoted = new Set<Candidate>();
  // The page's one headline: its only h1 readers see, or with no h1 the h2 its layout reads as the headline.
  const one = (el: Element) => el === layout.headline && (!layout.h1 || layout.seenH1s.length === 1);
  // The headings that may be the headline, with the text each shows. Headings that name the site (the
  // logo in the banner) never are, and do not count below either.
  const shown: { el: Element; text: string }[] = [];
  for (const el of headings(document, layout)) {
    let text = headingText(el);
    // A heading whose whole text is a stated title ("<span class=title>Lead-in:</span><br><span>rest</span>"
    // beside og:title "Lead-in: rest") shows that title whole: no part of it is a kicker.
    const whole = wholeText(el);
    if (whole !== text && !hasMarkedKicker(el) && titles.some((t) => headlineRelation(whole, t.value) === "equal")) text = whole;
    const key = looseKey(text);
    if (!key || text.length > 300) continue;
    const inBanner = !el.closest(CONTENT) && isBanner(el.closest(BANNER));
    if (inBanner || sites.some((s) => key === s || (key.includes(s) && key.length <= s.length + 10))) continue;
    shown.push({ el, text });
  }
  // Of two headings that are parts of one title ("Fachmeldungen - Verkündung des …"), the longer is the
  // page's headline and the shorter its section.
  const outdone = (el: Element, text: string, title: string) =>
    shown.some((other) => other.el !== el && other.text.length > text.length && headlineRelation(other.text, title) === "part");
  for (const { el, text } of shown) {
    const tag = `<${tagOf(el)}>`;
    let best: { strength: number; provenance: string; equal: boolean } | null = null;
    for (const t of titles) {
      const relation = headlineRelation(text, t.value);
      if (!relation || (relation === "part" && outdone(el, text, t.value))) continue;
      // A kicker whose colon only screen readers get stands apart on screen: the title names the headline proper.
      if (relation === "end" && hasAuralColon(el)) continue;
      const strength = relation === "equal" ? (structured.has(t.family) ? 0.85 : 0.78) : relation === "part" ? 0.9 : 0.88;
      if (!best || strength > best.strength) best = { strength, provenance: relation === "equal" ? tag : `${tag} within ${t.provenance}`, equal: relation === "equal" };
      if (relation !== "equal" && !cut.has(t)) {
        const how = relation === "part" ? "cut to the headline" : "completed by the headline";
        cut.set(t, { ...t, value: text, provenance: `${t.provenance} ${how}`, strength: t.strength - 0.04 });
      }
    }
    // The headline as one end of the whole `<title>` ("Pricing plans" in "Pricing plans | Cloudly"), as
    // it reads before the site name is stripped: knowing the site's name must not make it less certain.
    if (documentTitle && headlineRelation(text, documentTitle) === "part" && !outdone(el, text, documentTitle) && (!best || best.strength < 0.9)) best = { strength: 0.9, provenance: `${tag} within <title>`, equal: false };
    if (best) {
      col.add("title", text, best.provenance, round(best.strength - listing), "h1", el);
      // The page's one headline, which a stated title shows: stated wordings that differ from it
      // (another headline for search or social) are rivals, not the title readers see. Where a stated
      // title says it word for word, on any page, every other wording is such a rival
      // ("Strompreisbremse, Erlösabschöpfung: …" beside "Strompreisbremse – Erlösabschöpfung: …, Branche
      // protestiert"); otherwise, on an article, those that neither hold it nor it them.
      if (one(el) && !listing && best.equal) {
        for (const t of titles) if (!cut.has(t) && textKey(t.value) !== textKey(text)) demoted.add(t);
      } else if (one(el) && !listing && article) {
        for (const t of titles) if (!headlineRelation(text, t.value) && !headlineRelation(t.value, text)) demoted.add(t);
      }
    }
    else if (el === layout.headline && !titles.length) col.add("title", text, tag, layout.seenH1s.length > 1 ? 0.6 : 0.7, "h1", el);
    else if (one(el) && !listing && !added) {
      // The headline the page shows, reworded for search or social ("Brexit: Nervenkrieg geht in nächste Runde"
      // for "Der Nervenkrieg um den Brexit geht in die nächste Runde"): what readers see is the title.
      const byStrength = titles.slice().sort((a, b) => b.strength - a.strength);
      const stated = byStrength.find((t) => structured.has(t.family)) ?? (article ? byStrength[0] : undefined);
      // An h1 that holds the whole stated title adds a kicker to it ("Einheit der Woche Lagen-Pyramide").
      if (stated && !textKey(text).includes(textKey(stated.value)) && isRewording(text, stated.value)) {
        col.add("title", text, `${tag}, reworded in ${stated.provenance}`, round(Math.min(0.95, stated.strength)), "h1", el);
        // The stated wordings stay as rivals: a reviewer sees both, and the confidence says they differ.
        for (const t of titles) if (textKey(t.value) !== textKey(text)) demoted.add(t);
        added = true;
      } else if (stated && !textKey(text).includes(textKey(stated.value)) && text.split(" ").length >= 2) {
        // The page's one headline says something else than every stated title (often another wording
        // for search or social, or a <title> that names only the section). What readers see is the
        // title; the stated ones stay as rivals, so the confidence says they differ. A headline that
        // is an entry of the site's menu names a section: there it is the weak rival instead.
        const section = !article || isMenuEntry(document, el, text);
        col.add("title", text, `${tag}, which differs from the stated title`, section ? SECTION_H1_STRENGTH : UNRELATED_H1_STRENGTH, "h1", el);
        if (!section) for (const t of titles) if (textKey(t.value) !== textKey(text)) demoted.add(t);
        added = true;
      } else if (!stated && titles.length && titles.every((t) => TITLE_TAG_FAMILIES.has(t.family) && looseKey(t.value) !== looseKey(text))) {
        // Only the <title> states a title, and the page's one headline says something else (not only
        // other quotes or punctuation: "Posts tagged “web”" is "Posts tagged web"): a <title>
        // that names the site's section or its home ("Home", "Geschichte" over "Chorgeschichte"), where
        // readers see the page's own name. The headline leads, short of certain (a service page's h1 may
        // be its slogan, a home page's its welcome); the <title> is its rival.
        // An h2 standing in for the h1 is as often a section's heading ("Sam Ortiz" on an about page): it
        // is the <title>'s rival, and leads only a <title> that says less than a stripped one (0.8).
        if (el === layout.h1) {
          col.add("title", text, `${tag}, which differs from the <title>`, TITLE_TAG_H1_STRENGTH, "h1", el);
          for (const t of titles) demoted.add(t);
        } else col.add("title", text, `${tag}, which differs from the <title>`, TITLE_TAG_H2_STRENGTH, "h1", el);
        added = true;
      }
    }
  }
  // A title that another source states with a kicker or the site's name around it ("X" and "X - Y").
  for (const a of titles) {
    // A title the headline completes is not what readers see, and cuts no other.
    if (!structured.has(a.family) || cut.has(a) || a.value.split(" ").length < 2) continue;
    for (const b of titles) if (b !== a && !cut.has(b) && headlineRelation(a.value, b.value, true) === "part") cut.set(b, { ...b, value: a.value, provenance: `${b.provenance} cut to ${a.provenance}`, strength: b.strength - 0.04 });
  }
  col.replace("title", col.list("title").map((c) => {
    if (demoted.has(c)) return { ...c, strength: round(c.strength - 0.15) };
    const replaced = cut.get(c) ?? c;
    return listing && replaced !== c ? { ...replaced, strength: round(replaced.strength - listing) } : replaced;
  }));
}

const round = (n: number) => Math.round(n * 100) / 100;
/** The strength of a page's only h1 that matches no stated title: the proposal, before the stated ones (demoted). */
const UNRELATED_H1_STRENGTH = 0.8;
/** The same for an h1 that is an entry of the site's menu (a section's name): a rival, never the proposal. */
const SECTION_H1_STRENGTH = 0.5;
/** The families of titles read from the document's <title>: as it stands or stripped, and cut by a guess (see readTitles). */
export const TITLE_TAG = "title tag";
export const TITLE_GUESS = "title guess";
const TITLE_TAG_FAMILIES = new Set([TITLE_TAG, TITLE_GUESS]);
/** The strength of a page's only h1 that the <title>, its only stated title, does not hold. */
const TITLE_TAG_H1_STRENGTH = 0.75;
/** The strength of the h2 that heads a page without an h1 (Layout.headline) there: the <title>'s rival, which it does not demote. */
const TITLE_TAG_H2_STRENGTH = 0.7;

/**
 * Whether the page is an article: its JSON-LD, microdata or og:type says so (an article, post or
 * report), or it is dated by its headline, its byline, its URL or its JSON-LD. A byline alone is no
 * sign (a testimonial's author is marked as one), and a site's home page is not an article by its
 * dates: it lists the newest articles.
 */
export function isArticle(col: Collector, finalUrl: string): boolean {
  if (col.list("type").some((c) => /article|posting|report|news|blog/i.test(c.value))) return true;
  if (isHomePage(finalUrl)) return false;
  return col.list("datePublished").some((c) => /h1|byline|URL|datePublished/.test(c.provenance));
}

/** Whether the text of `heading` is also a link of the site's navigation or breadcrumb, outside the heading. */
function isMenuEntry(document: Document, heading: Element, text: string): boolean {
  const key = textKey(text);
  return Array.from(document.querySelectorAll("nav a, [role=navigation] a, .breadcrumb a, .breadcrumbs a, .menu a")).some((a) => !heading.contains(a) && textKey(textOf(a)) === key);
}
