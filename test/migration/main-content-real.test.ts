/**
 * Main content on real pages whose failures the quality benchmark found on its train and dev splits: each test is
 * one kind of failure, asserted on the saved page (train) or on a page built like it (dev pages are no fixtures).
 */
import { describe, expect, it } from "vitest";
import { extractPage } from "../../workers/crawl/extract";
import { mainOf } from "./main-content-pages";
import bikeMagazin from "../fixtures/real/pages/bike-magazin.de-strava.html?raw";
import gizmeo from "../fixtures/real/pages/gizmeo.eu.insekten.html?raw";
import perspective from "../fixtures/real/pages/ext.theperspective.com.items.html?raw";
import novalanalove from "../fixtures/real/pages/novalanalove.com.ear-candy.html?raw";
import chemie from "../fixtures/real/pages/chemie.de.spin-off.html?raw";
import cduErfurt from "../fixtures/real/pages/cdu-fraktion-erfurt.de.waldorfschule.html?raw";
import phillyVoice from "../fixtures/real/pages/phillyvoice.com-Sixers.html?raw";
import angelmagazin from "../fixtures/real/pages/angelmagazin.de-schmerzen.html?raw";
import backen from "../fixtures/real/pages/backen.de.maulwurfkuchen.html?raw";
import nestle from "../fixtures/real/pages/nestle-family-com-chicken.html?raw";
import whisky from "../fixtures/real/pages/whiskyverkostung.com.halle.html?raw";
import autoPresse from "../fixtures/real/pages/auto-presse.de-minisuv.html?raw";
import pointsGuy from "../fixtures/real/pages/thepointsguy.com.alaska.html?raw";
import greenpeace from "../fixtures/real/pages/greenpeace.de.nachhaltigleben.html?raw";
import colours from "../fixtures/real/pages/colours-of-the-soul.alhelm.net.html?raw";
import californiaGlobe from "../fixtures/real/pages/californiaglobe.com.amazon.html?raw";
import lokalo from "../fixtures/real/pages/lokalo.de-Weinbergsbahnen.html?raw";
import drk from "../fixtures/real/pages/drk.de-Glasgow.html?raw";
import badische from "../fixtures/real/pages/badische-zeitung.de-Wohnungssuche.html?raw";
import mueritz from "../fixtures/real/pages/mueritzurlauber.de.blockhaus.html?raw";
import stackexchange from "../fixtures/real/pages/german.stackexchange.com.ausgeraubt.html?raw";
import { readerNotice } from "../../workers/crawl/main-content/notices";
import { withoutServerErrors } from "../../workers/crawl/server-errors";

describe("main content on real pages", () => {
  it("leaves rows of teaser cards after the article out however long they run, image-titled links and this page's own card included (bike-magazin.de)", () => {
    const page = extractPage(bikeMagazin, "https://www.bike-magazin.de/mtb_news/szene_news/strava-update-poi-bei-routen");
    expect(page.mainText).toContain("Mitte Januar 2022 hat Strava ein Update für sein Routen-Tool ausgerollt");
    expect(page.mainText).toContain("Die wichtigsten Neuerungen des Strava Karten-Updates");
    // "Empfehlungen aus der Redaktion": ten cards, more text than the news item itself.
    expect(page.mainText).not.toContain("Outdoor-App Komoot mit neuem Premium-Jahresabo");
    // The site's latest stories, this one among them.
    expect(page.mainText).not.toContain("Regenerations-Booster Massagepistole");
    expect(page.mainSource?.reason).toContain("teaser cards");
  });

  it("adds no prose after the article from an area its markup calls related stories (gizmeo.eu) or hides (the later pages of a gallery: theperspective.com)", () => {
    const related = extractPage(gizmeo, "https://gizmeo.eu/makrophotos-von-insekten/");
    expect(related.mainText).toContain("Stop posting your hackfressen");
    expect(related.mainText).not.toContain("das allererste Firefox-Phone der Welt");
    const gallery = extractPage(perspective, "https://ext.theperspective.com/items-we-never-knew-we-wanted/1/");
    expect(gallery.mainText).toContain("The dawn of the internet brought about a lot of changes");
    expect(gallery.mainText).not.toContain("It adds a fun futuristic flair to any kitchen");
  });

  it("keeps a list whose items link pages inside their sentences (in an inline wrapper too), and still drops a list of cards titled by their links", () => {
    const para = (n: number) =>
      `<p>Der Rat hat am Montag den Haushalt für das kommende Jahr beschlossen, Teil ${n}, nach einer langen Debatte über die Schulen, die Straßen und die Bäder der Stadt, die seit Jahren auf eine Sanierung warten.</p>`;
    const page = (item: (n: number) => string) =>
      mainOf(`<html><head><title>Haushalt</title><meta property="og:type" content="article"></head><body><main><article><h1>Haushalt beschlossen</h1>${para(1)}${para(2)}<ul>${[1, 2, 3, 4].map(item).join("")}</ul>${para(3)}</article></main></body></html>`);
    const inSentences = page((n) => `<li>Punkt ${n}: Die Stadt saniert <a href="/schulen/schule-${n}">die Grundschule am Marktplatz Nummer ${n}</a> bis zum Herbst und baut dort eine Mensa.</li>`);
    for (let n = 1; n <= 4; n++) expect(inSentences.text).toContain(`Punkt ${n}: Die Stadt saniert die Grundschule am Marktplatz Nummer ${n}`);
    // "<strong><a>…</a></strong>" inside the sentence: the wrapper's line is the sentence.
    const wrapped = page((n) => `<li>Punkt ${n}: Die Stadt saniert <strong><a href="/schulen/schule-${n}">die Grundschule am Marktplatz Nummer ${n}</a></strong> bis zum Herbst und baut dort eine Mensa.</li>`);
    for (let n = 1; n <= 4; n++) expect(wrapped.text).toContain(`Punkt ${n}: Die Stadt saniert die Grundschule am Marktplatz Nummer ${n}`);
    const cards = page((n) => `<li><a href="/news/story-${n}">Eine ganz andere Geschichte Nummer ${n}</a><p>Wie ein Dorf seine Brücke rettete, und was daraus wurde.</p></li>`);
    expect(cards.text).not.toContain("Eine ganz andere Geschichte");
    expect(cards.text).toContain("Teil 3");
  });

  it("reads a generated style class named for the tag it styles as no role: an article whose paragraphs are all \"tagStyle_…\" stays whole", () => {
    const para = (n: number) =>
      `<p class="tagStyle_z4kqwb-o_O-style_1tcxgp3">Die Schiedsrichter haben am ${n}. Spieltag mehrere strittige Entscheidungen getroffen, über die seither diskutiert wird.</p>`;
    const main = mainOf(
      `<html><head><title>Tabelle</title><meta property="og:type" content="article"></head><body><main><article><h1 class="tagStyle_mxz06e">Die Tabelle ohne Fehlentscheidungen</h1>${[1, 2, 3, 4, 5, 6].map(para).join("")}<p class="tags">Tags: <a href="/t/a">Bundesliga</a> <a href="/t/b">Schiedsrichter</a> <a href="/t/c">Tabelle</a></p></article></main></body></html>`,
    );
    for (let n = 1; n <= 6; n++) expect(main.text).toContain(`am ${n}. Spieltag`);
    // A class that names a tag list still is one.
    expect(main.text).not.toContain("Tags:");
  });

  it("keeps the page's main landmark when Readability settles on teasers beside it and the landmark holds more prose (novalanalove.com)", () => {
    const page = extractPage(novalanalove, "https://novalanalove.com/ear-candy/");
    expect(page.mainText).toContain("Lui Lu hat ein ganz tolles Konzept entworfen");
    // The teasers of other posts Readability had taken.
    expect(page.mainText).not.toContain("Final Summer Sale");
    expect(page.mainSource?.reason).toContain("so the landmark");
  });

  it("keeps list items whose link follows the item's own text (a glossary's list of models)", () => {
    const para = (n: number) =>
      `<p>Leadership styles can be classified on the basis of a behavioral or a situational approach, part ${n}, and each approach is made of several theories and models, which the sections below explain one by one, with the researchers who gave them and the situations in which they hold.</p>`;
    const page = (item: (n: number) => string) =>
      mainOf(`<html><head><title>Leadership</title><meta property="og:type" content="article"></head><body><main><article><h1>Leadership styles</h1>${Array.from({ length: 12 }, (_, i) => para(i + 1)).join("")}<ol>${[1, 2, 3, 4].map(item).join("")}</ol>${para(13)}</article></main></body></html>`);
    const after = page((n) => `<li><strong>Model ${n}: </strong>This theory, number ${n}, was given by a researcher who identified the situational variables that decide the style. To know more click: <br><strong><a href="/model-${n}.html">The contingency model number ${n}</a></strong></li>`);
    for (let n = 1; n <= 4; n++) expect(after.text).toContain(`This theory, number ${n}, was given by a researcher`);
  });

  it("adds no teaser card's excerpt after the article, a row of cards with a \"more\" link after it included (chemie.de)", () => {
    const page = extractPage(chemie, "https://www.chemie.de/news/1178836/empa-spin-off-revolutioniert-die-messung-von-treibhausgasen-und-luftschadstoffen.html");
    expect(page.mainText).toContain("Mehrere Quantenkaskadenlaser in einem Gerät vereint");
    // "Mehr über Empa": picture, linked title and excerpt, three times, then "Mehr News von Empa".
    expect(page.mainText).not.toContain("Vom 26. November bis 2. Dezember 2022 trifft sich");
    expect(page.mainText).not.toContain("Das US-Magazin «TIME» publiziert alljährlich");
  });

  it("takes no teaser's excerpt that a \"weiter lesen\" link to another page follows as the article's lead (cdu-fraktion-erfurt.de), and keeps a caption that a \"Read More\" unfolding the article follows (phillyvoice.com)", () => {
    const teasers = extractPage(cduErfurt, "http://www.cdu-fraktion-erfurt.de/inhalte/aktuelles/entwicklung-der-waldorfschule-ermoeglicht/index.html");
    expect(teasers.mainText).toContain("Waldorfschule in Bischleben");
    // A carousel of five teasers before the article: date, headline, excerpt, "weiter lesen".
    expect(teasers.mainText).not.toContain("Die CDU-Fraktion im Erfurter Stadtrat ist verärgert");
    expect(teasers.mainText).not.toContain("CDU-Bildungspolitiker Michael Hose würdigt");
    const unfolded = extractPage(phillyVoice, "https://www.phillyvoice.com/sixers-76ers-score-record-news-analysis-celtics-joel-embiid-tyrese-maxey-jayson-tatum/");
    expect(unfolded.mainText).toContain("Joel Embiid and Krisapts Porzingis jump center");
    expect(unfolded.mainText).toContain("In perhaps their biggest game of the young NBA season");
  });

  it("keeps the article's list of sources under its \"Quellen\" line, though each item links the study it cites (angelmagazin.de), and still drops a list of links to other stories", () => {
    const page = extractPage(angelmagazin, "https://angelmagazin.de/fische-schmerzen/");
    expect(page.mainText).toContain("Braithwaite, V.A./Ebbesson, L.O.E. (2014): Pain and stress responses in farmed fish");
    expect(page.mainText).toContain("Rose, J. D. et al. (2013): Can fish really feel pain?");
    const para = (n: number) =>
      `<p>Fische reagieren auf schädliche Reize mit Stress, Befund ${n}, wie mehrere Studien der letzten Jahre an Lachsen und Forellen im Labor gezeigt haben.</p>`;
    const items = [1, 2, 3, 4].map((n) => `<li><a href="/news/${n}">Noch eine ganz andere Geschichte über Angeln Nummer ${n}</a></li>`).join("");
    const main = mainOf(`<html><head><title>Schmerz</title><meta property="og:type" content="article"></head><body><main><article><h1>Schmerz</h1>${para(1)}${para(2)}${para(3)}<p><strong>Mehr zum Angeln</strong></p><ul>${items}</ul></article></main></body></html>`);
    expect(main.text).toContain("Befund 3");
    expect(main.text).not.toContain("Noch eine ganz andere Geschichte");
  });

  it("leaves out the text of an element whose role says it is a button (\"Bild anzeigen\" under each of a recipe's steps: backen.de), and keeps an accordion's question that a heading holds", () => {
    const recipe = extractPage(backen, "https://backen.de/rezept/maulwurfkuchen-mit-erdbeeren");
    expect(recipe.mainText).toContain("fette den Boden der Springform mit etwas Butter ein");
    expect(recipe.mainText).not.toContain("Bild anzeigen");
    const para = (n: number) =>
      `<p>Die Antwort auf Frage ${n}: Der Teig sollte mindestens eine Stunde ruhen, damit das Mehl quellen kann und der Boden beim Backen nicht reißt.</p>`;
    const faq = [1, 2, 3].map((n) => `<div role="button" aria-expanded="false"><h3>Wie lange ruht der Teig, Frage ${n}?</h3></div>${para(n)}`).join("");
    const main = mainOf(`<html><head><title>Fragen</title><meta property="og:type" content="article"></head><body><main><article><h1>Fragen zum Kuchen</h1>${faq}</article></main></body></html>`);
    expect(main.text).toContain("Wie lange ruht der Teig, Frage 2?");
    expect(main.text).toContain("Die Antwort auf Frage 3");
  });

  it("leaves out a heading shown three times or more, the template's over every tab or slide (nestle-family.com), and keeps the sections' own headings", () => {
    const recipe = extractPage(nestle, "https://www.nestle-family.com/en/recipes/roasted-chicken-oriental-rice");
    expect(recipe.mainText).toContain("2 tablespoons vegetable oil");
    expect(recipe.mainText).not.toContain("Oriental Rice with");
    const slide = (n: number, title: string) =>
      `<div class="slide"><h2>Die Kolonien des Reiches</h2><h3>${title}</h3><p>Abschnitt ${n}: Die Verwaltung der Gebiete lag bei wenigen Beamten, die Bevölkerung hatte kaum Rechte und musste Abgaben leisten.</p></div>`;
    const main = mainOf(`<html><head><title>Kolonien</title><meta property="og:type" content="article"></head><body><main><article><h1>Kolonien</h1>${slide(1, "Erwerb")}${slide(2, "Verwaltung")}${slide(3, "Widerstand")}</article></main></body></html>`);
    expect(main.text).not.toContain("Die Kolonien des Reiches");
    for (const title of ["Erwerb", "Verwaltung", "Widerstand"]) expect(main.text).toContain(title);
    expect(main.text).toContain("Abschnitt 3");
  });

  it("leaves out a blog template's sentence about the post (\"Der Beitrag wurde am … veröffentlicht und wurde unter … abgelegt\": whiskyverkostung.com, auto-presse.de)", () => {
    const filed = extractPage(whisky, "https://www.whiskyverkostung.com/termine-whisky-tastings-januar-mai-2020-halle-saale/5805");
    expect(filed.mainText).not.toContain("Der Beitrag wurde am");
    expect(filed.mainText.length).toBeGreaterThan(1000);
    const tagged = extractPage(autoPresse, "https://auto-presse.de/autonews.php?newsid=6486285");
    expect(tagged.mainText).toContain("Toyota");
    expect(tagged.mainText).not.toContain("mit den Stichwörtern");
  });

  it("takes no advertiser disclosure or call to the reader before the article as its lead (thepointsguy.com), and keeps the lead picture's credit", () => {
    const page = extractPage(pointsGuy, "https://thepointsguy.com/news/alaska-airlines-oneworld-membership-new-date/");
    expect(page.mainText).not.toContain("This post contains references to products from one or more of our advertisers");
    const para = (n: number) =>
      `<p>Die Fluggesellschaft tritt dem Bündnis im nächsten Frühjahr bei, Schritt ${n}, nachdem die Verhandlungen über die gemeinsamen Vielfliegerprogramme abgeschlossen sind.</p>`;
    const main = mainOf(
      `<html><head><title>Bündnis</title><meta property="og:type" content="article"></head><body><main><h1>Neues Bündnis</h1><p>Hinweis: Dieser Beitrag enthält Affiliate-Links. Wenn Sie über diese Links einkaufen, erhalten wir eine Provision, für Sie ändert sich am Preis nichts.</p><div class="img-caption">Foto: Shanghai Electric</div><article>${para(1)}${para(2)}${para(3)}${para(4)}</article><p>Abonnieren Sie jetzt unseren Newsletter und verpassen Sie keine Nachricht mehr aus der Welt des Reisens.</p></main></body></html>`,
    );
    expect(main.text).toContain("Schritt 4");
    // The credit under the headline is still taken as the lead's (a notice before it is left out anyway).
    expect(main.text).toContain("Foto: Shanghai Electric");
  });

  it("leaves out a row of cards that each close with a \"Mehr erfahren\" link to their story under a heading of their own (greenpeace.de)", () => {
    const page = extractPage(greenpeace, "https://www.greenpeace.de/engagieren/nachhaltiger-leben");
    expect(page.mainText).toContain("Greenpeace-Freiwillige setzen jedes Jahr ein positives Gegengewicht");
    expect(page.mainText).not.toContain("Was ist der Earth Overshoot Day?");
    expect(page.mainText).not.toContain("Mehr erfahren");
    expect(page.mainSource?.reason).toContain("teaser cards");
  });

  it("leaves a server's error messages out, and reads the page they came before (colours-of-the-soul.alhelm.net)", () => {
    // 266 PHP messages: before the doctype ("<br />\n<b>Deprecated</b>: Assigning the return value of new by
    // reference is deprecated in <b>/www/htdocs/…/wp-settings.php</b> on line <b>520</b><br />"), and inside the article.
    expect(colours.match(/<b>(?:Strict Standards|Deprecated|Warning|Notice)<\/b>:/g)?.length).toBe(266);
    const page = extractPage(colours, "http://www.colours-of-the-soul.alhelm.net/trnd-projekt-g-data-internetsecurity-2009/");
    expect(page.mainText).toContain("Bei dem nächsten trnd-Projekt, welches ich Euch noch gar nicht vorgestellt habe");
    expect(page.mainText).not.toMatch(/Strict Standards|on line \d+/);
    // The messages before the doctype hid the <html lang="de"> behind them.
    expect(page.metadata?.language[0]).toMatchObject({ value: "de", provenance: "<html lang>" });
  });

  it("leaves the writer's biography under the article out (californiaglobe.com), and keeps sentences that only start alike", () => {
    const page = extractPage(californiaGlobe, "https://californiaglobe.com/section-2/amazon-liable-for-defective-third-party-products-rules-ca-appelate-court/");
    expect(californiaGlobe).toContain("Evan V. Symon is the Senior Editor for the California Globe.");
    expect(page.mainText).toContain("Amazon");
    expect(page.mainText).not.toContain("Evan V. Symon is the Senior Editor");
    expect(page.mainSource?.reason).toContain("author bio");
    expect(readerNotice("Evan Tepest ist Autor*in und Journalist*in. Evans Essayband erschien im März.")).toBe("author bio");
    // A shop's name before "is where", a company's "Founders Edition": no one's biography.
    expect(readerNotice("Best Buy is where you can find the Founders Edition, as well as cards from Gigabyte, Asus, PNY, EVGA and MSI.")).toBeNull();
    expect(readerNotice("Among local presenters is Professor Gordon Shirley, Chief Executive Officer of the Port Authority.")).toBeNull();
  });

  it("leaves out structured data the page hides from readers, however long (drk.de)", () => {
    // A display:none NewsArticle (itemscope) at the top of the press release spells out its headline, dates and publisher.
    const page = extractPage(drk, "https://www.drk.de/presse/pressemitteilungen/meldung/drk-immer-mehr-menschen-wegen-klimawandel-auf-hilfe-angewiesen/");
    expect(page.mainText).toContain("Vor Beginn der UN-Klimakonferenz");
    expect(page.mainText).not.toContain("2021-10-27T20:35:36+01:00");
    expect(page.mainText).not.toContain("Carstennstraße 58");
  });

  it("leaves a paywall's offer with its sign-up form out (badische-zeitung.de), and keeps the locked article a paywall class wraps", () => {
    const page = extractPage(badische, "https://www.badische-zeitung.de/viele-studierende-sind-noch-verzweifelt-auf-wohnungssuche-in-freiburg");
    expect(page.mainText).toContain("Gesine aus Tübingen läuft die Zeit davon");
    expect(page.mainText).not.toContain("Bereits Abonnent/in?");
    expect(page.mainText).not.toContain("BZ-Digital Basis");
    const para = (n: number) => `<p>Der Gemeinderat hat am Dienstag nach langer Debatte beschlossen, das Hallenbad im Stadtteil ${n} bis zum Sommer zu sanieren, obwohl die Kosten seit dem ersten Gutachten um ein Drittel gestiegen sind und der Kämmerer vor neuen Schulden gewarnt hat.</p>`;
    const locked = mainOf(`<html><head><title>Hallenbad</title><meta property="og:type" content="article"></head><body><main><article><h1>Hallenbad wird saniert</h1>${para(1)}<div class="paywall">${para(2)}${para(3)}<button>Artikel merken</button></div></article></main></body></html>`);
    expect(locked.text).toContain("im Stadtteil 3 bis zum Sommer");
  });

  it("leaves the rules for readers' comments out (lokalo.de)", () => {
    const page = extractPage(lokalo, "https://lokalo.de/artikel/310144/weinbergsbahnen-in-erden-nicht-manipuliert-ermittlungen-zu-trittenheimer-fall-gehen-weiter/");
    expect(lokalo).toContain("Die Redaktion behält sich vor, Lesermeinungen zu kürzen.");
    expect(page.mainText).not.toContain("Lesermeinungen zu kürzen");
    expect(readerNotice("Comments are moderated and will appear after approval.")).toBe("notice");
    expect(readerNotice("Die Kommentare der User geben nicht notwendigerweise die Meinung der Redaktion wieder.")).toBe("notice");
    // A report about a court that deletes nothing is no rule for comments.
    expect(readerNotice("Das Gericht behält sich vor, das Urteil schriftlich zu begründen.")).toBeNull();
  });

  it("removes PHP's error messages in the form it prints them, and nothing that only looks like one", () => {
    const php = "<p>Erster Absatz.</p><br />\n<b>Warning</b>:  Use of undefined constant X - assumed 'X' in <b>/home/site/functions.php</b> on line <b>45</b><br />\n<p>Zweiter Absatz.</p>";
    expect(withoutServerErrors(php)).toBe("<p>Erster Absatz.</p>\n<p>Zweiter Absatz.</p>");
    const prose = "<p><b>Warning</b>: do not feed the animals, as the sign on line 3 of the trail says.</p>";
    expect(withoutServerErrors(prose)).toBe(prose);
  });

  it("keeps a picture's credit in a block its class calls a caption, outside any figure element (\"img-caption\", \"slide-caption\")", () => {
    const para = (n: number) =>
      `<p>Die Halle am Stadtrand wurde nach zwei Jahren Bauzeit eröffnet, Abschnitt ${n}, und bietet den Vereinen der Stadt nun Platz für Training, Turniere und Feste.</p>`;
    const main = mainOf(
      `<html><head><title>Sportzentrum</title><meta property="og:type" content="article"></head><body><main><article><h1>Ein neues Sportzentrum</h1>${para(1)}${para(2)}<div class="two-image-item"><img src="/a.jpg" alt=""><div class="img-caption">Fotos: © Burkard Meyer</div></div>${para(3)}<div class="rt-slide"><img src="/b.jpg" alt=""><div class="slide-caption"><em>photo: khamkhor via Pixabay</em></div></div>${para(4)}</article></main></body></html>`,
    );
    expect(main.text).toContain("Fotos: © Burkard Meyer");
    expect(main.text).toContain("photo: khamkhor via Pixabay");
    expect(main.text).toContain("Abschnitt 4");
  });

  it("leaves a booking calendar's months of day numbers out (mueritzurlauber.de), and keeps a table of figures", () => {
    const page = extractPage(mueritz, "http://www.mueritzurlauber.de/blockhaus-typ-3/");
    expect(page.mainText).toContain("Das helle und liebevoll eingerichtete Blockhaus 1 hat eine Wohnfläche von 63m²");
    expect(page.mainText).not.toMatch(/Mo Di Mi Do Fr Sa So/);
    expect(page.mainText).not.toContain("Oktober 2020");
    expect(page.mainSource?.reason).toContain("calendar");
    // Small numbers that do not count up day by day are figures, not a calendar.
    const row = (n: number) => `<tr><td>${n % 7}</td><td>${(n * 5) % 31}</td><td>${(n * 11) % 29}</td><td>FC</td></tr>`;
    const figures = `<table><tr><th>Sp</th><th>S</th><th>U</th><th>N</th></tr>${Array.from({ length: 12 }, (_, n) => row(n + 1)).join("")}</table>`;
    const para = (n: number) => `<p>Die Tabelle zeigt die Ergebnisse der Hinrunde, Spieltag ${n}, mit allen Siegen, Unentschieden und Niederlagen der Vereine im Überblick.</p>`;
    const main = mainOf(`<html><head><title>Tabelle</title><meta property="og:type" content="article"></head><body><main><article><h1>Die Tabelle</h1>${para(1)}${figures}${para(2)}</article></main></body></html>`);
    expect(main.text).toContain("Sp S U N");
  });

  it("leaves out the signature of each question and answer on a Q&A site: who answered, when, their badges (german.stackexchange.com)", () => {
    const main = mainOf(stackexchange);
    expect(main.text).toContain("Same in German. \"Ich wurde ausgeraubt\" is the correct passive construction");
    expect(main.text).not.toContain("answered Feb 6, 2014 at 23:35");
    expect(main.text).not.toMatch(/silver badges/);
    expect(main.reason).toMatch(/author box \(\d+\)/);
  });
});

