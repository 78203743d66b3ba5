/**
 * Every metadata source on pages nobody on the team wrote: one real page (test/fixtures/real, train
 * split) per source, whose value a person read off the page must come out of that source.
 */
import { describe, expect, it } from "vitest";
import type { MetadataValue } from "../../workers/contracts/extraction";
import { HTML, metadataOf, pages, same, truthOf, type Truth } from "./metadata-real-pages";

/** The value the person read off the page, as stated by `source` (first or agreeing, itself or as what a headline was found within). */
function fromSource(id: string, field: keyof Truth, source: RegExp): MetadataValue | undefined {
  const truth = truthOf(id, field);
  return (metadataOf(id)[field] ?? []).find((v) => same(field, truth, v.value) && [v.provenance, ...(v.agreeing ?? [])].some((p) => source.test(p)));
}

/** [page, field, source]: the source states the value a person read off the page, and it is the value proposed first. */
const CASES: [string, keyof Truth, RegExp][] = [
  ["finanzmarktwelt.de-Benko-Firma", "author", /^JSON-LD @graph Article\.author/],
  ["finanzmarktwelt.de-Benko-Firma", "title", /^JSON-LD @graph Article\.headline/],
  ["finanzmarktwelt.de-Benko-Firma", "datePublished", /^JSON-LD @graph Article\.datePublished/],
  ["eldeber.com.bo-autos", "author", /^JSON-LD NewsArticle\.author/],
  ["pythonspeed.com.docker", "author", /^JSON-LD BlogPosting\.author/],
  ["pythonspeed.com.docker", "title", /^JSON-LD BlogPosting\.headline/],
  ["harpers.org.justice", "title", /^JSON-LD @graph WebPage\.name/],
  ["stackoverflow.com.rust", "author", /^microdata itemprop=author/],
  ["security.googleblog.com.protection", "datePublished", /^microdata itemprop=datePublished/],
  ["der-farang.com-Grab-Bote", "author", /^meta name=author/],
  ["der-farang.com-Grab-Bote", "title", /^meta og:title/],
  ["sprechwaisen.com.sw082", "author", /^link rel=author/],
  ["sprechwaisen.com.sw082", "datePublished", /^meta article:published_time/],
  ["jan-grosser.de.xum1541", "datePublished", /^meta DC\.date/i],
  ["cicero.de.pandemie", "title", /^meta twitter:title/],
  ["steinhau.com.zahlen", "datePublished", /^<time datetime> in the article/],
  ["abenteuer-astronomie.de.plejaden", "author", /^visible byline under the h1/],
  ["anarc.at.cdpath", "datePublished", /^day in the URL/],
  ["silvias.net.wahlzensur", "title", /^<title> without the site name/],
  // "Enchufla Figuren - Salsa-Figuren - Rueda in Berlin": the part after the title names the section.
  ["rueda.wikidot.com.enchufla", "title", /^<title>'s first part, without the site name/],
  ["ekhn.de-Pflegefinanzierung", "datePublished", /^meta name=date/],
  // "<span>By</span><span><a>Alex Bozarjian</a></span>": the byline word in an element of its own.
  ["abc13.com-Copperfield", "author", /^visible byline under the h1/],
  // "<h5>Autor: </h5>Peter Maahn/SP-X": a label element, the name after it, the agency after a slash.
  ["autohaus.de-skode", "author", /^visible byline in the article/],
  // "Pressemitteilung vom 25. Januar 2022 | Berlin – Die künftige …": the dateline the lead paragraph opens with.
  ["bmz.de-schulze", "datePublished", /^visible date line under the h1/],
  // "Pressemitteilung vom 20.01.2022" under the photo below the headline: introduced by "vom".
  ["lsvd.de-afghanistan", "datePublished", /^visible date line under the h1/],
  // "Von: Björn Jahner | 31.10.23" under the headline: a two-digit year.
  ["der-farang.com-Grab-Bote", "datePublished", /^visible date line under the h1/],
  // JSON-LD says "Nils"; "Eine Kolumne von Nils Pickert" and the author box "Nils Pickert ist freier Autor" complete it.
  ["pinkstinks.de-Kulturtechnik", "author", /^JSON-LD @graph WebPage\.author, completed with the surname the page shows/],
  // Drupal's "Gespeichert von rasos am 24. Juli 2017 - 18:55" in div.submitted, on a page with no lang attribute.
  ["creativecommons.at.faircoin", "datePublished", /^visible date element/],
  // "<span class="time">02/10/2020</span>" on an XHTML page that declares only xml:lang="en-GB": 2 October, day first.
  ["msn.com.university", "datePublished", /^visible date line under the h1/],
  // Stamped 02:25Z on the 25th; the date line and the URL say the 24th, the day in New York.
  ["pagesix.com.myers", "datePublished", /^JSON-LD NewsArticle\.datePublished \(in the page's time zone\)/],
  // Blogger: <abbr class="published" title="2017-09-09T10:52:00+02:00">10:52</abbr>, and the date header
  // "Samstag, 9. September 2017" above the post, which agrees.
  ["weinlachgummis.blogspot.com.rezi", "datePublished", /^hAtom class=published \(abbr\)/],
  ["weinlachgummis.blogspot.com.rezi", "datePublished", /^visible date header \(class=date-header\)/],
  // <span class="published">7. Jun 2017, 11:19</span> under the headline; the related posts' below it are later.
  ["wolfgangmichal.de.sorgfaltspflicht", "datePublished", /^hAtom class=published \(span\)/],
  // Shareaholic's meta tag for its share cards; the page shows no byline.
  ["wolfgangmichal.de.sorgfaltspflicht", "author", /^meta name=shareaholic:article_author_name/],
  // "<span>Zugverkehr</span><span class="visually-hidden">: </span><span>Im ICE …</span>": the h1 reads as one sentence.
  ["zeit.de.zugverkehr", "title", /^<h1> within <title>$/],
  // Avada: "<span class="updated rich-snippet-hidden">2019-01-07T17:27:31+02:00</span><span>Juni 19th, 2018</span>" under
  // the headline. The hidden stamp (the last change) is for search engines; readers see the English-style German date.
  ["moritz-meyer.net.vreni", "datePublished", /^visible date line under the h1$/],
  // The <title> names the section ("Geschichte", "Ausflugtipps Niederrhein und Ruhrgebiet"); the h1 the page.
  ["chorknaben-ulm.de.geschichte", "title", /^<h1>, which differs from the <title>/],
  ["rheinruhronline.de.essenwestviertel", "title", /^<h1>, which differs from the <title>/],
  // No h1: the film's page heads its text with an h2, and "<p>von <em>Klaus Stanjek</em></p>" stands under it.
  ["klaenge-des-verschweigens.de.geschichte", "author", /^visible byline under the h2$/],
  // JSON-LD credits the site ("author":{"@type":"Organization","name":"Eurosport"}) and no writer is named.
  ["eurosport.de-corona", "author", /^JSON-LD NewsArticle\.author \(the site\)$/],
  // "<title>08.11.2021 | Online-Fachtag zum Intersex Day of Remembrance: Regenbogenportal</title>", and no other date.
  ["regenbogenportal.de-intersex", "datePublished", /^<title>'s date part$/],
  // '<p class="DefaultEinleitung">Am vergangenen Freitag …</p>' (the standfirst), then '<p>29.11.2022 – Mehrfach und vehement …'.
  ["energiezukunft.eu.bioenergie", "datePublished", /^visible date line opening the text$/],
  // The headline is an h2 (the h1 is an empty logo) that the <title> says word for word; og:title is the site's
  // slogan ("Everardo Herrera, lo mejor del fútbol de Costa Rica"): the headline's wording.
  ["everardoherrera.com-momento", "title", /^<h2>$/],
  // '<div class="sidebar js-copypaste">…<p class="h1">Burgenland: …</p>…<time datetime="2022-01-28">': the article's
  // head in a sticky column, whose class says sidebar.
  ["falstaff.de-burgenland", "datePublished", /^<time datetime> /],
  // og:title "Pour le néolibéralisme, la retraite est un archaïsme | AOC media - Analyse Opinion Critique": the
  // site's name in the middle, its slogan after it. (The page's h1 is the section, "Opinion".)
  ["aoc.media.archaisme", "title", /^meta og:title without the site name$/],
  // '<dt>Auteur</dt><dd><a href="https://legrandcontinent.eu/fr/staff/uriel-gadessaud/">Uriel Gadessaud</a></dd>' under the
  // headline, where JSON-LD names the editor: a label cell, and a link to the writer's archive.
  ["legrandcontinent.eu.heran", "author", /^visible byline under the h1$/],
  // '<ul class="info-tools"><li><div>Datum</div><div>31.01.2022</div></li><li><div>Autor</div><div>Peter Middel</div></li>…'
  // in the sidebar beside the article: the page's one author label cell.
  ["flvw.de-hallenmeisterschaften", "author", /^visible author label beside the article$/],
  // The same box's "<div>Datum</div><div>31.01.2022</div>", and ARTE Radio's credits beside the podcast
  // ('<div class="podcast-description__sidebar">…<p class="title">Mise en ligne</p><p class="content">23 mai 2019</p>'):
  // a date after its label, in a box beside the article.
  ["flvw.de-hallenmeisterschaften", "datePublished", /^visible date after its label$/],
  ["arteradio.com-nuls", "datePublished", /^visible date after its label$/],
  // '<div class="date"> Kultur, 2.11.22 </div>' over the headline: the section, then the day with a two-digit year.
  ["goodnight.at.konzert", "datePublished", /^visible date line above the h1$/],
  // "<title>Produkttester werden &amp; gratis testen│Nestlé Marktplatz</title>" on www.nestle-marktplatz.de: an unspaced
  // box-drawing bar, and the site's name with its accent.
  ["nestle-marktplatz.de-produkttest", "siteName", /^title part matching the host name$/],
  // og:site_name "Silkes Weinblatt", and WordPress's '<link rel="alternate" type="application/rss+xml" title="Silkes Weinblatt » Feed">'
  // agrees with it, against JSON-LD's "Silkes Weinblatt by Silkes Weinkeller".
  ["silkes-weinkeller.de-dekantieren", "siteName", /^feed title \(link rel=alternate\)$/],
  // '<meta property="og:site_name" content="Martina Berg - Lady 50plus">' on lady50plus.de, and JSON-LD's WebSite.name
  // agrees: the blogger's name before the blog's, not a tagline.
  ["lady50plus.de.sekre", "siteName", /^JSON-LD @graph WebSite\.name$/],
  // Blogger: '<link rel="alternate" type="application/atom+xml" title="Python Insider - Atom">', the site's only name on the page.
  ["blog.python.org", "siteName", /^feed title \(link rel=alternate\)$/],
  // No h1 either: the page's h2 names it, the <title> only the site ("National Rail Enquiries -").
  ["nationalrail.co.uk.disruptions", "title", /^<h2>, which differs from the <title>$/],
  // "Stand: 07.11.2023, 07:30 Uhr" under the headline, the only date the page shows: JSON-LD's
  // datePublished (the 6th, 18:19) gives way to it, as meta DC.Date agrees with it.
  ["www1.wdr.de-Correctiv-Recherche", "datePublished", /^visible "Stand" date line under the h1$/],
  // Two h1s, "Fachmeldungen" and "Verkündung des …", both parts of the <title> "Zoll online - Fachmeldungen -
  // Verkündung des …": the longer is the page's headline, the shorter its section.
  ["zoll.de-Tabaksteuer", "title", /^<h1> within <title> without the site name$/],
  // "<p class=text-muted>11.12.2019 - Amelie Loevenich</p>" under the h1, and "<p class=date-author>Janic
  // Cathomen, 01.12.2021</p>": a name beside the date, with no byline word.
  ["it-for-kids.org.variables", "author", /^visible name beside the date under the h1$/],
  ["baechli-bergsport.ch-lawinen", "author", /^visible name beside the date under the h1$/],
  // "<div class="date"><date>19.11.2012</date></div>" above the headline: the line is read from the div,
  // since no line is read from a <date> element (a tag HTML does not have).
  ["simplyscience.ch.erdoel", "datePublished", /^visible date line above the h1$/],
  // Blogger: "<span class="post-author vcard">Posted by <span class="fn">Ned Deily</span>" in the post's footer,
  // inside <div class="widget Blog">, the posts' widget (the sidebar's widgets are noise, this one is not).
  ["blog.python.org", "author", /^visible author element \(class="post-author"\)$/],
  // Joomla: "<dd class="createdby">Escrito por Jose Pablo Segura Vargas</dd>" in the article's info list.
  ["everardoherrera.com-momento", "author", /^visible byline under the h2$/],
  // "<b>Von:</b> <br> <br> Götz Warnke" closes the article: the byline word with a colon, the name on the next line.
  ["sonnenernergie.de.Windrebell", "author", /^visible byline in the article$/],
];

describe("metadata sources on real pages", () => {
  it("uses only pages of the train split", () => {
    for (const id of Object.keys(HTML)) expect(pages.get(id)?.split, id).toBe("train");
  });
  for (const [id, field, source] of CASES) {
    it(`${id}: ${field} from ${source.source.replace(/[\\^$]/g, "")}`, () => {
      const found = fromSource(id, field, source);
      expect(found, `${field} of ${id}: ${JSON.stringify(metadataOf(id)[field]?.slice(0, 3))}`).toBeTruthy();
      expect(same(field, metadataOf(id)[field]![0].value, truthOf(id, field))).toBe(true);
    });
  }
});
