/** The metadata layer's visible sources: bylines, date lines and other values read from the page's text. */
import { describe, expect, it } from "vitest";
import { LONG, read, values, vp } from "./metadata-helpers";

describe("visible text", () => {
  it("reads a press release's dateline that opens its lead: place, day, then a dash", () => {
    const body = "Die Stadt hat den Hafen nach einer Woche Reparaturen an der Außenmauer wieder geöffnet, teilte die Hafenbehörde in einer Mitteilung auf ihrer Website mit.";
    const m = read(`<html lang="de"><body><article><h1>Hafen wieder offen</h1><p>Hamburg, 02.12.2022 – ${body}</p></article></body></html>`, "https://news.example/hafen");
    expect(vp(m.datePublished)).toEqual([["2022-12-02", "visible date line under the h1"]]);
    // A sentence that names a day between dashes is no dateline.
    const sentence = read(`<html lang="de"><body><article><h1>Hafen wieder offen</h1><p>Die Messe, die am 02.12.2022 – nach zwei Jahren Pause – beginnt, ist ausgebucht. ${body}</p></article></body></html>`, "https://news.example/hafen");
    expect(sentence.datePublished).toEqual([]);
    // After a standfirst, the paragraph that opens the text; not a third one.
    const standfirst = `<p class="intro">Der Hafen ist wieder offen: Nach einer Woche Reparaturen an der Außenmauer hat die Stadt ihn freigegeben, teilte die Hafenbehörde mit.</p>`;
    const second = read(`<html lang="de"><body><article><h1>Hafen wieder offen</h1>${standfirst}<p>02.12.2022 – ${body}</p></article></body></html>`, "https://news.example/hafen");
    expect(vp(second.datePublished)).toEqual([["2022-12-02", "visible date line opening the text"]]);
    const third = read(`<html lang="de"><body><article><h1>Hafen wieder offen</h1>${standfirst}<p>${body}</p><p>02.12.2022 – ${body}</p></article></body></html>`, "https://news.example/hafen");
    expect(third.datePublished).toEqual([]);
  });

  it("reads a day written with slashes as the markup states it, and one written with dots day first", () => {
    const page = (line: string, stated: string) =>
      read(`<html lang="de"><head><meta property="article:published_time" content="${stated}"></head><body><article><h1>Hafen wieder offen</h1><p>${line}</p>${LONG}</article></body></html>`, "https://news.example/hafen");
    expect(vp(page("05/08/2019", "2019-05-08").datePublished)).toEqual([["2019-05-08", "meta article:published_time"]]);
    // Dots are day first: the page shows the 1st of November, whatever its markup says.
    expect(vp(page("01.11.2023", "2023-01-11").datePublished)[0]).toEqual(["2023-11-01", "visible date line under the h1"]);
  });

  it("reads a <time> in a sidebar that heads the article, but not one in a sidebar of other articles", () => {
    const page = (head: string, side: string) =>
      read(`<html lang="de"><body><h1>Burgenland: Best of Ruster Ausbruch DAC</h1><div class="row"><div class="sidebar">${head}</div><div class="content">${LONG}</div><div class="sidebar">${side}</div></div></body></html>`, "https://www.falstaff.de/nd/burgenland/").datePublished;
    const time = (d: string) => `<p class="time"><time datetime="${d}">${d}</time></p>`;
    // The sticky column beside the article, under its headline, holds its date.
    expect(values(page(`<p class="teaser">Auf einen Blick</p>${time("2022-01-28")}`, ""))).toEqual(["2022-01-28"]);
    // A sidebar after a long article lists other articles' dates.
    expect(page("", `<h3>Mehr lesen</h3>${time("2021-12-01")}`)).toEqual([]);
  });

  it("dates an instant stated in UTC by one source and in the site's time by another on the site's day (prensalibre.com)", () => {
    const page = (local: string) =>
      read(`<html><head><meta property="article:published_time" content="2022-04-22T04:04:54+00:00"></head><body><main><h1>Tendencia</h1>
<time class="published" datetime="${local}">21 de abril de 2022</time>${LONG}</main></body></html>`, "https://www.prensalibre.com/guatemala/tendencia/").datePublished;
    const same = page("2022-04-21T22:04:54-06:00");
    expect(same.map((d) => d.value)).toEqual(["2022-04-21T22:04:54-06:00"]);
    expect(same[0]!.agreeing).toContain("<time datetime> in the article");
    // Another instant is another date: the UTC value keeps its own day.
    expect(page("2022-04-21T09:00:00-06:00").map((d) => d.value.slice(0, 10))).toEqual(["2022-04-22", "2022-04-21"]);
    // stluciatimes.com (a Newspaper theme): the only local statement of the instant is the <time> the theme marks
    // "updated", shown as "6 hours ago"; the publication is still dated on the site's day.
    const stamped = read(`<html><head><meta property="article:published_time" content="2022-04-29T02:08:28+00:00"></head><body><main><h1>DEA seizes cocaine</h1>
<time class="entry-date updated td-module-date" datetime="2022-04-28T22:08:28-04:00">6 hours ago</time>${LONG}</main></body></html>`, "https://stluciatimes.com/dea-seizes/");
    expect(stamped.datePublished.map((d) => d.value.slice(0, 10))).toEqual(["2022-04-28"]);
  });

  it("reads a date in the element after its label, and ranks the markup's other day below it (caritas.de)", () => {
    const page = (label: string) =>
      read(`<html lang="de"><head><meta name="DC.date" content="2021-10-15"></head><body><main><h1>Neue Präsidentin gewählt</h1>${LONG}
<div class="eventbox"><span class="eventbox__subheadline">${label}</span> <h2 class="eventbox-event__headline">13.10.2021</h2>
<strong>Herausgeber:</strong> <div class="contact">Pressestelle des Deutschen Caritasverbandes, Karlstraße 40, 79104 Freiburg</div></div></main></body></html>`, "https://www.caritas.de/presse/").datePublished;
    const labelled = page("Erschienen am:");
    expect(vp(labelled)).toEqual([["2021-10-13", "visible date after its label"], ["2021-10-15", "meta DC.date (the page shows another day)"]]);
    // The label and the date in one short line are read as that line.
    const line = read(`<html lang="de"><head><meta name="DC.date" content="2021-10-15"></head><body><main><h1>Neue Präsidentin gewählt</h1>${LONG}
<div><span>Erschienen am:</span> <h2>13.10.2021</h2></div></main></body></html>`, "https://www.caritas.de/presse/").datePublished;
    expect(line.map((v) => v.value)).toEqual(["2021-10-13", "2021-10-15"]);
    // Another label names another date: a heading that holds only a day is no date line.
    expect(vp(page("Anmeldeschluss:"))).toEqual([["2021-10-15", "meta DC.date"]]);
  });

  it("reads a German byline and <time> and the date written in a byline", () => {
    const m = read(`<html lang="de"><head><title>Neue Radwege in Köln | Stadtblatt</title><meta property="og:site_name" content="Stadtblatt"></head><body>
<article><h1>Neue Radwege in Köln</h1><p class="meta" data-box="24,300,400,18">Von Max Mustermann, <time datetime="2024-05-02">2. Mai 2024</time></p>
<p>Die Stadt Köln baut in diesem Jahr zwölf Kilometer neue Radwege. Das hat der Verkehrsausschuss am Dienstag beschlossen, trotz Protesten.</p></article></body></html>`, "https://www.stadtblatt.de/koeln/radwege");
    expect(vp(m.author)).toEqual([["Max Mustermann", "visible byline under the h1"]]);
    expect(m.author[0].strength).toBe(0.68);
    expect(m.author[0].box).toEqual({ x: 24, y: 300, width: 400, height: 18 });
    expect(vp(m.datePublished)).toEqual([["2024-05-02", "<time datetime> in the article"]]);
    expect(vp(m.title)).toEqual([["Neue Radwege in Köln", "<h1> within <title>"]]);

    const text = read(`<html lang="de-DE"><head><title>Neue Radwege in Köln - Stadtblatt</title></head><body><article><h1>Neue Radwege in Köln</h1>
<div class="c-article__byline">Von Max Mustermann und Erika Musterfrau | 5. März 2024, 14:30 Uhr</div><p>Die Stadt Köln baut in diesem Jahr zwölf Kilometer neue Radwege. Das hat der Verkehrsausschuss am Dienstag beschlossen.</p></article></body></html>`, "https://www.stadtblatt.de/koeln/radwege");
    expect(vp(text.author)).toEqual([["Max Mustermann und Erika Musterfrau", "visible byline under the h1"]]);
    expect(text.author[0].strength).toBe(0.72);
    expect(vp(text.datePublished)).toEqual([["2024-03-05T14:30:00", "visible date line under the h1"]]);
    expect(vp(text.siteName)[0]).toEqual(["Stadtblatt", "title part matching the host name"]);
  });

  it("reads a <time> that HTML's pubdate attribute marks as the publication date, whatever its class (publica.pl), and a date-time with a zone's name in place of the T (tvtoday.de)", () => {
    const m = read(`<html><body><article><h1>Harbour reopens</h1><p><time class="updated" datetime="2021-03-16T08:00:48+00:00" pubdate="">16 March 2021</time></p>${LONG}</article></body></html>`);
    expect(vp(m.datePublished)).toEqual([["2021-03-16T08:00:48+00:00", "<time datetime> in the article"]]);
    // (The microformat reader still reads class=updated as the hAtom modified date.)
    expect(vp(m.dateModified ?? [])).toEqual([["2021-03-16T08:00:48+00:00", "hAtom class=updated (time)"]]);
    const zone = read(`<html><head><script type="application/ld+json">{"@type":"NewsArticle","headline":"Harbour reopens","datePublished":"2018-11-28CET11:59:00+0100"}</script></head><body><h1>Harbour reopens</h1>${LONG}</body></html>`);
    expect(values(zone.datePublished)).toEqual(["2018-11-28T11:59:00+01:00"]);
  });

  it("reads a French page: og:locale, a day-first meta date and a 'Par' byline", () => {
    const m = read(`<html><head><title>Recette de la tarte Tatin :: Cuisine Facile</title><meta property="og:locale" content="fr_FR"><meta property="og:title" content="Recette de la tarte Tatin"><meta property="og:site_name" content="Cuisine Facile"><meta name="date" content="12/02/2024"></head>
<body><main><h1>Recette de la tarte Tatin</h1><p class="auteur">Par Claire Dubois, publié le 12 février 2024</p></main></body></html>`, "https://cuisine-facile.fr/tarte-tatin");
    expect(vp(m.language)).toEqual([["fr-FR", "meta og:locale"]]);
    expect(vp(m.author)).toEqual([["Claire Dubois", "visible byline under the h1"]]);
    expect(vp(m.datePublished)).toEqual([["2024-02-12", "meta name=date"]]);
    expect(m.datePublished[0].strength).toBe(0.82); // the byline's written date agrees
    expect(vp(m.title)[0]).toEqual(["Recette de la tarte Tatin", "<h1> within <title>"]);
    expect(m.title[0].agreeing).toContain("meta og:title");
  });

  it("takes the article's <time>, not those of comments, related posts, sidebars or the page footer", () => {
    const m = read(`<html><head><title>Quarterly results</title></head><body><div class="wrap"><div class="post"><h1>Quarterly results</h1><div class="post-meta">Published <time datetime="2024-07-15T08:00:00Z">15 July</time></div>
<p>Revenue rose by a fifth in the second quarter, mostly from the new subscription plans launched in the spring across all regions.</p></div>
<div class="related-posts"><time datetime="2024-06-01">1 June</time></div><div id="sidebar"><time datetime="2024-05-01">1 May</time></div>
<div id="disqus_thread"><div class="comment"><time datetime="2024-07-20T10:00:00Z">20 July</time></div></div></div><div id="footer"><time datetime="2024-01-01">2024</time></div></body></html>`);
    // No article landmark: the block holding the headline and the body text after it is the article.
    expect(vp(m.datePublished)).toEqual([["2024-07-15T08:00:00Z", "<time datetime> in the article"]]);
    expect(m.datePublished[0].strength).toBe(0.69);
    expect(m.dateModified).toEqual([]);
  });

  it("never takes the headline printed in an author slot for the author (wind-energie.de)", () => {
    const m = read(`<html><body><main><h1>Windkraft im Norden wächst weiter</h1><span class="news-list-author">Windkraft im Norden wächst weiter</span>
<div itemprop="author" itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Bundesverband WindEnergie</span></div><p>${"Der Ausbau der Windkraft kommt voran, doch Genehmigungen dauern noch immer zu lange für die Betreiber. ".repeat(2)}</p></main></body></html>`);
    expect(values(m.author)).not.toContain("Windkraft im Norden wächst weiter");
    expect(values(m.author)[0]).toBe("Bundesverband WindEnergie");
  });

  it("reads rel=author links and class-marked bylines, ranking role words and rejecting non-names", () => {
    const m = read(`<html><head><link rel="author" href="https://blog.example/about"></head><body><article><h1>Ten tips</h1>
<div class="entry-meta"><span class="author-name">Admin</span></div><p>First tip: write things down, because memory fades faster than anyone expects when the week gets busy.</p>
<footer class="entry-footer"><a href="/u/lena" rel="author">Lena Fischer</a><span class="author-email">lena@blog.example</span><span class="writer">https://blog.example/lena</span></footer></article></body></html>`, "https://blog.example/tips");
    // "Admin" is a CMS account, not a name.
    expect(vp(m.author)).toEqual([["Lena Fischer", "link rel=author"]]);
    expect(m.author.map((a) => a.strength)).toEqual([0.8]);
  });

  it("reads the name of a marked byline whose one marked child holds only the byline word (kas.de)", () => {
    const page = (word: string) =>
      read(`<html><body><main><h1 class="o-page-headline">Kommunalwahlen in Nordmazedonien</h1>
<div class="c-page-intro__author"><span class="c-page-intro__author-from">${word}</span> Daniel Braun, Davor Pasoski </div>
<p>Die Kommunalwahlen in Nordmazedonien wurden in zwei Runden abgehalten, und die Regierungspartei verlor viele Rathäuser.</p></main></body></html>`, "https://www.kas.de/de/laenderberichte/detail/-/content/kommunalwahlen");
    expect(vp(page("von").author)).toEqual([["Daniel Braun, Davor Pasoski", "visible byline under the h1"]]);
    expect(vp(page("Autor:").author)).toEqual([["Daniel Braun, Davor Pasoski", "visible byline under the h1"]]);
    // A marked child that holds a name is the name, as before.
    expect(vp(page("Daniel Braun").author)[0]).toEqual(["Daniel Braun", "visible byline under the h1"]);
  });

  it("reads links to writers' archives as a byline when their slugs spell the names, co-authors in one line", () => {
    const m = read(`<html><body><article><h1>Ten tips</h1><div class="meta"><a href="/author/lena-fischer/">Lena Fischer</a>,
<a href="/author/jon-roe/">Jon Roe</a></div>${LONG}<div class="box"><a href="/author/lena-fischer/">Alle Artikel</a></div></article></body></html>`, "https://blog.example/tips");
    expect(vp(m.author)).toEqual([["Lena Fischer, Jon Roe", "visible link to the author's page under the h1"]]);
    // A link to the archive whose text is no name its slug spells ("Alle Artikel", "Zur Artikelübersicht") names no one.
    const other = read(`<html><body><article><h1>Ten tips</h1>${LONG}<p><a href="/autor/lena-fischer">Zur Artikelübersicht</a></p></article></body></html>`, "https://blog.example/tips");
    expect(other.author).toEqual([]);
    // A German slug writes the umlauts out ("joerg-mueller" for "Jörg Müller").
    const umlauts = read(`<html><body><article><h1>Ten tips</h1><div class="meta"><a href="/autor/joerg-mueller/">Jörg Müller</a></div>${LONG}</article></body></html>`, "https://blog.example/tips");
    expect(vp(umlauts.author)).toEqual([["Jörg Müller", "visible link to the author's page under the h1"]]);
    // Under the headline, a theme links the name to an archive named by the writer's login (WordPress's
    // user slug; modepilot.de's "/author/modejournalistin/" for "Kathrin Bierling"): a written name of two
    // to four words still counts there; a link that names no one still does not.
    const login = (text: string) =>
      read(`<html><body><article><h1>Ten tips</h1><ul class="meta"><li><a href="/author/modejournalistin/">${text}</a></li><li><time datetime="2019-05-21">21.05.2019</time></li></ul>${LONG}</article></body></html>`, "https://blog.example/tips");
    expect(vp(login("Kathrin Bierling").author)).toEqual([["Kathrin Bierling", "visible link to the author's page under the h1"]]);
    // A name's particles are no words of a link that names no one.
    expect(vp(login("Ursula von der Leyen").author)).toEqual([["Ursula von der Leyen", "visible link to the author's page under the h1"]]);
    for (const text of ["Alle Artikel", "Mehr Beiträge", "Die Redaktion", "The Editors", "Autorenseite von", "Kathrin"]) expect(login(text).author, text).toEqual([]);
    // Further down, an archive link must spell the name.
    const below = read(`<html><body><article><h1>Ten tips</h1>${LONG}<p class="end"><a href="/author/modejournalistin/">Kathrin Bierling</a></p></article></body></html>`, "https://blog.example/tips");
    expect(vp(below.author)).toEqual([]);
    // Newsrooms file their writers under other words: "/staff/", "/redaktion/", "/writer/".
    for (const path of ["/fr/staff/uriel-gadessaud/", "/redaktion/uriel-gadessaud", "/writer/uriel-gadessaud/"]) {
      const staff = read(`<html><body><article><h1>Ten tips</h1><div class="meta"><a href="${path}">Uriel Gadessaud</a></div>${LONG}</article></body></html>`, "https://blog.example/tips");
      expect(vp(staff.author), path).toEqual([["Uriel Gadessaud", "visible link to the author's page under the h1"]]);
    }
    // A member's profile or a team page is no writer's archive.
    const profile = read(`<html><body><article><h1>Ten tips</h1><div class="meta"><a href="/profil/nestle-produkttester">Nestlé Produkttester</a></div>${LONG}</article></body></html>`, "https://blog.example/tips");
    expect(profile.author).toEqual([]);
  });

  it("names the writer of a card linked to their archive by its marked name, not by its picture's credit", () => {
    // '<a href="/autoren/kathrin-fuehres-684124"><picture>…</picture><span>© Kathrin Führes</span><span itemprop="name">Kathrin Führes</span></a>'
    const card = (credit: string) =>
      read(`<html><body><article><h1>Ten tips</h1><div class="meta"><a href="/autoren/kathrin-fuehres-684124"><img src="/k.jpg" alt="Kathrin Führes"><span class="teaser-copyright">${credit}</span><div><span itemprop="name"> Kathrin Führes </span></div></a> am 26.01.2022</div>${LONG}</article></body></html>`, "https://blog.example/tips");
    expect(vp(card("© Kathrin Führes").author)).toEqual([["Kathrin Führes", "visible link to the author's page under the h1"]]);
    expect(vp(card("Foto: Privat").author)).toEqual([["Kathrin Führes", "visible link to the author's page under the h1"]]);
  });

  it("names the writer of a headshot link to their archive by its title or its picture's alt (axios.com)", () => {
    const page = (link: string) => read(`<html><body><main><h1>Ten tips</h1><div class="flex items-center caption">${link}<div class="truncate"><span>Steve LeVine</span></div></div>${LONG}</main></body></html>`, "https://www.axios.com/newsletters/future");
    const titled = page(`<a title="Steve LeVine" href="https://www.axios.com/authors/stevelevine/"><amp-img alt="Steve LeVine" src="/s.png"></amp-img></a>`);
    expect(vp(titled.author)).toContainEqual(["Steve LeVine", "visible link to the author's page under the h1"]);
    const pictured = page(`<a href="/authors/stevelevine/"><img alt="Steve LeVine" src="/s.png"></a>`);
    expect(vp(pictured.author)).toContainEqual(["Steve LeVine", "visible link to the author's page under the h1"]);
    // A picture whose alt is no name the slug spells names no one.
    const logo = page(`<a href="/authors/stevelevine/"><img alt="Axios logo" src="/s.png"></a>`);
    expect(vp(logo.author).map(([, p]) => p)).not.toContain("visible link to the author's page under the h1");
  });

  it("cuts 'Zeige alle Beiträge von' and a trailing arrow off a rel=author link's text", () => {
    const m = read(`<html><body><article><h1>Ten tips</h1>${LONG}<a href="/author/simon/" rel="author">Zeige alle Beiträge von Simon Dückert <span class="meta-nav">→</span></a></article></body></html>`, "https://blog.example/tips");
    expect(vp(m.author)).toEqual([["Simon Dückert", "link rel=author"]]);
  });

  it("reads the name part of an author box, Drupal's 'submitted' line, and a labelled credit at the end of a page without landmarks", () => {
    const box = read(`<html><body><main><h1>Unfall in Simmelsdorf</h1><div class="authors"><div class="author"><span class="label">N-Land</span><a href="/autor/redaktion"><img alt="N-Land Redaktion" src="/a.jpg"><span class="author__info--name">N-Land Redaktion</span></a></div></div></main></body></html>`);
    expect(values(box.author)).toEqual(["N-Land Redaktion"]);
    const drupal = read(`<html><body><div id="page"><h1>Faircoin Hackathon</h1><div class="submitted">Gespeichert von <span class="username">rasos</span> am 24. Juli 2017 - 18:55</div>
<p>Ein Wochenende lang wurde an freier Software für eine kooperative Währung gearbeitet, mit Gästen aus fünf Ländern und vielen neuen Ideen.</p></div></body></html>`, "https://cc.example/faircoin");
    expect(vp(drupal.author)[0]).toEqual(["rasos", "visible byline under the h1"]);
    const credit = `<p>Die Fahrzeuge wurden nach dem Krieg aus Altbeständen umgebaut und noch viele Jahre bei den Wehren im ganzen Land eingesetzt.</p><p><strong>Text:</strong> Klausmartin Friedrich</p>`;
    const old = read(`<html><body><div id="wrap"><div class="content"><h1>Haubenfahrzeuge, Teil 49</h1>${credit}</div></div></body></html>`);
    expect(vp(old.author)).toEqual([["Klausmartin Friedrich", "visible byline in the article"]]);
    // Outside the block of the headline and its text, the same line credits nothing.
    const outside = read(`<html><body><div class="content"><h1>Haubenfahrzeuge, Teil 49</h1>${credit.split("<p><strong>")[0]}</div><div class="box"><p><strong>Text:</strong> Klausmartin Friedrich</p></div></body></html>`);
    expect(outside.author).toEqual([]);
  });

  it("ranks a structured author below the page's byline that names more authors, and only a byline of names", () => {
    const ld = `<script type="application/ld+json">{"@type":"Article","headline":"Fragen","author":{"@type":"Person","name":"Sadhbh O'Sullivan"}}</script>`;
    const page = (byline: string) => read(`<html><head>${ld}</head><body><main><h1>Fragen</h1><div class="byline"><span class="author-name">${byline.split(", ").join('</span>, <span class="author-name">')}</span></div></main></body></html>`);
    const both = page("Sadhbh O'Sullivan, Elisabeth Kochan");
    expect(vp(both.author)[0]).toEqual(["Sadhbh O'Sullivan, Elisabeth Kochan", "visible byline under the h1"]);
    expect(both.author.find((a) => a.value === "Sadhbh O'Sullivan")?.provenance).toBe("JSON-LD Article.author (the page's byline names more authors)");
    // A box of links beside the name is no list of authors.
    expect(page("Sadhbh O'Sullivan, View author archive, email the author").author[0].value).toBe("Sadhbh O'Sullivan");
  });

  it("ranks a day the markup states below the different day the page shows by its headline", () => {
    const page = (line: string) =>
      read(`<html><head><meta name="DCTERMS.date" content="2021-12-20"></head><body><main><h1>Riesling posts win</h1>${line}
<p>Every year on the thirteenth of March the wine world celebrates the Riesling grape with posts, tastings and a good deal of cheer.</p></main></body></html>`);
    const shown = page(`<span class="date">27.01.2022</span>`);
    expect(vp(shown.datePublished)).toEqual([
      ["2022-01-27", "visible date line under the h1"],
      ["2021-12-20", "meta DCTERMS.date (the page shows another day)"],
    ]);
    // With no day shown by the headline, the markup's day stands.
    expect(vp(page("").datePublished)).toEqual([["2021-12-20", "meta DCTERMS.date"]]);
  });

  it("reads the author of Twitter's label/data pairs and a byline that names the author after the date", () => {
    const twitter = read(`<html><head><meta name="twitter:label1" content="Verfasst von"><meta name="twitter:data1" content="Karoline Herr"><meta name="twitter:label2" content="Geschätzte Lesezeit"><meta name="twitter:data2" content="3 Minuten"></head><body><main><h1>Kolumne</h1><p>Karoline Herr</p></main></body></html>`);
    expect(vp(twitter.author)).toEqual([["Karoline Herr", 'meta twitter:data1 ("Verfasst von")']]);
    const posted = read(`<html><body><main><h1>Items We Never Knew We Wanted</h1><div class="gallery--page-meta--author">Posted on September 21, 2020 by Adi Tzlil</div></main></body></html>`, "https://ext.example.com/items/");
    expect(values(posted.author)).toEqual(["Adi Tzlil"]);
    const artikel = read(`<html><body><main><h1>Vier Übungen</h1><div class="metaInfo">Ein Artikel von <strong>Pamela Sladky</strong> | 27.01.2022 - 12:45</div></main></body></html>`);
    expect(vp(artikel.author)).toEqual([["Pamela Sladky", "visible byline under the h1"]]);
    // The site and the writer in one head tag: the writer.
    const joined = read(`<html><head><meta property="og:site_name" content="unocero"><meta name="author" content="unocero - Alberto Ávila"></head><body><main><h1>Marcas</h1></main></body></html>`, "https://www.unocero.com/x/");
    expect(values(joined.author)).toEqual(["Alberto Ávila"]);
    // The site's name with its tagline as the author: the site's credit, not a writer called "Noticias de El Salvador".
    const tagline = "Noticias de El Salvador - La Prensa Gráfica | Informate con la verdad";
    const credit = read(`<html><head><meta property="og:site_name" content="${tagline}"><script type="application/ld+json">{"@type":"NewsArticle","headline":"Fiscal","author":{"@type":"Person","name":"${tagline}"}}</script></head><body><main><h1>Fiscal</h1>${LONG}</main></body></html>`, "https://www.laprensagrafica.com/x/");
    expect(vp(credit.author)).toEqual([["La Prensa Gráfica", "JSON-LD NewsArticle.author (the site)"]]);
    // The short name the site states beside its full one (ln-online.de): the site's credit too; letters the site does not state are not.
    const short = (author: string) =>
      read(`<html><head><meta property="og:site_name" content="LN - Lübecker Nachrichten"><script type="application/ld+json">{"@type":"NewsArticle","headline":"Lübeck","author":{"@type":"Person","name":"${author}"}}</script></head><body><main><h1>Lübeck</h1>${LONG}</main></body></html>`, "https://www.ln-online.de/x/").author;
    expect(vp(short("LN"))).toEqual([["LN", "JSON-LD NewsArticle.author (the site)"]]);
    expect(vp(short("AFP"))[0]).toEqual(["AFP", "JSON-LD NewsArticle.author (not shown on the page)"]);
  });

  it("reads a day that is a part of the <title> of its own, but not the end of a span of days", () => {
    const titled = (title: string) => read(`<html><head><title>${title}</title></head><body><main><h1>Berlin confronts its past</h1>${LONG}</main></body></html>`).datePublished;
    expect(vp(titled("Berlin confronts its past | Germany | DW | 19.01.2020"))).toEqual([["2020-01-19", "<title>'s date part"]]);
    expect(values(titled("08.11.2021 | Online-Fachtag"))).toEqual(["2021-11-08"]);
    expect(titled("Wochenbericht 14. - 20. Januar 2022 - SLF")).toEqual([]);
    expect(titled("Top 10 of 2020 - Blog")).toEqual([]);
    // A month names no day.
    expect(titled("Newsletter | März 2021")).toEqual([]);
    expect(values(titled("Briefe - 26 Oktober 2010 - Blog"))).toEqual(["2010-10-26"]);
  });

  it("reads a name from the cell after a label cell without a colon ('Auteur' | 'Uriel Gadessaud')", () => {
    const dl = read(`<html><body><article><h1>Ten tips</h1><dl class="post-meta"><dt>Auteur</dt><dd><a href="/fr/staff/u">Uriel Gadessaud</a></dd><dt>Date</dt><dd>2 mars 2020</dd></dl>${LONG}</article></body></html>`);
    expect(vp(dl.author)[0]).toEqual(["Uriel Gadessaud", "visible byline under the h1"]);
    const pair = read(`<html><body><article><h1>Ten tips</h1>${LONG}<ul class="facts"><li><div>Autor</div><div>Peter Middel</div></li></ul></article></body></html>`);
    expect(vp(pair.author)).toEqual([["Peter Middel", "visible byline in the article"]]);
    // A label cell beside a cell that is no name, or a lone "Autor" heading over a box of text, names no one.
    expect(read(`<html><body><article><h1>Ten tips</h1>${LONG}<ul class="facts"><li><div>Autor</div><div>siehe unten</div></li></ul></article></body></html>`).author).toEqual([]);
    expect(read(`<html><body><article><h1>Ten tips</h1>${LONG}<div><h3>Autor</h3><p>${LONG}</p><p>Mehr</p></div></article></body></html>`).author).toEqual([]);
    // A data table's "Text" row is no credit.
    expect(read(`<html><body><article><h1>Ten tips</h1>${LONG}<table><tr><th>Text</th><td>Anna Berg</td></tr><tr><th>Melodie</th><td>Jon Roe</td></tr></table></article></body></html>`).author).toEqual([]);
  });

  it("reads a byline word with a colon, a byline's first line, and a name an author icon opens", () => {
    expect(vp(read(`<html><body><main><h1>Ciclismo</h1><span class="meta">By: Jane Doe</span>${LONG}</main></body></html>`).author)).toEqual([["Jane Doe", "visible byline under the h1"]]);
    const place = read(`<html><body><main><h1>Streit ums Feuerholz</h1><p>Von <strong>Roland Brockmann</strong> und <strong>Sebastian Drescher</strong><br>Kakuma / Kenia</p>${LONG}</main></body></html>`);
    expect(values(place.author)).toEqual(["Roland Brockmann und Sebastian Drescher"]);
    const icon = (html: string) => read(`<html><body><main><h1>Mini-SUV</h1><div class="info">${html}</div>${LONG}</main></body></html>`).author;
    expect(vp(icon(`<i class="fa fa-pencil"></i> <span>Solveig Grewe</span>`))).toEqual([["Solveig Grewe", "visible name beside an author icon under the h1"]]);
    expect(values(icon(`<img src="/static/icons/user.svg">EFE`))).toEqual(["EFE"]);
    // The same icon on a login form's field, or before a button's word, names no one.
    expect(icon(`<form><label><i class="fa fa-user"></i></label><a href="/lost">Reset Password</a></form>`)).toEqual([]);
    expect(icon(`<i class="fa fa-user"></i> <span>Anmelden</span>`)).toEqual([]);
  });

  it("proposes the site as the author only where no one else is named, and says so", () => {
    const head = `<script type="application/ld+json">{"@type":"NewsArticle","headline":"Marcas","author":{"@type":"Organization","name":"Unocero"},"publisher":{"@type":"Organization","name":"Unocero"}}</script>`;
    const alone = read(`<html><head>${head}</head><body><main><h1>Marcas</h1>${LONG}</main></body></html>`, "https://www.unocero.com/x/");
    expect(vp(alone.author)).toEqual([["Unocero", "JSON-LD NewsArticle.author (the site)"]]);
    expect(alone.author[0].strength).toBeLessThan(0.6);
    // A writer's byline: the site's credit gives way entirely.
    const byline = read(`<html><head>${head}</head><body><main><h1>Marcas</h1><p class="byline">Por Alberto Ávila</p>${LONG}</main></body></html>`, "https://www.unocero.com/x/");
    expect(values(byline.author)).toEqual(["Alberto Ávila"]);
  });

  it("drops soft hyphens and zero-width characters from the values", () => {
    const m = read(`<html><head><title>Deutsch&shy;land hilft | Ministerium</title></head><body><main><h1>Deutsch&shy;land hilft&#8203;</h1></main></body></html>`);
    expect(m.title[0].value).toBe("Deutschland hilft");
  });

  it("takes the first large image of the article, skipping logos, avatars and pixels", () => {
    const m = read(`<html><body><header><img src="/logo.png" width="600" height="200"></header><main><article><h1>Trip</h1><img class="avatar" src="/a.jpg" width="640" height="640"><img src="/t.gif" width="1" height="1"><img src="/thumb.jpg" width="120" height="80"><img src="/brand-logo-large.png" width="800" height="300">
<img src="/photos/silicon-lake.jpg" width="1200" height="675"><img src="/photos/boat.jpg"></article></main></body></html>`, "https://trips.example/lake");
    expect(vp(m.image)).toEqual([["https://trips.example/photos/silicon-lake.jpg", "first large <img> in the article"]]);
    expect(m.image[0].strength).toBe(0.6);
    const unsized = read(`<html><body><main><p>x</p><img data-src="/photos/boat.jpg" alt="Boat"></main></body></html>`, "https://trips.example/boat");
    expect(vp(unsized.image)).toEqual([["https://trips.example/photos/boat.jpg", "first <img> in the main content"]]);
    expect(unsized.image[0].strength).toBe(0.45);
  });
});
