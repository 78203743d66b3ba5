import { describe, expect, it } from "vitest";
import { extractPage } from "../../workers/crawl/extract";
import { mainOf } from "./main-content-pages";
import journelles from "../fixtures/real/pages/journelles.de.westwing.html?raw";
import mannschaft from "../fixtures/real/pages/mannschaft.com-katar.html?raw";
import autoMotor from "../fixtures/real/pages/auto-motor.at-hyundaitest.html?raw";
import haenselblatt from "../fixtures/real/pages/haenselblatt.com.chinese.html?raw";
import phillyvoice from "../fixtures/real/pages/phillyvoice.com-Sixers.html?raw";
import timesOfIsrael from "../fixtures/real/pages/timesofisrael.com.washington.html?raw";
import lbv from "../fixtures/real/pages/lbv.de-Bavaria.html?raw";
import zdh from "../fixtures/real/pages/zdh.de-foerderungsstopp.html?raw";
import munich from "../fixtures/real/pages/munich2022.com-topathleten.html?raw";
import exxpress from "../fixtures/real/pages/exxpress.at-zaehne.html?raw";
import ejwue from "../fixtures/real/pages/ejwue.de.lieferketten.html?raw";
import houzz from "../fixtures/real/pages/houzz.de-Projekte.html?raw";
import tagblatt from "../fixtures/real/pages/0a29620f9c4347758c146ed06dab6f3e.html?raw";
import automobilwoche from "../fixtures/real/pages/automobilwoche.de-VW-Betriebsversammlung.html?raw";
import { storyParagraph } from "./main-content-pages";

// What the main content restores around Readability's article and what it leaves out there, on real pages.

describe("main content around Readability's article", () => {
  it("restores what Readability dropped between the lead it left out and its article (a real page: journelles.de's gift guide)", () => {
    const page = extractPage(journelles, "https://www.journelles.de/gift-guide-westwing-22/");
    expect(page.mainSource?.method).toBe("merged");
    for (const item of ["Knotenkissen: Für Interior-Liebhaber", "Buchstützen: Ein Geschenk der Kategorie", "Kleine Stehlampe: Ein edler Hingucker"]) expect(page.mainText).toContain(item);
  });

  it("leaves out a row of cards alike that link to other stories with their excerpts after the article (a real page: haenselblatt.com), and keeps cards that link within the page", () => {
    const real = mainOf(haenselblatt);
    expect(real.text).toContain("Die chinesische Geldpflanze ist eine schöne, einzigartige und einfach zu züchtende Zimmerpflanze.");
    expect(real.text).not.toContain("Kann Bambus in Zone 8 wachsen?");
    const prose = "Die Stadt hat am Dienstag beschlossen, die alte Brücke über den Fluss für zwei Jahre zu sperren und in dieser Zeit vollständig zu sanieren, wie die Verwaltung mitteilte.";
    const card = (href: string, n: number) => `<div class="card"><a href="${href}">Eine andere Geschichte Nummer ${n} aus der Stadt</a><p>Kurzer Anriss der anderen Geschichte, die mit einem Satz neugierig machen soll, Folge ${n}.</p></div>`;
    const page = (href: (n: number) => string) => `<html><head><title>Brücke</title><meta property="og:type" content="article"></head><body><main><article>
      <p>${prose}</p><p>${prose.replace("Dienstag", "Mittwoch")}</p><p>${prose.replace("Dienstag", "Donnerstag")}</p>
      <div class="cards">${[1, 2, 3].map((n) => card(href(n), n)).join("")}</div></article></main></body></html>`;
    expect(mainOf(page((n) => `/andere-geschichte-${n}`)).text).not.toContain("Eine andere Geschichte Nummer 2");
    expect(mainOf(page((n) => `#abschnitt-${n}`)).text).toContain("Eine andere Geschichte Nummer 2");
  });

  it("drops a long disclosure inside the story (peppermynta.de's affiliate note), and keeps a long call to action there, which may be the story's own", () => {
    const prose = "Die Stadt hat am Dienstag beschlossen, die alte Brücke über den Fluss für zwei Jahre zu sperren und in dieser Zeit vollständig zu sanieren, wie die Verwaltung am Abend nach der Sitzung des Stadtrats mitteilte.";
    const disclosure = "Die mit Sternchen (*) gekennzeichneten Links sind sogenannte »Affiliate-Links«. Wenn du auf so einen Affiliate-Link klickst und über diesen Link einkaufst, bekommen wir von dem betreffenden Online-Shop oder Anbieter eine Provision. Für dich verändert sich der Preis nicht.";
    const call = "Folgen Sie uns auf Instagram, denn dort zeigen wir jeden Tag, wie die Arbeiten an der Brücke vorankommen, welche Umleitungen gelten und wann die Behelfsbrücke für Fußgänger und Radfahrer öffnet, mit Bildern von der Baustelle und Antworten auf Ihre Fragen.";
    const main = mainOf(`<html><head><title>Brücke</title><meta property="og:type" content="article"></head><body><main><article>
      <p>${prose}</p><p>${disclosure}</p><p>${call}</p><p>${prose.replace("Dienstag", "Mittwoch")}</p><p>${prose.replace("Dienstag", "Donnerstag")}</p></article></main></body></html>`);
    expect(disclosure.replace(/\W/g, "").length).toBeGreaterThan(200);
    expect(main.text).not.toContain("Affiliate-Link");
    expect(main.text).toContain("Folgen Sie uns auf Instagram");
    expect(main.text).toContain("am Mittwoch beschlossen");
  });

  it("restores a lead its markup names under the headline, shorter than a paragraph of prose (real pages: mannschaft.com's entry-subtitle, auto-motor.at's article-lead)", () => {
    const subtitle = mainOf(mannschaft);
    expect(subtitle.text).toContain("Der ehemalige Mr. Gay Germany will mit einer Petition ein Zeichen gegen Diskriminierung setzen");
    expect(subtitle.reason).toMatch(/of lead before it/);
    expect(mainOf(autoMotor).text).toContain("Das Facelift des Hyundai Santa Fe ist weit über die üblichen Maßnahmen hinaus gegangen");
    // The same line as a link to another story is a teaser, not the lead; nor is a subtitle without a headline above it.
    const subtitleLine = "Der ehemalige Mr. Gay Germany will mit einer Petition ein Zeichen gegen Diskriminierung setzen";
    const linked = mannschaft.replace(`itemprop="description">${subtitleLine}</h2>`, `itemprop="description"><a href="/andere-geschichte">${subtitleLine}</a></h2>`);
    expect(linked).not.toBe(mannschaft);
    expect(mainOf(linked).text).not.toContain(subtitleLine);
    const headless = mannschaft.replace(/<h1\b[^>]*>[\s\S]*?<\/h1>/g, "");
    expect(headless).not.toMatch(/<h1\b/);
    expect(mainOf(headless).text).not.toContain(subtitleLine);
  });

  it("restores the caption of the article's lead picture under the headline (real pages: phillyvoice.com's article-image-caption, timesofisrael.com's caption in its media box)", () => {
    const caption = "Joel Embiid and Krisapts Porzingis jump center";
    const main = mainOf(phillyvoice);
    expect(main.text).toContain(caption);
    expect(main.reason).toMatch(/of lead before it/);
    expect(mainOf(timesOfIsrael).text).toContain("New Washington Supreme Court Justice Raquel Montoya-Lewis is sworn in, Monday, January 6, 2020");
    // A caption that links to another story is a teaser; nor is a caption restored on a page without a headline above it.
    const markup = `<p class="article-image-caption">\n${caption}\n</p>`;
    expect(phillyvoice).toContain(markup);
    const linked = phillyvoice.replace(markup, `<p class="article-image-caption"><a href="/sports/other-story">${caption}</a></p>`);
    expect(mainOf(linked).text).not.toContain(caption);
    const headless = phillyvoice.replace(/<h1\b[^>]*>[\s\S]*?<\/h1>/g, "");
    expect(headless).not.toMatch(/<h1\b/);
    expect(mainOf(headless).text).not.toContain(caption);
  });

  it("keeps a picture with its credit line, and still drops a credit line standing alone (real pages: lbv.de's figure, zdh.de's header picture)", () => {
    // lbv.de: a figure whose text opens with its credit, "© Markus Leitner", then its caption.
    const bird = extractPage(lbv, "https://www.lbv.de/news/details/lebenszeichen-von-bavaria-nach-zwei-monaten-funkstille/");
    expect(bird.mainText).toContain("Der Bartgeier Bavaria im Flug.");
    expect(bird.mainText).toContain("© Markus Leitner");
    expect(bird.mainHtml).toContain("Bavaria%20im%20Flug");
    // zdh.de: the header's picture block, whose only text is its credit in a "copyright" block.
    const roof = extractPage(zdh, "https://www.zdh.de/presse/veroeffentlichungen/pressemitteilungen/kfw-foerderungsstopp-ist-klimapolitisch-fatales-signal/");
    expect(roof.mainText).toContain("Foto: unsplash/Bill Mead");
    expect(roof.mainHtml).toContain("csm_Solardach");
    // A credit on a line of its own, with no picture, is a label.
    const story = `<html><body><main><article><h1>Bridge</h1>${storyParagraph(1)}<p>Foto: dpa</p>${storyParagraph(2)}<figure><img src="/bridge.jpg" alt="The bridge"><figcaption><span class="credit">Foto: Stadt</span> The old bridge in winter.</figcaption></figure>${storyParagraph(3)}</article></main></body></html>`;
    const main = mainOf(story);
    expect(main.text).not.toContain("Foto: dpa");
    expect(main.text).toContain("Foto: Stadt");
    expect(main.text).toContain("The old bridge in winter.");
  });

  it("restores a figure Readability dropped inside its article, however short its caption (a real page: munich2022.com)", () => {
    const url = "https://www.munich2022.com/de/europas-topathleten-fit-fur-munchen-2022";
    const page = extractPage(munich, url);
    expect(page.mainText).toContain("© Matthias Hangst/Getty Images");
    expect(page.mainHtml).toContain("thumb_1954_default_lg.jpeg");
    expect(page.mainSource?.reason).toMatch(/dropped inside it/);
    // A figure without a picture is no picture: its few words stay out.
    const image = munich.indexOf('<img src="https://assets.munich2022.com/default/0001/02/thumb_1954_default_lg.jpeg"');
    const bare = munich.slice(0, image) + munich.slice(munich.indexOf(">", image) + 1);
    expect(bare).not.toBe(munich);
    expect(extractPage(bare, url).mainText).not.toContain("© Matthias Hangst/Getty Images");
  });

  it("restores the short section headings Readability dropped inside its article, and not a label or a linked line (a real page: exxpress.at)", () => {
    const page = extractPage(exxpress, "https://exxpress.at/zaehne-zusammenbeissen-festspiel-reisen-von-van-der-bellen-kosteten-57-000-euro/");
    expect(page.mainText).toContain("Hollywood-Feeling in der Hofburg");
    expect(page.mainText).toContain("Dienstwagen fuhr neben Zug");
    // Its band of share prices above the article holds over a third of the article's letters, and is still no part of it.
    expect(page.mainText).not.toContain("ANDRITZ");
    // The same heading as a label of another story, or as a link to it, is no section of this one.
    const heading = '<h2 style="text-align: left" class="vc_custom_heading running-header">Dienstwagen fuhr neben Zug</h2>';
    expect(exxpress).toContain(heading);
    const label = extractPage(exxpress.replace(heading, heading.replace("Dienstwagen fuhr neben Zug", "Lesen Sie auch")), page.url);
    expect(label.mainText).not.toContain("Lesen Sie auch");
    const linked = extractPage(exxpress.replace(heading, heading.replace("Dienstwagen fuhr neben Zug", '<a href="/andere-geschichte/">Dienstwagen fuhr neben Zug</a>')), page.url);
    expect(linked.mainText).not.toContain("Dienstwagen fuhr neben Zug");
  });

  it("stops the prose after the article at a thematic break: the site's word beneath it stays out (a real page: ejwue.de's news item and its 'about us')", () => {
    const about = "koordiniert, fördert und gestaltet die evangelische Jugendarbeit in Württemberg";
    const main = mainOf(ejwue);
    expect(main.text).toContain("Die Initiative Lieferkettengesetz ist ein Zusammenschluss zahlreicher Organisationen");
    expect(main.text).not.toContain(about);
    // Without the break the same block reads as the article's prose after it.
    const unbroken = ejwue.replace('<hr class="ce-div">', "");
    expect(unbroken).not.toBe(ejwue);
    expect(mainOf(unbroken).text).toContain(about);
  });

  it("does not call Readability and a landmark that shares few of its tokens agreed: the page's text stays (a real page: houzz.de's ideabook)", () => {
    const main = mainOf(houzz);
    expect(main.method).toBe("readability");
    expect(main.reason).toContain("token agreement 37%");
    expect(main.reason).not.toContain("agree (");
    expect(main.text).toContain("Gut zu wissen: Nur ca. drei Prozent der über 2,7 Millionen aktiven Houzz-Fachleute");
  });

  it("keeps the article's text that the page marks as behind a registration wall it shows ('regwalled': a real page, tagblatt.ch), and drops the wall's own box", () => {
    const behind = "Stattdessen setzt «Rain» unversehens Assoziationen in Gang";
    expect(mainOf(tagblatt).text).toContain(behind);
    const wall = tagblatt.replace(/class="text regwalled"/g, 'class="text regwall"');
    expect(wall).not.toBe(tagblatt);
    expect(mainOf(wall).text).not.toContain(behind);
  });

  it("drops the stories a pointer label lists one link to a paragraph ('Lesen Sie auch:': a real page, automobilwoche.de), and keeps a paragraph that is a link to a file or a sentence", () => {
    const main = mainOf(automobilwoche);
    expect(main.text).toContain("Später kündigte der Manager dann doch sein Erscheinen an.");
    expect(main.text).not.toContain("Turbulente Woche für VW-Chef Diess");
    expect(main.reason).toContain("related");
    const page = (after: string) => mainOf(`<html><head><title>Brücke</title><meta property="og:type" content="article"></head><body><main><article>
      ${storyParagraph(1)}${storyParagraph(2)}${storyParagraph(3)}<p>Lesen Sie auch:</p>${after}</article></main></body></html>`);
    expect(page(`<p><a href="/andere-geschichte">Die alte Fähre fährt wieder</a></p><p><a href="/dritte">Neue Radwege am Fluss</a></p>`).text).not.toContain("Die alte Fähre fährt wieder");
    expect(page(`<p><a href="/plan.pdf">Der Sanierungsplan als PDF</a></p>`).text).toContain("Der Sanierungsplan als PDF");
    expect(page(`<p>Die <a href="/andere-geschichte">alte Fähre</a> fährt wieder.</p>`).text).toContain("fährt wieder");
  });
});

