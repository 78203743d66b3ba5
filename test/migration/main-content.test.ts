import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { extractPage } from "../../workers/crawl/extract";
import { cleanChildren } from "../../workers/crawl/html";
import { extractMainContent, type MainContent } from "../../workers/crawl/main-content";
import { attributeKind } from "../../workers/crawl/main-content/boilerplate";
import { pageHtml } from "../fixtures/site/pages.mjs";
import adMagazin from "../fixtures/real/pages/ad-magazin.de.wellness.html?raw";
import homify from "../fixtures/real/pages/homify.de-Tischdecke.html?raw";
import paginasiete from "../fixtures/real/pages/paginasiete.bo-carabineros.html?raw";
import { readerNotice } from "../../workers/crawl/main-content/notices";
import { divSoupNotice, frenchPost, germanNews, gridArticle, mainOf, newsWithReaderNotices, newsWithStandfirst, productPage, shortPostWithComments, storyWith, type TestPage, url, wordpressPost } from "./main-content-pages";


/** Every piece of the article is in the text, no piece of boilerplate is. */
function expectArticle(main: MainContent, page: TestPage) {
  expect(page.content.filter((c) => !main.text.includes(c))).toEqual([]);
  expect(page.boilerplate.filter((b) => main.text.includes(b))).toEqual([]);
}

describe("main content", () => {
  it("takes Readability's article from a WordPress post and strips the boilerplate around and inside it", () => {
    const main = mainOf(wordpressPost.html);
    expect(["readability", "merged"]).toContain(main.method);
    expect(main.reason).toMatch(/Readability/);
    expectArticle(main, wordpressPost);
    // Headings, lists, tables, figures with captions, quotes and code keep their markup.
    for (const tag of ["<h2>", "<h3>", "<ul>", "<li>", "<table>", "<th>", "<td>", "<figure>", "<figcaption>", "<blockquote>", "<pre>", "<code>"]) {
      expect(main.html).toContain(tag);
    }
    expect(main.html).not.toMatch(/class=|<form|<script/);
    // Readability alone keeps the author box and the newsletter pitch: the boilerplate filter removed them.
    expect(main.reason).toMatch(/removed .*author box/);
    expect(main.reason).toMatch(/newsletter/);
  });

  it("merges the lead paragraph Readability left in the article header back in", () => {
    const main = mainOf(newsWithStandfirst.html);
    expect(main.method).toBe("merged");
    expect(main.reason).toMatch(/plus 1 block\(s\) of lead before it/);
    expectArticle(main, newsWithStandfirst);
    // In document order: the lead comes first.
    expect(main.text.indexOf("Three routes")).toBeLessThan(main.text.indexOf("voted seven to two"));
  });

  it("recognises boilerplate by German and French class names and labels", () => {
    const german = mainOf(germanNews.html);
    expect(german.method).toMatch(/readability|merged/);
    expectArticle(german, germanNews);
    const french = mainOf(frenchPost.html);
    expectArticle(french, frenchPost);
    // "À lire aussi : <link>" inside the article body is a label, not content.
    expect(french.reason).toMatch(/removed .*label/);
  });

  it("drops the teaser, rating and embed labels of Spanish, Portuguese, German and English pages inside the article body", () => {
    const para = (n: number) =>
      `<p>El ministerio publicó el cronograma escolar número ${n}, con las fechas de inicio, las vacaciones de medio año y el cierre del año lectivo para los colegios públicos y privados de todo el país.</p>`;
    const labels = ["Le puede interesar", "PUEDES VER: ¿Qué es la Sunedu?", "Veja também", "Das könnte dich auch interessieren", "Artikel gefallen? Vergiss nicht zu teilen!", "More on this story", "Auch lesen:", "(Noch keine Bewertungen)", "Externer Inhalt"];
    const html = `<html lang="es"><head><title>Cronograma escolar 2022</title></head><body><main><article><h1>Cronograma escolar 2022</h1>${para(1)}${para(2)}<p><strong>${labels[0]}</strong></p>${para(3)}<p><a href="/sunedu">${labels[1]}</a></p>${para(4)}${labels
      .slice(2)
      .map((l) => `<div>${l}</div>`)
      .join(para(5))}${para(6)}</article></main></body></html>`;
    const main = mainOf(html);
    for (let n = 1; n <= 6; n++) expect(main.text).toContain(`cronograma escolar número ${n},`);
    expect(labels.filter((l) => main.text.includes(l))).toEqual([]);
    expect(main.reason).toMatch(/removed .*label/);
  });

  it("drops teasers for other pages, a back link, a labelled date and a rating widget inside the article, and keeps a table of contents, links in sentences and a figure linked to its large image", () => {
    const para = (n: number) =>
      `<p>Die Stadt hat am Montag den Plan für die Sanierung der Fußgängerzone vorgestellt, Abschnitt ${n}, mit neuen Bänken, Bäumen und einem Pflaster, das länger hält als das alte aus dem Jahr 1978.</p>`;
    const html = `<html lang="de"><head><title>Pflaster</title></head><body><main><article><h1>Pflaster-Desaster</h1><div class="entry-content">
      <p class="text-xs">Veröffentlichung: 2. Februar 2022</p>
      <h2><a href="#abschnitt-2">Abschnitt zwei im Überblick</a></h2>${para(1)}
      <p>Die Pläne stehen im <a href="/bericht">Bericht der Verwaltung</a>, den der Rat am Dienstag erhält.</p>${para(2)}
      <h2 class="entry-title"><a href="/blog/andere-geschichte/">Diese neuen Entwicklungen sollten Sie kennen</a></h2>${para(3)}
      <a class="card" href="/blog/dritte-geschichte/"><div class="box-title">Eine ganz andere Geschichte</div><p>Wie ein Dorf seine Brücke rettete.</p></a>${para(4)}
      <a href="/uploads/pflaster-gross.jpg"><figure><img src="/uploads/pflaster.jpg" alt=""><figcaption>Das neue Pflaster am Marktplatz, kurz nach der Verlegung</figcaption></figure></a>
      <div class="tsr-Base"><p><a href="/aktuell/wuhan">Etwa 100 Reisende werden am Flughafen erwartet</a>, mehr im Liveblog.</p></div>${para(5)}
      <div class="floatright"><a href="/"><img src="/start.png" alt=""></a></div> <span id="post-ratings-90871" class="post-ratings">(3 Bewertungen, Durchschnitt: 4,2 von 5)</span>${para(6)}
      <a href="/presse"><i class="fa fa-angle-left"></i>zurück zur Listenansicht</a></div></article></main></body></html>`;
    const main = mainOf(html);
    for (let n = 1; n <= 6; n++) expect(main.text).toContain(`Abschnitt ${n},`);
    // A link back to the same page (a table of contents) and a link inside a sentence stay.
    expect(main.text).toContain("Abschnitt zwei im Überblick");
    // A figure linked to its large image is no teaser: it stays with its caption.
    expect(main.text).toContain("Das neue Pflaster am Marktplatz, kurz nach der Verlegung");
    expect(main.text).toContain("Die Pläne stehen im Bericht der Verwaltung, den der Rat am Dienstag erhält.");
    const gone = ["Veröffentlichung", "Diese neuen Entwicklungen", "Eine ganz andere Geschichte", "Etwa 100 Reisende", "Bewertungen", "zurück zur Listenansicht"];
    expect(gone.filter((g) => main.text.includes(g))).toEqual([]);
    expect(main.reason).toMatch(/removed .*teaser/);
  });

  it("classifies role words in several languages, but not a post's taxonomy classes", () => {
    const kind = (attrs: string) => attributeKind(parseHTML(`<div ${attrs}>x</div>`).document.querySelector("div") as unknown as Element)?.label ?? null;
    expect(kind('class="teilen-leiste"')).toBe("share");
    expect(kind('class="partage-social"')).toBe("share");
    expect(kind('class="compartir"')).toBe("share");
    expect(kind('class="verwandte-artikel"')).toBe("related");
    expect(kind('class="articles-similaires"')).toBe("related");
    expect(kind('id="kommentare"')).toBe("comments");
    expect(kind('id="commentaires"')).toBe("comments");
    expect(kind('class="newsletter-anmeldung"')).toBe("newsletter");
    expect(kind('class="bandeau-cookies"')).toBe("cookie notice");
    expect(kind('class="cmp-consent-layer"')).toBe("cookie notice");
    expect(kind('class="anzeige"')).toBe("ad");
    expect(kind('class="publicite"')).toBe("ad");
    expect(kind('class="brotkrumen"')).toBe("breadcrumb");
    expect(kind('class="sidebar-widget"')).toBe("sidebar");
    expect(kind('aria-label="Share this article"')).toBe("share");
    expect(kind('role="complementary"')).toBe("role=complementary");
    // WordPress's post classes and Drupal's visible fields are content.
    expect(kind('class="post type-post tag-cookies tag-sharing category-comments"')).toBeNull();
    expect(kind('class="field field-label-hidden"')).toBeNull();
    expect(kind('class="entry-content no-print"')).toBeNull();
    expect(kind('class="commentary-body"')).toBeNull();
    expect(kind('class="post-1234 page-id-7 postid-1234"')).toBeNull();
    // A theme's own "post-" classes name roles.
    expect(kind('class="post-author-bio"')).toBe("author box");
    // Author plugins' boxes (geschichtedergegenwart.ch's "pp-multiple-authors-article", "author-description").
    expect(kind('class="pp-multiple-authors-article"')).toBe("author box");
    expect(kind('class="author-description"')).toBe("author box");
    expect(kind('class="autor-info"')).toBe("author box");
    expect(kind('class="post-share-buttons"')).toBe("share");
    expect(kind('class="bs-push-noti-message"')).toBe("subscribe");
    expect(kind('class="editorial-disclosure"')).toBe("promo");
    expect(kind('id="next-post-thumbnails"')).toBe("navigation");
    // A band of share prices (exxpress.at) is not the article; a live ticker of a match is.
    expect(kind('class="stock-bar"')).toBe("ticker band");
    expect(kind('class="marquee first-marquee"')).toBe("ticker band");
    expect(kind('class="liveticker-entries"')).toBeNull();
  });

  it("falls back to the landmark when Readability finds no article (a short product page)", () => {
    const main = mainOf(productPage.html);
    expect(main.method).toBe("landmark");
    expect(main.reason).toMatch(/^Readability (kept only \d+ letters|found no article)/);
    expectArticle(main, productPage);
    expect(main.html).toContain("<h1>Copper watering can, 5 litres</h1>");
  });

  it("keeps the whole landmark of a landing page, hero heading and calls to action included", () => {
    const main = mainOf(pageHtml("/pages/page-2", 2, 24));
    expect(main.method).toBe("landmark");
    expect(main.reason).toMatch(/not an article page \(og:type website\)/);
    expect(main.html).toMatch(/<h1>[^<]+ 2<\/h1>/);
    expect(main.text).toContain("Get started");
  });

  it("uses the browser's layout: a side column and a fixed bar are not content", () => {
    const plain = gridArticle(false);
    const rendered = gridArticle(true);
    // From the HTML alone the right-hand boxes look like more paragraphs of the story.
    const withoutBoxes = mainOf(plain.html);
    expect(plain.boilerplate.every((b) => withoutBoxes.text.includes(b))).toBe(true);
    const withBoxes = mainOf(rendered.html);
    expectArticle(withBoxes, rendered);
    expect(withBoxes.reason).toMatch(/side column/);
    expect(withBoxes.reason).toMatch(/fixed layer/);
    expect(withBoxes.html).not.toMatch(/data-box|data-fixed/);
  });

  it("never takes a fixed layer for the content, even one with more text than the page", () => {
    const main = mainOf(divSoupNotice.html);
    expectArticle(main, divSoupNotice);
    expect(main.reason).toMatch(/removed cookie notice/);
  });

  it("reads the page's own body when linkedom's document.body would miss it", () => {
    // Scripts between </head> and <body>: linkedom's body getter then inserts an empty body.
    const html = wordpressPost.html.replace("</head>", '</head><script>var ready = true;</script>');
    const { document } = parseHTML(html) as unknown as { document: Document };
    void document.body; // extract.ts reads it first, which inserts that empty body
    const main = extractMainContent(document, html, url);
    expect(main.method).toMatch(/readability|merged/);
    expectArticle(main, wordpressPost);
  });

  it("records its choice in the extraction, and layout attributes change neither the HTML nor the hash", () => {
    const plain = extractPage(wordpressPost.html, url);
    expect(plain.mainSource).toEqual({ method: expect.stringMatching(/readability|merged/), reason: expect.stringContaining("Readability"), signals: expect.objectContaining({ fallback: 0 }) });
    const boxed = wordpressPost.html.replace(/<p>/g, '<p data-box="300,900,680,96">').replace(/<h2 /g, '<h2 data-box="300,800,680,40" ');
    const withBoxes = extractPage(boxed, url);
    expect(withBoxes.mainHtml).not.toContain("data-box");
    expect(withBoxes.mainHtml).toBe(plain.mainHtml);
    expect(withBoxes.contentHash).toBe(plain.contentHash);
    const { document } = parseHTML('<div><p data-box="1,2,3,4" data-fixed="">Hi <a href="/x" data-box="5,6,7,8">there</a></p></div>');
    expect(cleanChildren(document.querySelector("div") as unknown as Element, url).html).toBe('<p>Hi <a href="https://www.example.org/x">there</a></p>');
  });

  it("keeps a table's cells words apart in the text, however tightly they are written", () => {
    const { document } = parseHTML("<div><table><tr><th>Oktober</th></tr><tr><td>Mo</td><td>Di</td><td><b>1</b><i>2</i></td></tr></table><p>Frei<b>tag</b></p></div>");
    const clean = cleanChildren(document.querySelector("div") as unknown as Element, url);
    expect(clean.text).toBe("Oktober\nMo Di 12\nFreitag");
    expect(clean.html).toBe("<table><tr><th>Oktober</th></tr><tr><td>Mo</td><td>Di</td><td><b>1</b><i>2</i></td></tr></table><p>Frei<b>tag</b></p>");
  });

  it("drops what the publisher says to the reader in plain paragraphs, and keeps a paragraph of the story that names an app", () => {
    const main = mainOf(newsWithReaderNotices.html);
    expectArticle(main, newsWithReaderNotices);
    expect(main.reason).toMatch(/call to action/);
    expect(main.reason).toMatch(/notice/);
    expect(main.reason).toMatch(/credit/);
    expect(main.reason).toMatch(/page error/);
  });

  it("reads reader notices on real pages' wording, in several languages, and not the story's own sentences", () => {
    const cases: [string, string | null][] = [
      ["Follow The Gleaner on Twitter and Instagram @JamaicaGleaner and on Facebook @GleanerJamaica.", "call to action"],
      ["For the latest stories and breaking news updates download the Nationnews apps for iOS and Android.", "call to action"],
      ["To view the full story, please subscribe to The Haitian Times.", "call to action"],
      ["¿Ya sabías que en Guatemala.com tenemos canal de Telegram? Únete desde tu celular en este enlace.", "call to action"],
      ["Tú también puedes hacer periodismo incómodo. Cancela cuando quieras.", "call to action"],
      ["Möchten Sie den Artikel teilen?", "call to action"],
      ["Gefällt dir unser Klettermagazin?", "call to action"],
      ["Zapraszamy też do subskrypcji naszego kanału.", "call to action"],
      ["Trotz sorgfältiger inhaltlicher Kontrolle übernehmen wir keine Haftung für die Inhalte externer Links.", "notice"],
      ["Materiał chroniony prawem autorskim.", "notice"],
      ["GIS NOW Grenada is not responsible for the opinions, statements or media content presented by contributors.", "notice"],
      ["TebNad/Shutterstock.com", "credit"],
      ["Augusta National/Getty Images", "credit"],
      ["Imagen: Télam", "credit"],
      ["Warning: Creating default object from empty value in /home/site/index.php on line 52", "page error"],
      ["Simply pop your email into the box at the top of this article and get all the latest news direct to your inbox.", "call to action"],
      ["You can unsubscribe from this service at any time. And rest assured that your data will not be shared.", "call to action"],
      ["Die mit Sternchen (*) gekennzeichneten Links sind sogenannte »Affiliate-Links«. Wenn du auf so einen Link klickst, erhalten wir eine Provision.", "notice"],
      ["Hinweis: Sie verwenden einen Browser, der in all seiner Altertümlichkeit jenseits von Gut und Böse ist.", "notice"],
      ["Lade für ein besseres Erlebnis einen neueren Browser kostenfrei herunter. Klicke dafür einfach auf das Symbol!", "notice"],
      ["Noch 10 Gratis-Artikel diesen Monat.", "notice"],
      // A paywall's call to read on (topagrar.com), and a sentence that reads on with a plus sign in it.
      ["Mit top+ weiterlesen", "call to action"],
      ["Jetzt mit SZ Plus weiterlesen", "call to action"],
      ["Weiterlesen mit Z+", "call to action"],
      ["Die Patienten konnten mit dem Medikament weiterlesen, sagte die Ärztin.", null],
      ["You have 2 free articles left this month.", "notice"],
      ["Diese Seite zeigt gesponserten Marketing-Inhalt, Quell- und Informationslinks sowie extern eingespielte Banner.", "notice"],
      // The placeholder of an embedded post held back until the reader consents (munich2022.com, omr.com, familie.de).
      ["Um Deine persönlichen Daten zu schützen, haben wir das automatische Laden der Inhalte von twitter.com blockiert. Wenn Dir Inhalte dieses Anbieters angezeigt werden sollen, stimme bitte zu.", "notice"],
      ["Ich bin einverstanden, dass ich diesen Inhalt angezeigt bekomme und dadurch meine personenbezogenen Daten an den Betreiber des Portals übermittelt werden.", "notice"],
      ["Ich bin damit einverstanden, dass mir externe Inhalte angezeigt werden. Damit können personenbezogene Daten an Drittplattformen übermittelt werden.", "notice"],
      ["I agree that external content is shown to me. Your personal data may be transferred to the third-party platform.", "notice"],
      // The comment form's login notice, and a call to donate asked the other way round (kath.net).
      ["Um selbst Kommentare verfassen zu können müssen Sie sich bitte einloggen.", "notice"],
      ["You must be logged in to post a comment.", "notice"],
      ["Ihnen hat der Artikel gefallen? Bitte helfen Sie kath.net und spenden Sie jetzt via Überweisung!", "call to action"],
      ["Um Kommentare zu verfassen, traf sich die Redaktion am Montag mit den Lesern.", null],
      ["Der Stadtrat war einverstanden, dass die Inhalte der Ausstellung im Museum angezeigt werden.", null],
      ["The paper offered readers 10 free articles a month before it built its paywall, the editor said.", null],
      ["The council will update its browser-based booking system next spring, the mayor said.", null],
      ["Readers who sign up for the course receive a printed handbook and a certificate.", null],
      ["The company said it would follow the rules on data protection.", null],
      ["Fans can follow the race on YouTube from the start in Monaco.", null],
      ["Die Ministerin will die Gebühren nicht erhöhen, sagte sie am Montag.", null],
      ["Getty Images agreed to pay photographers more for their work from next year.", null],
    ];
    for (const [text, kind] of cases) expect(readerNotice(text), text).toBe(kind);
  });

  it("leaves a long comment thread after a short post out, though it is most of the landmark's prose", () => {
    const main = mainOf(shortPostWithComments.html);
    expectArticle(main, shortPostWithComments);
    expect(main.method).toBe("readability");
  });

  it("leaves an article's headline at the top of its content to the title field (a real page: paginasiete.bo)", () => {
    const pagina = extractPage(paginasiete, "https://www.paginasiete.bo/seguridad/2022/5/3/policia-anuncia-coordinacion-con-carabineros-para-investigar-otros-casos-de-robo-de-vehiculos-330199.html");
    expect(pagina.mainText).toContain("el inspector general de la Policía, Álvaro Álvarez");
    expect(pagina.mainText).not.toContain("Policía anuncia coordinación con Carabineros");
    expect(pagina.mainSource?.reason).toMatch(/headline/);
    // "También puede leer:" and a link to another story, between two of the article's paragraphs: a pointer, not the story.
    expect(pagina.mainText).not.toContain("Tras escándalo en la Policía, jefe de bancada del MAS");
    expect(pagina.mainText).toContain("Tenemos conocimiento de que existe una cantidad importante");
  });

  it("drops a line that points to another story in the words sites use for it, in several languages", () => {
    for (const label of ["Siehe auch:", "Lees ook:", "Zobacz też:", "Lire également :", "Läs även:", "Related stories:", "Lesetipp:", "Nota relacionada:", "Lesen Sie dazu auch:", "Zum Thema:"]) {
      const main = storyWith(`<p><strong>${label}</strong> <a href="/2024/03/other-story/">The ferry returns for the summer season</a></p>`);
      expect(main.text, label).toContain("Paragraph 2 of the story");
      expect(main.text, label).not.toContain("The ferry returns");
    }
  });

  it("drops a byline on a line of its own, and keeps short lines that start alike", () => {
    const lines = ["von Daniela Obers", "Von Gregory Lipinski", "von MORITZ PAPPERT", "By Jane van der Berg", "Autorin: Anna Weiß", "Von Volkmar Kabisch, Jan Lukas Strozyk und Benedikt Strunz, NDR"];
    // The words the metadata reader knows bylines by (metadata/visible.ts), in the same languages.
    lines.push("di Mario Rossi", "Text: Jana Novak", "Interview: Ola Nordmann", "av Kari Nordmann", "Redaktion: Peter Maahn", "Ein Beitrag von Jana Novak", "Gastbeitrag von Ola Nordmann");
    const kept = ["Von Montag an gilt die Sperre.", "By car: twenty minutes", "By the river", "Von Berlin nach Hamburg, Bremen und Kiel", "Ein Beitrag von gestern, den wir heute zeigen"];
    const main = storyWith([...lines, ...kept].map((l) => `<p>${l}</p>`).join(""));
    expect(lines.filter((l) => main.text.includes(l))).toEqual([]);
    expect(kept.filter((l) => !main.text.includes(l))).toEqual([]);
  });

  it("drops a reading-time line, an edit stamp, a gallery's and a download's label, a broadcaster's note and a permalink line", () => {
    const lines = ["Lesezeit: 4 Minuten", "5 min read", "przeczytanie zajmie 4 min", "Zuletzt bearbeitet am 4. Februar 2022 um 08:27 Uhr von der Redaktion", "Slideshow ( 15 images )", "123 KB", "Über dieses Thema berichtete Inforadio am 29. April 2020 um 09:53 Uhr."];
    const sentence = "Lesezeit ist knapp: Die Ingenieure brauchen jeden Morgen 5 Minuten, um die Pegel abzulesen, sagen sie.";
    const main = storyWith([...lines, sentence].map((l) => `<p>${l}</p>`).join(""), `<p>Permalink: <a href="${url}">${url}</a></p>`);
    expect(lines.filter((l) => main.text.includes(l))).toEqual([]);
    expect(main.text).not.toContain("Permalink");
    expect(main.text).toContain(sentence);
  });

  it("keeps a results table whose rows link to each entry, as adac.de's test tables do, and still drops a list of links", () => {
    const row = (i: number) => `<tr><td><a href="/tests/kindersitz-${i}/">Kindersitz Modell ${i}</a></td><td><a href="/tests/kindersitz-${i}/">${100 + i} Euro</a></td><td><a href="/tests/kindersitz-${i}/">gut (${(1.5 + i / 10).toFixed(1)})</a></td></tr>`;
    const html = `<html><head><title>18 Kindersitze im Test</title><meta property="og:type" content="article"></head><body><main><article><h1>18 Kindersitze im Test</h1>
      <p>Im aktuellen Test wurden 18 verschiedene Kindersitze in punkto Sicherheit, Bedienung, Ergonomie und Schadstoffgehalt geprüft, und elf Modelle sind empfehlenswert.</p>
      <div class="cf m-basic-text"><h2>Die Ergebnisse</h2><table class="m-basic-table"><thead><tr><th>Hersteller/Modell</th><th>Preis</th><th>Note</th></tr></thead><tbody>${[1, 2, 3, 4, 5, 6].map(row).join("")}</tbody></table></div>
      <p>Vier Sitze fallen wegen zu hoher Schadstoffgehalte im Bezugsstoff durch, obwohl sie beim Crashtest gut abgeschnitten haben, und der Hersteller hat bereits reagiert.</p>
      <p>Getestet wurde wie immer nach dem Verfahren, das der ADAC gemeinsam mit der Stiftung Warentest und europäischen Partnerclubs entwickelt hat: Frontal- und Seitenaufprall, Bedienung, Einbau, Ergonomie und Schadstoffe fließen in die Note ein.</p>
      <p>Beim Kauf sollten Eltern den Sitz unbedingt im eigenen Auto ausprobieren, denn nicht jedes Modell passt in jedes Fahrzeug, und ein falsch eingebauter Sitz schützt das Kind deutlich schlechter als ein richtig eingebauter günstiger Sitz.</p>
      <p>Für Babys empfiehlt der ADAC, möglichst lange rückwärts gerichtet zu fahren, mindestens bis zum Alter von fünfzehn Monaten, wie es die neue Norm vorschreibt, und den Sitz nie auf einem Beifahrersitz mit aktivem Airbag zu montieren.</p>
      <div class="cf m-basic-text"><ul><li><a href="/tests/reifen/">Reifentest</a></li><li><a href="/tests/e-bikes/">E-Bike-Test</a></li><li><a href="/tests/helme/">Helmtest</a></li></ul></div></article></main></body></html>`;
    const main = mainOf(html);
    for (const cell of ["Hersteller/Modell", "Kindersitz Modell 1", "Kindersitz Modell 6", "105 Euro"]) expect(main.text).toContain(cell);
    expect(main.text).not.toContain("Reifentest");
  });

  it("keeps a paragraph or a sentence the page shows twice (a desktop and a mobile copy, a headline in two rails) once, and short repeated lines as they are", () => {
    const lead = "Die Stadt hat am Dienstag beschlossen, die alte Brücke über den Fluss für zwei Jahre zu sperren und in dieser Zeit vollständig zu sanieren.";
    const html = `<html><head><title>Brücke wird gesperrt</title><meta property="og:type" content="article"></head><body><main><article>
      <p class="lead-mobile">${lead}</p><p class="lead-desktop">${lead}</p>
      <p>Für Fußgänger und Radfahrer soll eine Behelfsbrücke gebaut werden, die im Frühjahr fertig sein soll; Autos werden über die Umgehungsstraße im Norden geleitet.</p>
      <p>Ja.</p><p>Die Kosten schätzt die Verwaltung auf rund zwölf Millionen Euro, von denen das Land einen großen Teil übernehmen will, wie der Bürgermeister sagte.</p><p>Ja.</p></article></main></body></html>`;
    const main = mainOf(html);
    expect(main.text.split(lead).length - 1).toBe(1);
    expect(main.text.match(/\bJa\./g)).toHaveLength(2);
    // A sentence of a dozen words shown twice (a related story's headline in two teaser rails, corkbeo.ie) is kept once.
    const headline = "Cork doctor issues advice on when to stay at home to stop the spread of Covid-19";
    const twice = mainOf(html.replace("<p>Ja.</p><p>Die Kosten", `<p>${headline}</p><p>Ja.</p><p>Die Kosten`).replace("</article>", `<p>${headline}</p></article>`));
    expect(twice.text.split(headline).length - 1).toBe(1);
  });

  it("drops a labelled publication line however its date is written, and keeps an embedded post's credit and a sentence that starts alike", () => {
    const lines = ["Posted: Thursday, April 21, 2022. 10:11 pm CST.", "Veröffentlicht am 16.08.2019", "Published on May 2, 2020 at 9:14 am"];
    const kept = ["Posted by Pamela Rendi-Wagner on Sunday, February 6, 2022", "Published in 2019, the report found rents had doubled."];
    const html = `<html><head><title>Rents</title><meta property="og:type" content="article"></head><body><main><article>
      ${lines.map((l) => `<div>${l}</div>`).join("")}
      <p>Rents in the capital rose by a fifth last year, the statistics office said on Monday, the steepest rise since the series began in the nineteen-nineties.</p>
      ${kept.map((l) => `<p>${l}</p>`).join("")}
      <p>The council plans to build four thousand flats by the end of the decade, but tenants' groups say that will not be enough to stop the rise in rents.</p></article></main></body></html>`;
    const main = mainOf(html);
    for (const line of lines) expect(main.text).not.toContain(line);
    for (const line of kept) expect(main.text).toContain(line);
  });

  it("returns an empty result for an empty page", () => {
    const main = mainOf("");
    expect(main).toMatchObject({ html: "", text: "", method: "landmark" });
  });
  it("gives no main content for a page of menus and an old-browser notice, rather than the menus (a real page: homify.de)", () => {
    const page = extractPage(homify, "https://www.homify.de/diy/20546/wie-man-eine-runde-tischdecke-in-nur-7-schritten-herstellt");
    expect(page.mainText.trim()).toBe("");
    expect(page.mainSource?.reason).toContain("the boilerplate filter left nothing: no main content");
  });
  it("adds the prose after Readability's article when the article holds under 70% of the landmark (a real page: ad-magazin.de's hotel list)", () => {
    const page = extractPage(adMagazin, "https://www.ad-magazin.de/artikel/wellness-hotels");
    expect(page.mainSource?.reason).toContain("of text after it");
    expect(page.mainText).toContain("Etwa 50 Kilometer von Montpellier entfernt");
    expect(page.mainText).toContain("Aria Retreat & Spa");
  });
  it("drops a line of links to the site's legal pages at the end of an article, and keeps a sentence that links one", () => {
    const html = `<html><head><title>Sternfusion</title><meta property="og:type" content="article"></head><body><main><article><h1>Sternfusion am Teilchenbeschleuniger</h1>
      <p>In Sternen entstehen die Elemente, die schwerer sind als Wasserstoff, und am Beschleuniger lässt sich nachstellen, wie schnell diese Reaktionen unter den Bedingungen im Inneren eines Sterns ablaufen.</p>
      <p>Die Messungen zeigen, dass manche Reaktionen deutlich langsamer sind als bisher angenommen, was die Modelle der Sternentwicklung in einigen Punkten verändert und neue Fragen aufwirft.</p>
      <p>Wie wir Ihre Daten verarbeiten, steht in der <a href="/datenschutz/">Datenschutzerklärung</a>, die wir für diese Folge nicht geändert haben.</p>
      <p align="right"><a href="/impressum/">Impressum | Datenschutz</a></p>
      <ul class="foot"><li><a href="/impressum/">Impressum</a></li><li><a href="/agb/">AGB</a></li><li><a href="/kontakt/">Kontakt</a></li></ul></article></main></body></html>`;
    const main = mainOf(html);
    expect(main.text).toContain("steht in der Datenschutzerklärung");
    expect(main.text).not.toContain("Impressum");
    expect(main.text).not.toContain("AGB");
    expect(main.reason).toContain("legal links");
  });
});
