/**
 * Boilerplate inside a main-content candidate: comment sections, share bars, related links, newsletter
 * and cookie boxes, ads, breadcrumbs, tag lists, author boxes, print/e-mail tools. Found by the words
 * of class, id, aria-label and role (several languages), by link density and by short label texts.
 */
import { collapse, hiddenByStyle, NOT_SHOWN_CLASSES, SCREEN_READER_CLASSES, tagOf } from "../html";
import { isByline } from "../metadata/visible";
import { LONG_NOTICE, type NoticeKind, readerNotice } from "./notices";
import { cardRow, elsewhere, onItsOwnLine, pointedStory } from "./cards";
import { INLINE_TAGS, linkRatio, type PageStats, within } from "./stats";

type Strength = "strong" | "medium" | "weak";

/** Whole token of role words (see roleWords): the words bounded by non-letters ("ad" in "top-ad", not in "head"). */
export const wholeWords = (words: string) => new RegExp(`(?:^|[^a-z0-9])(?:${words})(?:$|[^a-z0-9])`);
const T = wholeWords;
/** Token prefix ("share" in "share-buttons" and "sharebar"). */
const P = (words: string) => new RegExp(`(?:^|[^a-z0-9])(?:${words})`);
/** Anywhere: distinctive words ("newsletter" in "footerNewsletterBox"). */
const S = (words: string) => new RegExp(words);

const RULES: { label: string; strength: Strength; re: RegExp[] }[] = [
  { label: "comments", strength: "strong", re: [P("comment(?!ary)"), T("respond|replies|reply"), S("disqus|kommentar|commentaire|comentario|commenti")] },
  { label: "cookie notice", strength: "strong", re: [S("cookie|consent|gdpr|onetrust|didomi|usercentrics|cookiebot")] },
  { label: "newsletter", strength: "strong", re: [S("newsletter|mc4wp|mailchimp|infolettre")] },
  { label: "ad", strength: "strong", re: [T("ad|ads|adv|advert|adverts|dfp|gpt-ad|anzeige|anzeigen|werbung|publicite|publicidad"), S("advert|adsbygoogle|ad-slot|adslot|ad-container|ad-wrapper|ad-unit|adunit|google-ad|outbrain|taboola|doubleclick")] },
  { label: "share", strength: "medium", re: [P("share|sharing|sharedaddy|social|shariff|addtoany|a2a"), T("teilen|partager|partage|compartir|condividi|delen")] },
  { label: "related", strength: "medium", re: [S("related|recommend|verwandt|empfehl|aehnlich|similaire|relacionad|correlat|gerelateerd|more-stories|more-articles|also-read|most-read|mostread|meistgelesen|popular-posts|trending"), T("similar|suggested|lire-aussi|a-lire|more-from|weitere-artikel")] },
  // Not "paywalled", "regwalled": the article's own text behind the wall, which a page that shows it marks so.
  { label: "subscribe", strength: "medium", re: [S("subscribe|subscription|signup|sign-up|optin|opt-in|abonn|suscri|paywall(?!ed)|regwall(?!ed)|push-noti|onesignal")] },
  { label: "promo", strength: "medium", re: [S("promo|sponsor|disclosure|affiliate-notice|affiliate-disclaimer")] },
  // A scrolling band of share prices or headlines above the page ("stock-bar", "marquee"), however much
  // of the text it holds (exxpress.at's is over a third of its article). Not a live ticker of an event,
  // which is the content.
  { label: "ticker band", strength: "strong", re: [S("marquee|stock-bar|stockbar|stock-ticker|stockticker|ticker-bar|tickerbar|ticker-band|market-ticker|boersenticker")] },
  { label: "breadcrumb", strength: "medium", re: [S("breadcrumb|crumbs|brotkrumen|ariane")] },
  { label: "tags", strength: "medium", re: [T("tags|tag|tagcloud|tag-cloud|taglist|tag-list|tags-links|keywords|schlagworte|schlagwoerter|stichworte|etiquettes|categories|cat-links")] },
  { label: "sidebar", strength: "medium", re: [S("sidebar|side-bar|seitenleiste|widget-area|widgetarea"), T("rail|right-rail|left-rail|aside")] },
  { label: "navigation", strength: "medium", re: [T("pagination|pager|nav|navigation|menu|toc|skip-link|skiplink|post-navigation|nav-links"), S("next-post|prev-post|previous-post|nextstory|next-story|prevnext|next-prev")] },
  // With a question-and-answer site's signature of each post: who asked or answered, when, their reputation.
  { label: "author box", strength: "medium", re: [S("author-bio|authorbio|about-author|about-the-author|author-box|authorbox|author-info|author-card|author-profile|author-description|author-details|multiple-authors|autorenbox|autor-box|autor-info|autorinfo|user-info|user-card|post-signature"), T("bio|biography")] },
  { label: "tools", strength: "medium", re: [T("print|email|e-mail|mail|drucken|imprimer|pdf|article-tools|tools|toolbar|utility|actions")] },
  { label: "ratings", strength: "medium", re: [T("rating|ratings|post-ratings|star-rating|star-ratings|stars"), S("product-reviews|customer-reviews|user-reviews|kundenbewertungen")] },
  { label: "popup", strength: "medium", re: [T("modal|popup|pop-up|dialog")] },
  { label: "meta", strength: "weak", re: [T("meta|byline|dateline|posted-on|entry-meta|post-meta|date|datum|timestamp|published|updated|reading-time|read-time|credit|credits|copyright")] },
  { label: "chrome", strength: "weak", re: [T("footer|entry-footer|post-footer|site-header|masthead")] },
  // Not Drupal's "field-label-hidden": the label is hidden, the field shown.
  { label: "hidden", strength: "weak", re: [T([...SCREEN_READER_CLASSES, ...NOT_SHOWN_CLASSES].map((c) => (c === "hidden" ? "(?<!label-)hidden" : c)).join("|"))] },
];

/** Labels that describe prose by nature (a biography, a sidebar's text), so prose does not protect them. */
const PROSE_LABELS = new Set(["author box", "sidebar", "popup", "role=complementary", "aside"]);
/** Tables and quotations carry their links as content. */
const NO_LINK_LIST = new Set(["table", "thead", "tbody", "tr", "td", "th", "blockquote", "pre", "p"]);

const CELL_TAGS = new Set(["td", "th", "li", "dt", "dd", "caption"]);
const DATE_PART = String.raw`(\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}:\d{2}(:\d{2})?|\d{1,2}\.? ?[a-zäéû]{3,9}\.? \d{4}|[a-zäéû]{3,9}\.? \d{1,2},? \d{4})`;
const DATE_ONLY = new RegExp(`^${DATE_PART}([ ,|-]+${DATE_PART})*( ?(uhr|am|pm|h))?$`, "u");
/** A date under a label of a word or two: "Veröffentlichung: 2. Februar 2022", "Last modified: 03-10-2004". */
const LABELLED_DATE = new RegExp(`^\\p{L}+( \\p{L}+)?: ?${DATE_PART}([ ,|-]+${DATE_PART})*( ?(uhr|am|pm|h))?$`, "u");

/**
 * A line that labels a publication or update date and holds a year ("posted: …, 2022", "veröffentlicht
 * am …"), lowercased; not "posted by … on …", which credits someone (an embedded post's attribution is
 * part of the post), nor a sentence ("published in 2019, the report …").
 */
const DATELINE = /^(posted|published|updated|last updated|last modified|last edited|veröffentlicht|aktualisiert|zuletzt aktualisiert|zuletzt bearbeitet|zuletzt geändert|erstellt|stand|publié|mis à jour|publicado|actualizado|pubblicato|aggiornato|gepubliceerd|bijgewerkt)(\s*:| on| am| le| el| il| op)\s.*\b(19|20)\d{2}\b/u;
/** A blog template's sentence about the post: when and where it was filed, by whom, under which tags. */
const POST_META =
  /^(?:(?:der|dieser|die|das) (?:beitrag|artikel|eintrag|post)\b.{0,150}\bwurde am\b.{0,250}\b(?:veröffentlicht|abgelegt|gespeichert|publiziert)\b|this (?:entry|post|article) was (?:posted|published|filed|written)\b|(?:ce billet|cet article|cette entrée) a été (?:publié|posté|rédigé)|(?:esta entrada|este artículo) (?:fue|se) (?:publicad|escrit))/u;
/** A picture gallery's or a download's label on a line of its own: "Slideshow ( 15 images )", "123 KB". */
const WIDGET_LABEL = /^(?:(?:slideshow|gallery|galerie|bildergalerie|fotogalerie|fotostrecke)\s*\(?\s*\d+\s*(?:images|photos|bilder|fotos)?\s*\)?|\(?\d+(?:[.,]\d+)?\s*(?:kb|mb|kib|mib)\)?)$/u;
/** A reading-time line: "Lesezeit: 4 Minuten", "5 min read", "przeczytanie zajmie 4 min". */
const READING_TIME = /^(?:lesezeit|lesedauer|reading time|temps de lecture|tiempo de lectura|tempo de leitura|czas czytania)\b.*\d|^\d+\s*(?:min|minuten|minutes|minutos)\.?\s+(?:read|lesezeit|lesen|de lecture|de lectura|de leitura)$|^przeczytanie zajmie \d+ min/u;

const CHROME_ROLES = new Set(["navigation", "complementary", "contentinfo", "banner", "search", "dialog", "alertdialog", "menu", "menubar", "toolbar"]);

/**
 * Classes that are not roles: WordPress's taxonomy classes ("tag-cookies", "category-social"), its
 * numbered post classes ("post-1234"; a theme's "post-author-bio" or "post-share" is a role),
 * print-stylesheet hints ("no-print", "print-full") and generated style classes named for the HTML
 * tag they style ("tagStyle_z4kqwb" on every paragraph of an article).
 */
const NOT_ROLE_CLASS = /^(tag|category|categories|format|status|type|term)-|^tag-?style|^(post|postid|page|page-id)-\d+$|^(no-?print|(hide|hidden|visible)-print|print-(full|only|none|block|inline|hidden|visible|show|hide)|d-print-.*)$/;

/** How a picture's credit line opens ("© Getty Images", "Foto: dpa"): a label, except with its picture (see CREDIT). */
const CREDIT_PHRASES = [
  "©", "copyright", "photo:", "photos:", "foto:", "fotos:", "bild:", "image:", "credit:", "credits:", "crédits photos",
  "crédit photo", "photograph by", "photo by", "foto von", "quelle:", "source:", "fuente:",
];
/** Label texts that start boilerplate blocks, in several languages (lowercase). */
const PHRASES = [
  ...CREDIT_PHRASES,
  "advertisement", "advertising", "anzeige", "werbung", "publicité", "publicidad", "pubblicità", "sponsored", "gesponsert",
  "share this", "share on", "share", "teilen", "diesen artikel teilen", "partager", "partagez", "compartir", "condividi",
  "follow us", "folgen sie uns", "suivez-nous", "síguenos", "sign up", "subscribe", "abonnieren", "jetzt abonnieren",
  "abonnez-vous", "s'abonner", "suscríbete", "newsletter", "read more", "read also", "read next", "also read",
  "weiterlesen", "mehr lesen", "lesen sie auch", "lesen sie mehr", "mehr zum thema", "auch interessant",
  "das könnte sie auch interessieren", "lire la suite", "lire aussi", "à lire aussi", "a lire aussi", "voir aussi",
  "leer más", "lee también", "te puede interesar", "leggi anche", "see also", "related", "you may also like",
  "you might also like", "recommended", "more from", "more stories", "empfohlen", "empfehlungen",
  "we use cookies", "this website uses cookies", "this site uses cookies", "wir verwenden cookies",
  "diese website verwendet cookies", "nous utilisons des cookies", "utilizamos cookies", "cookie", "cookies",
  "accept", "akzeptieren", "print", "drucken", "imprimer", "email this", "e-mail", "tags", "tagged", "schlagwörter",
  "schlagworte", "stichworte", "étiquettes", "mots-clés", "posted in", "filed under", "categories", "kategorien",
  "leave a reply", "leave a comment", "comments", "kommentare", "kommentar schreiben", "commentaires",
  "laisser un commentaire", "comentarios", "all rights reserved", "alle rechte vorbehalten", "tous droits réservés",
  "nach oben", "retour en haut", "skip to", "zum inhalt", "previous post", "next post",
  "vorheriger beitrag", "nächster beitrag", "article précédent", "article suivant", "about the author",
  "über den autor", "über die autorin", "à propos de l'auteur", "sobre el autor",
  "reklama", "czytaj też", "czytaj także", "lesen sie hier", "mehr dazu", "load more", "lade weitere", "mehr laden",
  "weitere artikel", "weitere beiträge", "weitere informationen", "zum weiterlesen", "mehr zu", "beiträge zum thema",
  "schon gelesen", "empfohlener redaktioneller inhalt", "zurück zur", "zurück zum", "back to", "retour à", "lea también",
  "lea más", "lea:", "vea también", "mire:", "leia também", "related articles", "related posts", "more:", "korzystamy z cookies",
  "le puede interesar", "puede interesarle", "puedes ver", "te recomendamos", "mira también", "también puedes leer",
  "veja também", "leia mais", "potrebbe interessarti", "ti potrebbe interessare", "sur le même sujet", "à découvrir aussi",
  "das könnte dich auch interessieren", "noch mehr infos", "artikel gefallen?", "vorschau auf den nächsten artikel",
  "more on this story", "recommended for you", "auch lesen", "hier geht es zur", "hier geht es zum", "hier geht's zur",
  "hier geht's zum", "besuchen sie unseren", "noch keine bewertungen", "no ratings yet", "externer inhalt", "external content",
  // Pointers to other stories, as sites in these languages word them.
  "related stories", "related content", "related news", "further reading", "you may also be interested in",
  "siehe auch", "lies auch", "ähnliche artikel", "verwandte artikel", "passend dazu", "passend zum thema",
  "también puede leer", "puede leer también", "lee además", "lea además", "también le puede interesar",
  "también te puede interesar", "noticias relacionadas", "artículos relacionados", "le recomendamos",
  "confira também", "saiba mais", "notícias relacionadas", "lire également", "à lire également", "voir également",
  "à voir aussi", "sur le même thème", "articles similaires", "dans la même rubrique", "leggi pure", "articoli correlati",
  "vedi anche", "guarda anche", "lees ook", "lees meer", "zie ook", "gerelateerde artikelen", "czytaj więcej",
  "zobacz też", "zobacz także", "przeczytaj też", "przeczytaj także", "läs även", "läs också", "læs også", "les også",
  "se også", "lue myös", "lesetipp", "lesetipps", "lesen sie dazu auch", "lesen sie dazu", "nota relacionada",
  "notas relacionadas", "diese artikel könnten euch auch interessieren", "diese artikel könnten sie auch interessieren",
  "das könnte euch auch interessieren", "teile mich", "artikel teilen", "beitrag teilen", "permalink", "zum thema",
].sort((a, b) => b.length - a.length);
/** The names of a site's legal and service pages, which its footer links to (several languages). */
const LEGAL_WORDS =
  "impressum|imprint|datenschutz(?:erklärung|hinweise| ?hinweis)?|privacy(?: policy| notice| statement)?|terms(?: of use| of service| and conditions| & conditions)?|agb|" +
  "nutzungsbedingungen|disclaimer|haftungsausschluss|cookies?(?:[ -](?:policy|settings|einstellungen|richtlinie))?|barrierefreiheit|accessibility|sitemap|kontakt|contact(?: us)?|" +
  "mentions légales|confidentialité|aviso legal|política de privacidad|privacidad|note legali";
/** A line made of two or more of those names ("Impressum | Datenschutz"). */
const LEGAL_LINKS = new RegExp(`^(?:${LEGAL_WORDS})(?:\\s*[|·•/,–-]?\\s*(?:${LEGAL_WORDS}))+$`, "u");
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PHRASE = new RegExp(`^(?:${PHRASES.map(escape).join("|")})(?![\\p{L}\\p{N}])`, "u");
/**
 * A credit line in a caption (see inCaption), or as the only text of a block that holds the picture, is
 * part of the figure, which the content keeps with its caption; on a line of its own elsewhere it is a label.
 */
const CREDIT = new RegExp(`^(?:${CREDIT_PHRASES.map(escape).join("|")})(?![\\p{L}\\p{N}])`, "u");

/** An element's text as a label phrase is matched: spaces collapsed, leading marks dropped, lower case. */
const labelText = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").replace(/^[^\p{L}\p{N}©]+/u, "").toLowerCase();

/** The element's role words: class (taxonomy classes left out), id, aria-label, data-component. */
export function roleWords(el: Element): string {
  const classes = (el.getAttribute("class") ?? "").split(/\s+/).filter((c) => c && !NOT_ROLE_CLASS.test(c.toLowerCase()));
  const parts = [classes.join(" "), el.getAttribute("id"), el.getAttribute("aria-label"), el.getAttribute("data-component"), el.getAttribute("data-module")];
  return parts
    .filter(Boolean)
    .join(" ")
    .replace(/([a-z])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/_/g, "-");
}

type Kind = { label: string; strength: Strength } | null;
const kinds = new WeakMap<Element, Kind>();

/** What the element's attributes, role or tag say it is, when that is boilerplate. */
export function attributeKind(el: Element): Kind {
  let kind = kinds.get(el);
  if (kind === undefined) kinds.set(el, (kind = readKind(el)));
  return kind;
}

function readKind(el: Element): Kind {
  const role = el.getAttribute("role");
  if (role && CHROME_ROLES.has(role)) return { label: `role=${role}`, strength: "medium" };
  const tag = tagOf(el);
  if (tag === "aside" || tag === "footer") return { label: tag, strength: "medium" };
  const words = roleWords(el);
  if (words) for (const rule of RULES) if (rule.re.some((re) => re.test(words))) return { label: rule.label, strength: rule.strength };
  // Structured data the page hides from its readers (a schema.org NewsArticle spelled out in a
  // display:none block for search engines): never shown, however long.
  if (hiddenByStyle(el) && el.hasAttribute("itemscope")) return { label: "hidden", strength: "strong" };
  if (el.hasAttribute("hidden") || el.getAttribute("aria-hidden") === "true" || hiddenByStyle(el)) return { label: "hidden", strength: "weak" };
  return null;
}

/** Labels of the areas of the given strengths that `el` lies in (up to the body). */
function areasOf(el: Element, strengths: ReadonlySet<Strength>): string[] {
  const labels: string[] = [];
  for (let cur: Element | null = el; cur && tagOf(cur) !== "body"; cur = cur.parentElement) {
    const kind = attributeKind(cur);
    if (kind && strengths.has(kind.strength)) labels.push(kind.label);
  }
  return labels;
}
const STRONG: ReadonlySet<Strength> = new Set(["strong"]);
const ANY: ReadonlySet<Strength> = new Set(["strong", "medium", "weak"]);

/** Labels of the comment, cookie, newsletter or ad areas `el` lies in (up to the body). */
export const strongAreas = (el: Element): string[] => areasOf(el, STRONG);

/** Labels of every area the role words or attributes mark that `el` lies in: related stories, share bars, hidden ones too. */
export const markedAreas = (el: Element): string[] => areasOf(el, ANY);

export interface FilterContext {
  stats: PageStats;
  root: Element;
  /** Letters in the whole candidate. */
  total: number;
  /** The candidate's first substantial paragraph: never removed, nor anything holding it. */
  anchor: Element | null;
  /** Labels that describe the content itself here (a live ticker made of "comments"): not boilerplate. */
  exempt: ReadonlySet<string>;
  /** The page's URL: a link back to it is no teaser. */
  base?: string;
  /** Document position of the candidate's last paragraph of prose that is no reader notice (-1: none). */
  lastProse?: number;
}

/**
 * A call to action longer than this is removed only after the last paragraph of prose ("follow us on
 * Instagram, where we show …" may be the story's own); a disclaimer or disclosure wherever it stands.
 */
const SHORT_NOTICE = 200;

const notices = new WeakMap<Element, NoticeKind | null>();

/**
 * The reader notice a block of at most LONG_NOTICE letters is (see notices.ts), read once per element:
 * each candidate of a page asks again, for its last paragraph of prose and for the filter.
 */
export function noticeOf(el: Element, stats: PageStats): NoticeKind | null {
  if (stats.get(el).chars > LONG_NOTICE) return null;
  let kind = notices.get(el);
  if (kind === undefined) notices.set(el, (kind = readerNotice(el.textContent ?? "")));
  return kind;
}

const HEADING_TAGS = new Set(["h2", "h3", "h4", "h5", "h6"]);
const BLOCK_IN_LINK = "h1, h2, h3, h4, h5, h6, p, div, li, figure, article, section";

/**
 * A teaser for another page inside the content, in one of three shapes: a link wrapped around a card
 * of blocks; a block its markup calls a teaser ("tsr-Base", "Teaser-copy", <pp-inline-teaser>) that
 * links elsewhere (German sites also call an article's own lead "teaser", and it links nowhere); a
 * heading that is wholly one link elsewhere ("<h2><a href=/other-story>…</a></h2>").
 */
function teaser(el: Element, tag: string, s: { chars: number; link: number }, base: string | undefined): boolean {
  if (!s.link) return false;
  if (tag === "a") return s.chars >= 15 && el.querySelector(BLOCK_IN_LINK) !== null && elsewhere(el.getAttribute("href"), base);
  if (s.link >= 0.2 * s.chars && /(?:^|[^a-z])(?:teaser|tsr)(?:$|[^a-z])/.test(`${roleWords(el)} ${tag}`)) {
    return Array.from(el.querySelectorAll("a[href]")).some((a) => elsewhere(a.getAttribute("href"), base));
  }
  if (!HEADING_TAGS.has(tag) || s.link < 0.95 * s.chars) return false;
  const links = Array.from(el.querySelectorAll("a[href]"));
  return links.length === 1 && elsewhere(links[0].getAttribute("href"), base);
}

/**
 * Whether most of `el`'s text is in data tables (a results table whose rows link to each entry is data,
 * not a link list). A data table has header cells or a caption; a layout table has neither.
 */
function holdsTable(el: Element, stats: PageStats): boolean {
  const tables = Array.from(el.querySelectorAll("table")).filter((t) => t.querySelector("th, caption") !== null && !t.parentElement?.closest("table"));
  const inTables = tables.reduce((n, t) => n + stats.get(t).chars, 0);
  return inTables >= 0.8 * stats.get(el).chars;
}

/** How an article heads the list of its sources ("Quellen", "References", "Einzelnachweise"). */
const SOURCES_HEADING =
  /^(?:quellen(?:angaben|verzeichnis)?|sources|references|referenzen|literatur(?:verzeichnis|hinweise)?|bibliograph(?:y|ie)|einzelnachweise|fußnoten|footnotes|endnotes|fuentes|referencias|bibliografía|références|fonti|bibliografia|źródła|bronnen)\s*:?$/iu;

/** A list its preceding line heads as the article's sources: their links are citations, not navigation. */
function sourcesList(el: Element): boolean {
  let prev = el.previousElementSibling;
  while (prev && !collapse(prev.textContent ?? "")) prev = prev.previousElementSibling;
  return prev !== null && SOURCES_HEADING.test(collapse(prev.textContent ?? ""));
}

/** The words a caption's class calls it by. */
const CAPTION_WORDS = wholeWords("caption|figcaption|bildunterschrift|bu|image-text|img-text|legend|legende");

/**
 * Whether `el` is (in) a picture's caption: in a figure, or in a block that it or one of its two nearest
 * ancestors calls a caption ("img-caption", "slide-caption", "tr-caption").
 */
export function inCaption(el: Element): boolean {
  if (el.closest("figure, figcaption")) return true;
  let cur: Element | null = el;
  for (let i = 0; cur && i < 3; i++, cur = cur.parentElement) if (CAPTION_WORDS.test(roleWords(cur))) return true;
  return false;
}

/** A paragraph this long is a sentence of prose, not an offer's line; this much of such prose is an article. */
const PROSE_PARAGRAPH = 120;
const ARTICLE_PROSE = 300;

/** Whether `el` holds a form to fill in (a field other than a hidden one, or a button) and next to no prose. */
function offerForm(el: Element): boolean {
  if (!el.querySelector("input:not([type=hidden]), select, textarea, button")) return false;
  const prose = Array.from(el.querySelectorAll("p"))
    .map((p) => collapse(p.textContent ?? "").length)
    .filter((n) => n >= PROSE_PARAGRAPH)
    .reduce((a, b) => a + b, 0);
  return prose < ARTICLE_PROSE;
}

/** A calendar cell: a day of the month, or a weekday's short name ("Mo", "Thu", "L"). */
const CALENDAR_CELL = /^(?:0?[1-9]|[12]\d|3[01]|\p{L}{1,3}\.?)$/u;

/** Whether each table read so far is a calendar: a table is weighed once per candidate. */
const calendars = new WeakMap<Element, boolean>();

/**
 * A month's calendar (a booking site's availability, a blog's archive widget): a table of at least four
 * weeks of day numbers counting up one by one, under weekday names, and next to nothing else. Its cells
 * are dates, never the text; a table of figures does not count up so.
 */
function calendarTable(el: Element): boolean {
  let calendar = calendars.get(el);
  if (calendar === undefined) calendars.set(el, (calendar = readCalendar(el)));
  return calendar;
}
function readCalendar(el: Element): boolean {
  const cells = Array.from(el.querySelectorAll("td, th")).map((c) => collapse(c.textContent ?? "")).filter(Boolean);
  const days = cells.filter((c) => /^\d{1,2}$/.test(c)).map(Number);
  if (days.length < 28 || cells.filter((c) => CALENDAR_CELL.test(c)).length < 0.9 * cells.length) return false;
  const next = days.slice(1).filter((d, i) => d === days[i]! + 1).length;
  return next >= 0.9 * (days.length - 1);
}

/** Why `el` is boilerplate inside the candidate, or null when it is content. */
export function boilerplateOf(el: Element, ctx: FilterContext): string | null {
  if (el === ctx.root || (ctx.anchor && within(ctx.anchor, el))) return null;
  const s = ctx.stats.get(el);
  const share = ctx.total ? s.chars / ctx.total : 0;
  const kind = attributeKind(el);
  if (kind && !ctx.exempt.has(kind.label)) {
    if (kind.strength === "strong") return kind.label;
    // Running text under a "share" or "subscribe" class is the article behind a share bar or regwall.
    const prose = s.chars >= 300 && linkRatio(s) < 0.15 && !PROSE_LABELS.has(kind.label);
    if (kind.strength === "medium" && ((share < 0.35 && !prose) || linkRatio(s) >= 0.5)) return kind.label;
    // A subscription or paywall box with a form to fill in and next to no prose is the offer, not the
    // locked article (which a "paywall" class may also wrap).
    if (kind.label === "subscribe" && offerForm(el)) return kind.label;
    // In a caption, a "credit" or "meta" block is the picture's credit or caption: part of the figure.
    if (kind.strength === "weak" && s.chars < 400 && share < 0.35 && !(kind.label === "meta" && inCaption(el))) return kind.label;
  }
  const tag = tagOf(el);
  // An element that says it is a button ("Bild anzeigen", "Toggle") is a control, as a <button> is,
  // unless it holds a heading (an accordion's question).
  if (el.getAttribute("role") === "button" && s.chars <= 80 && !el.querySelector("h1, h2, h3, h4, h5, h6")) return "button";
  if (share < 0.35 && teaser(el, tag, s, ctx.base)) return "teaser";
  // Cards of other stories after the article's first paragraph.
  // A row its class marks as related stories is theirs however long it runs (ten teasers outweigh a short news item).
  if ((share < 0.5 || kind?.label === "related") && ctx.anchor && ctx.stats.indexOf(ctx.anchor) < ctx.stats.indexOf(el) && cardRow(el, ctx.stats)) return "teaser cards";
  // A link on a line of its own that reads as a label ("zurück zur Listenansicht", "Read more"); not one inside a sentence.
  if (tag === "a" && s.chars > 0 && s.chars <= 60 && onItsOwnLine(el) && PHRASE.test(labelText(el))) return "label";
  if (INLINE_TAGS.has(tag)) return null;
  // A paragraph of its own that speaks to the reader about the publication, not about the subject.
  if (s.chars > 0 && s.own >= 0.6 * s.chars) {
    // Not in a picture's caption, where a credit is the caption's (asked of notices only: it reads class names).
    const notice = noticeOf(el, ctx.stats);
    if (notice && !inCaption(el) && (s.chars <= SHORT_NOTICE || notice === "notice" || ctx.stats.indexOf(el) > (ctx.lastProse ?? Infinity))) return notice;
  }
  if (pointedStory(el, ctx.stats, ctx.base)) return "related";
  // Lists of links: related stories, tag clouds, "more from" blocks; not the article's list of sources.
  if (s.links >= 3 && linkRatio(s) >= 0.6 && share < 0.35 && !NO_LINK_LIST.has(tag) && !holdsTable(el, ctx.stats) && !sourcesList(el)) return "link list";
  if (tag === "table" && calendarTable(el)) return "calendar";
  // The rest reads the text of short blocks only, once.
  if (s.chars === 0 || s.chars > 400) return null;
  const text = labelText(el);
  // "Der Beitrag wurde am … veröffentlicht und wurde unter … abgelegt": the template's sentence about the post.
  if (!CELL_TAGS.has(tag) && POST_META.test(text)) return "meta";
  if (s.chars > 200) return null;
  // "Impressum | Datenschutz": a line of links to the site's legal pages (two or more names, in one link or several).
  if (s.chars <= 120 && s.links >= 1 && linkRatio(s) >= 0.6 && LEGAL_LINKS.test(text.replace(/[^\p{L}\p{N}]+$/u, ""))) return "legal links";
  // Lines about the article rather than of it (its date, byline, reading time), outside tables and lists.
  if (!CELL_TAGS.has(tag)) {
    const line = text.trim();
    // "Posted: Thursday, April 21, 2022. 10:11 pm CST.": a publication line, however the date is written.
    if (s.chars <= 90 && DATELINE.test(line)) return "date";
    if (s.chars <= 100 && isByline(collapse(el.textContent ?? ""))) return "byline";
    if (s.chars <= 40 && READING_TIME.test(line)) return "reading time";
    if (s.chars <= 40 && WIDGET_LABEL.test(line)) return "label";
  }
  if ((s.chars <= 60 || linkRatio(s) >= 0.4) && PHRASE.test(text) && !(CREDIT.test(text) && (inCaption(el) || el.querySelector("img, picture, figure")))) return "label";
  // A date or time on its own line (outside tables and lists, where dates are data).
  if (!CELL_TAGS.has(tag) && ((s.chars <= 24 && DATE_ONLY.test(text.trim())) || (s.chars <= 45 && LABELLED_DATE.test(text.trim())))) return "date";
  return null;
}
