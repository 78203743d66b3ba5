/**
 * Links that name the writer: `rel=author`, and links to the writer's archive page ("/author/jane-doe/")
 * that themes print as their byline.
 */
import { hiddenFromAll, tagOf, textOf } from "../html";
import { isAccount } from "./authors";
import { type Collector, type ReadContext, siteKey, spelledKey } from "./collect";
import { isNoise, type Layout, rawLength } from "./layout";
import { cleanByline, isRelAuthor, isWrittenName, ROLE } from "./visible";

export function readRelAuthor(col: Collector, ctx: ReadContext, layout: Layout): void {
  for (const a of layout.elements) {
    // A hidden one ("display:none", Blogger's link to a Google+ profile; a theme's vCard for search engines,
    // "rich-snippet-hidden") names an account, not a writer the page shows.
    if (!isRelAuthor(a) || isNoise(a) || hiddenFromAll(a)) continue;
    const name = cleanByline(textOf(a), ctx.language, ctx.now);
    // A login the theme links ("eseppelt", "gnaddrig") names a blogger as often as it names the newsroom's
    // account that posted the page: no stronger than a byline that prints one.
    if (name) col.add("author", name, "link rel=author", ROLE.test(name) ? 0.55 : isAccount(name) ? 0.72 : 0.8, "byline", a);
  }
}

/**
 * A link to a writer's archive page: "/author/jane-doe/", "/autor/max-muster", a newsroom's "/staff/…",
 * "/redaktion/…" or "/writer/…" (a path segment, then the writer's slug). Not a member's profile or a
 * team page, which name users and guests as often as writers.
 */
const AUTHOR_PAGE = /\/(?:author|authors|autor|autoren|auteur|auteurs|autore|autori|autores|autorzy|redaktion|redakteur|journalist|journalisten|staff|writers?|contributors?)\/[^/?#]+/i;

/**
 * Whether the archive's slug spells a word of the name ("/author/jane-doe/" for "Jane Doe", "/autor/fiona-bornhoeft"
 * for "Fiona Bornhöft"; not for "Alle Artikel"), compared as site names are: lower case, without accents.
 */
function namesSlug(name: string, path: string): boolean {
  let slug = AUTHOR_PAGE.exec(path)![0].split("/")[2]!;
  try {
    slug = siteKey(decodeURIComponent(slug));
  } catch {
    return false;
  }
  return name.split(/[^\p{L}\p{N}]+/u).some((w) => w.length >= 3 && (slug.includes(siteKey(w)) || slug.includes(spelledKey(w))));
}

/**
 * Words of a link to the writers' pages that name no one ("Alle Artikel", "All posts", "Mehr vom Autor",
 * "Autorenseite von", "Die Redaktion", "The Editors"). No articles: a name's particles ("von der") are written like them.
 */
const NO_NAME_WORDS = /^(?:alle|all|mehr|more|weitere|other|andere|posts?|stories|news|view|see|show|zeige?n?|team|unsere?|our)$|autor|author|artikel|article|beitr[äa]g|redaktion|editor|profil/i;

/**
 * A personal name as a theme prints it under the headline, linked to an archive whose slug is the
 * writer's login rather than their name (WordPress's "/author/modejournalistin/" for "Kathrin Bierling"):
 * two to four words that end on a capitalised one, none of them a word of a link that names no one.
 */
function loginSlugged(name: string): boolean {
  const words = name.split(/\s+/);
  return words.length >= 2 && words.length <= 4 && /^\p{Lu}/u.test(words[words.length - 1]!) && !words.some((w) => NO_NAME_WORDS.test(w));
}

/**
 * The name a link without text gives its writer's headshot: the link's title, else its one image's alt
 * ("<a href="/authors/janedoe/" title="Jane Doe"><img alt="Jane Doe"></a>").
 */
function pictured(a: Element): string {
  const title = a.getAttribute("title")?.trim();
  if (title) return title;
  const images = a.querySelectorAll("img, amp-img");
  return images.length === 1 ? (images[0]!.getAttribute("alt")?.trim() ?? "") : "";
}

/**
 * "<a href="/author/jane-doe/">Jane Doe</a>" under the headline or in the article: a theme's byline
 * without a byline class. The link's text must read as a name its archive's slug spells; links to
 * several writers in one line ("Por: <a>A</a>, <a>B</a>") are co-authors. The first line of such links
 * counts (a listing's teasers link their writers too).
 */
export function readAuthorPageLinks(col: Collector, ctx: ReadContext, layout: Layout): void {
  let line: Element | null = null;
  const names: string[] = [];
  for (const a of layout.elements) {
    // The href is tested as written first: parsing every link of a page as a URL is the costly part.
    if (tagOf(a) !== "a" || isRelAuthor(a) || (line && a.parentElement !== line) || !AUTHOR_PAGE.test(a.getAttribute("href") ?? "")) continue;
    let path: string;
    try {
      path = new URL(a.getAttribute("href") ?? "", ctx.finalUrl).pathname;
    } catch {
      continue;
    }
    if (!AUTHOR_PAGE.test(path) || isNoise(a) || rawLength(a) > 60) continue;
    if (!layout.near(a) && !layout.inArticle(a)) continue;
    // A card whose name is marked ("<span itemprop=name>") beside a picture credit ("© Kathrin Führes"): the marked name.
    const marked = a.querySelector("[itemprop=name]");
    const name = cleanByline((marked && textOf(marked)) || textOf(a) || pictured(a), ctx.language, ctx.now);
    if (!name || !isWrittenName(name) || !(namesSlug(name, path) || (layout.near(a) && loginSlugged(name)))) continue;
    line = a.parentElement;
    if (!names.includes(name)) names.push(name);
  }
  if (!line || !names.length) return;
  const near = layout.near(line);
  const where = near ? `under the ${layout.headlineTag}` : "in the article";
  col.add("author", names.join(", "), `visible link to the author's page ${where}`, near ? 0.62 : 0.5, "byline", line);
}
