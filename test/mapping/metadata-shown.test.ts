/**
 * Page metadata as the page shows it: headlines against stated titles, bylines and authors, and the
 * dates printed by the headline (workers/crawl/metadata/headline.ts, authors.ts, visible.ts, datelines.ts).
 */
import { describe, expect, it } from "vitest";
import { cleanByline } from "../../workers/crawl/metadata";
import { authorName, completeGivenName, isOrganization } from "../../workers/crawl/metadata/authors";
import { shortYearDate, urlDate } from "../../workers/crawl/metadata/datelines";
import { headlineRelation, isRewording } from "../../workers/crawl/metadata/headline";
import { LONG, NOW, read, t, values, vp } from "./metadata-helpers";

describe("headlines, authors and dates as the page shows them", () => {
  it("relates a heading to a title: equal, one part of it, or a longer form of a shortened title", () => {
    const cases: [string, string, string | null][] = [["Harbour reopens", "Harbour reopens", "equal"], ["Harbour reopens", "Harbour reopens – Coast Times – News", "part"], ["Harbour reopens", "Storms: Harbour reopens", "part"], ["Harbour reopens.", "Harbour reopens. › Coast Blog", "part"], ["港口重新开放", "港口重新开放|海岸新闻", "part"], ["Pumpkin soup", "Pumpkin soup (with ginger)", null], ["Harbour reopens after storm: what we know", "Harbour reopens after storm", "start"], ["Harbour reopens after storm", "Harbour reopens", null]];
    for (const [heading, title, relation] of cases) expect(headlineRelation(heading, title)).toBe(relation);
    // Strictly, a space is no separator.
    expect(headlineRelation("Harbour reopens after", "Harbour reopens after the storm", true)).toBeNull();
    // The title after a kicker and its colon, spaced or not; not after a long lead, nor after a kicker without a colon.
    expect(headlineRelation("Storm season: Harbour reopens", "Harbour reopens")).toBe("end");
    expect(headlineRelation("Storm season : Harbour reopens", "Harbour reopens")).toBe("end");
    expect(headlineRelation("What the port authority said on Monday morning: Harbour reopens", "Harbour reopens")).toBeNull();
    expect(headlineRelation("Storm season Harbour reopens", "Harbour reopens")).toBeNull();
  });
  it("takes the h1 that writes a kicker and a colon before the stated title whole, as readers see it; a colon only screen readers get and words for them alone do not count", () => {
    const og = `<meta property="og:title" content="Harbour reopens after three days | Coast Times"><meta property="og:site_name" content="Coast Times">`;
    // tegernseerstimme.de: "<span class=sub-heading>Energiewende Oberland:</span><br> Klimavorreiter Oberland?".
    const subheading = t(`<html><head>${og}</head><body><article><h1 class="entry-title"><span class="sub-heading">Storm season:</span><br> Harbour reopens after three days</h1>${LONG}</article></body></html>`);
    expect(vp(subheading)[0]).toEqual(["Storm season: Harbour reopens after three days", "<h1> within meta og:title without the site name"]);
    // tagesspiegel.de: the colon a part of its own between the kicker and the headline.
    const colon = t(`<html><head>${og}</head><body><article><h1 itemprop="headline"><span class="ts-overline">Storm season </span><span class="ts-colon">: </span><span class="ts-headline">Harbour reopens after three days</span></h1>${LONG}</article></body></html>`);
    expect(values(colon)[0]).toBe("Storm season: Harbour reopens after three days");
    // faz.net: the h1 is the breadcrumb's last entry; the article's h2 joins its kicker with a colon for screen readers only.
    const ld = `<script type="application/ld+json">{"@type":"NewsArticle","headline":"Harbour reopens after three days"}</script>`;
    const aural = t(`<html><head>${ld}</head><body><nav class="breadcrumb" role="navigation"><ul><li><a href="/news/">News</a></li><li><h1>Storm season: Harbour reopens after three days</h1></li></ul></nav><article><h2><span class="emphasis"><span>Storm season</span><span class="o-VisuallyHidden">: </span></span> <span>Harbour reopens after three days</span></h2>${LONG}</article></body></html>`);
    expect(values(aural)).toEqual(["Harbour reopens after three days"]);
    // iass-potsdam.de: "<span class=visuallyhidden>Headline:</span>" inside the h1.
    const hidden = t(`<html><head>${og}</head><body><article><h1><div><span class="visuallyhidden">Headline:</span> Harbour reopens after three days</div></h1>${LONG}</article></body></html>`);
    expect(values(hidden)).toEqual(["Harbour reopens after three days"]);
  });
  it("takes the h1 that is one part of og:title and <title>, or longer than a shortened one, without kicker, ruby readings or hidden headings", () => {
    const villa = t(`<html><head><title>Villa Sunset - Holiday villa in Algarve</title><meta property="og:title" content="Villa Sunset - Holiday villa in Algarve"></head><body><main><h1>Villa Sunset</h1>${LONG}</main></body></html>`, "https://rentals.example/villa/12");
    expect([vp(villa), villa[0].strength]).toEqual([[["Villa Sunset", "<h1> within meta og:title"]], 0.99]); // og:title and <title> are cut to it, and the <title> without its last part, agree
    const kicker = t(`<html><head><meta property="og:title" content="Storm season: Harbour reopens after three days"></head><body><h1 class="sr-only">Navigation</h1><article><h1><span class="label">Storm season</span> Harbour reopens after three days</h1></article></body></html>`);
    expect(vp(kicker)).toEqual([["Harbour reopens after three days", "<h1> within meta og:title"]]);
    expect(values(t(`<html><head><meta property="og:title" content="Harbour reopens"></head><body><h1><span class="entry-title-primary">Harbour reopens</span> <span class="entry-subtitle">Ferries run again</span></h1></body></html>`))).toEqual(["Harbour reopens"]);
    // automobilwoche.de: a lead-in marked as the title part, on its own line, and og:title states the whole heading.
    const whole = t(`<html><head><meta property="og:title" content="Row before the works meeting: tension between the CEO and the board"></head><body><article><h1><span class="pf-title">Row before the works meeting:</span><br><span class="blue">tension between the CEO and the board</span></h1>${LONG}</article></body></html>`);
    expect(values(whole)).toEqual(["Row before the works meeting: tension between the CEO and the board"]);
    // cicero.de: a part the markup names a kicker stays out, though og:title carries it.
    expect(values(t(`<html><head><meta property="og:title" content="Pandemic - It also matters how people die"></head><body><h1 itemprop="headline"><span class="teaser-small__kicker">Pandemic</span><span class="visually-hidden"> - </span><span class="h1">It also matters how people die</span></h1>${LONG}</body></html>`))[0]).toBe("It also matters how people die");
    expect(vp(t(`<html><head><meta property="og:title" content="How to prune roses"></head><body><main><h1>How to prune roses: a guide for beginners</h1></main></body></html>`))[0]).toEqual(["How to prune roses: a guide for beginners", "<h1> within meta og:title"]);
    expect(values(t(`<html><head><title>NEWS|港で船が動く</title></head><body><main><h1><ruby>港<rt>みなと</rt></ruby>で<ruby>船<rt>ふね</rt></ruby>が動く</h1></main></body></html>`))[0]).toBe("港で船が動く");
  });
  it("takes the longer of two headings that are parts of one title, the shorter being its section; a heading that names the site (the logo in the banner) never outdoes the headline", () => {
    const zoll = t(`<html><head><title>Zoll online - Fachmeldungen - Verkündung des Gesetzes</title></head><body><main><h1>Fachmeldungen</h1><h1>Verkündung des Gesetzes</h1>${LONG}</main></body></html>`);
    expect(vp(zoll)[0]).toEqual(["Verkündung des Gesetzes", "<h1> within <title>"]);
    const banner = t(`<html><head><title>Pricing | Cloudly Platform</title></head><body><header><h1 class="logo"><a href="/">Cloudly Platform</a></h1><nav><a href="/">Home</a></nav></header><main><h1>Pricing</h1>${LONG}</main></body></html>`);
    expect(vp(banner)[0]).toEqual(["Pricing", "<h1> within <title>"]);
    const logo = t(`<html><head><title>Kontakt - Stadtwerke Musterstadt</title><meta property="og:title" content="Kontakt - Stadtwerke Musterstadt"></head><body><div class="logo"><h1>Stadtwerke Musterstadt</h1></div><main><h1>Kontakt</h1>${LONG}</main></body></html>`);
    expect(vp(logo)[0]).toEqual(["Kontakt", "<h1> within meta og:title"]);
  });
  it("takes the page's only h1 over a reworded SEO title (nzz.ch, zugreiseblog.de), keeping the stated wording as a weaker rival; not a kicker plus the title, not a section name", () => {
    const nzz = t(`<html><head><title>Brexit: Nervenkrieg geht in nächste Runde | NZZ</title><meta property="og:title" content="Brexit: Nervenkrieg geht in nächste Runde"><script type="application/ld+json">{"@type":"NewsArticle","headline":"Brexit: Nervenkrieg geht in nächste Runde"}</script></head><body><main><h1>Der Nervenkrieg um den Brexit geht in die nächste Runde</h1>${LONG}</main></body></html>`, "https://www.nzz.ch/international/der-nervenkrieg-ld.1516516");
    expect(vp(nzz)[0]).toEqual(["Der Nervenkrieg um den Brexit geht in die nächste Runde", "<h1>, reworded in JSON-LD NewsArticle.headline"]);
    expect(values(nzz)[1]).toBe("Brexit: Nervenkrieg geht in nächste Runde");
    expect(nzz[0].strength).toBeGreaterThan(nzz[1].strength);
    // "Einheit der Woche" is a kicker in front of the stated title, which stays the title.
    expect(values(t(`<html><head><meta property="og:title" content="Lagen-Pyramide mit GA2"></head><body><main><h1>Einheit der Woche Lagen-Pyramide mit GA2</h1>${LONG}</main></body></html>`))[0]).toBe("Lagen-Pyramide mit GA2");
    // A section name in the h1, which the menu links to, stays a weak rival of the article's title.
    expect(values(t(`<html><head><meta property="og:title" content="DB Lounge: Kein Zutritt mehr mit Sparpreis-Tickets"></head><body><nav><ul><li><a href="/news">Aktuelle Nachrichten aus Bahnwelt</a></li></ul></nav><main><h1>Aktuelle Nachrichten aus Bahnwelt</h1>${LONG}</main></body></html>`))[0]).toBe("DB Lounge: Kein Zutritt mehr mit Sparpreis-Tickets");
    expect(isRewording("DB Lounge: Kein Zugang mehr mit Sparpreis-Ticket", "DB Lounge: Kein Zutritt mehr mit Sparpreis-Tickets")).toBe(true);
    expect(isRewording("Leasing oder Finanzierung", "Leasing Guide")).toBe(false);
  });
  it("reads a page without an h1 by its headline h2: a rival of the <title> that names the page, the title where the <title> names only the site", () => {
    // An about page's first h2 is a person's name: the stripped <title> stays the title, the h2 its rival.
    const page = (title: string) => `<html><head><title>${title}</title></head><body><main><h2>Sam Ortiz</h2>${LONG}<h2>Say hello</h2></main></body></html>`;
    const about = read(page("About — Pixel &amp; Prose"), "https://pixelandprose.example/about", ["Pixel & Prose"]).title;
    expect(vp(about).slice(0, 2)).toEqual([["About", "<title> without the site name"], ["Sam Ortiz", "<h2>, which differs from the <title>"]]);
    // A <title> that is only the site's name says nothing of the page: the h2 leads.
    expect(vp(read(page("Pixel &amp; Prose"), "https://pixelandprose.example/about", ["Pixel & Prose"]).title)[0]).toEqual(["Sam Ortiz", "<h2>, which differs from the <title>"]);
  });
  it("takes the page's only h1 over a stated title that says something else (kinzig.news, qualisys.eu), keeping the stated one as a weaker rival", () => {
    const page = `<html><head><script type="application/ld+json">{"@type":"NewsArticle","headline":"Das steckt dahinter: Nachhaltigkeit bei der Spessart Tourismus GmbH"}</script></head><body><main><h1>Interview mit Bernhard Mosbacher und Franziska Weber</h1>${LONG}</main></body></html>`;
    const titles = t(page, "https://kinzig.news/23578/das-steckt-dahinter");
    expect(vp(titles)).toEqual([
      ["Interview mit Bernhard Mosbacher und Franziska Weber", "<h1>, which differs from the stated title"],
      ["Das steckt dahinter: Nachhaltigkeit bei der Spessart Tourismus GmbH", "JSON-LD NewsArticle.headline"],
    ]);
    expect(titles[0].strength).toBe(0.8);
    expect(titles[1].strength).toBeLessThan(0.8);
    // qualisys.eu (TYPO3): the h1 in a content element's own <header>, which is no banner (no menu, no
    // link home), is read; on this service page it is the rival of og:title.
    const typo3 = t(`<html><head><meta property="og:title" content="Gefahrstoff-Service"><title>Gefahrstoff-Service</title></head><body><header id="top"><nav><a href="/">Home</a></nav></header><div class="frame"><header class="frame-header"><h1 class="element-header">Gefahrstoffmanagement für Hersteller und Importeure</h1></header>${LONG}</div></body></html>`, "https://www.qualisys.eu/gefahrstoff-service");
    expect(vp(typo3)).toEqual([["Gefahrstoff-Service", "meta og:title"], ["Gefahrstoffmanagement für Hersteller und Importeure", "<h1>, which differs from the stated title"]]);
    // In the site's banner, beside its menu, an h1 is the logo: not read.
    expect(values(t(`<html><head><meta property="og:title" content="Gefahrstoff-Service"></head><body><header><h1>Qualisys GmbH Consulting</h1><nav><a href="/">Home</a></nav></header>${LONG}</body></html>`))).toEqual(["Gefahrstoff-Service"]);
    // bbc.com: the h1 that the <title> shows is the title, before the social headline that JSON-LD and og:title state.
    const bbc = t(`<html><head><title>Coronavirus: New York ramps up mass burials amid outbreak - BBC News</title><meta property="og:title" content="New York ramps up mass burials amid virus outbreak"><script type="application/ld+json">{"@type":"ReportageNewsArticle","headline":"New York ramps up mass burials amid virus outbreak"}</script></head><body><div class="story-body"><h1 class="story-body__h1">Coronavirus: New York ramps up mass burials amid outbreak</h1>${LONG}</div></body></html>`, "https://www.bbc.com/news/world-us-canada-52241221");
    expect(vp(bbc)[0]).toEqual(["Coronavirus: New York ramps up mass burials amid outbreak", "<h1> within <title>"]);
    // bmbf.de: h1s only screen readers get (or none: aural and aria-hidden), "Navigation und Service" in the
    // banner and "Fußbereich" over the footer, leave the h1 readers see the page's only one.
    const seen = `<main><h1 class="c-intro__headline"><span>Energy, mobility and sustainable business</span><span class="aural">: </span><small class="c-topline"><span class="aural">, Topic:</span> <span>Research</span></small></h1>${LONG}</main>`;
    const aural = (h1: string) => t(`<html><head><meta property="og:title" content="Energy and sustainable business"><meta property="og:type" content="article"></head><body><header>${h1}<nav><a href="/">Home</a></nav></header>${seen}<footer><h1 class="aural" aria-hidden="true">Footer</h1></footer></body></html>`, "https://www.bmbf.de/de/energiewende.html");
    expect(vp(aural(`<h1 class="aural" aria-hidden="true">Navigation and service</h1>`))[0]).toEqual(["Energy, mobility and sustainable business", "<h1>, reworded in meta og:title"]);
    // A second h1 readers see leaves the stated title first.
    expect(vp(aural(`<h1>Navigation and service</h1>`))[0]).toEqual(["Energy and sustainable business", "meta og:title"]);
    // An h1 equal to the stated title is no rival.
    const same = t(`<html><head><script type="application/ld+json">{"@type":"NewsArticle","headline":"Harbour reopens after storm"}</script></head><body><main><h1>Harbour reopens after storm</h1>${LONG}</main></body></html>`);
    expect(values(same)).toEqual(["Harbour reopens after storm"]);
  });
  it("never takes a banner heading naming the site, weakens titles on listings, cuts titles to a shorter stated one", () => {
    expect(values(t(`<html><head><title>Harbour reopens | Coast Times</title></head><body><header><h1>Coast Times</h1></header><main><h2>Harbour reopens</h2></main></body></html>`, "https://coasttimes.example/a"))).not.toContain("Coast Times");
    const teasers = [1, 2, 3].map((i) => `<article><h2>Story ${i} of the week</h2><p>Teaser</p></article>`).join("");
    expect(t(`<html><head><title>Story 1 of the week - Blog</title></head><body><main><h1>Story 1 of the week</h1>${teasers}</main></body></html>`)[0].strength).toBeLessThan(0.8);
    expect(values(t(`<html><head><meta property="og:title" content="Villa Sunset - Holiday villa in Algarve"></head><body><div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Villa Sunset</span></div></body></html>`))).toEqual(["Villa Sunset"]);
  });
  it("cuts names out of link texts and bylines and rejects accounts, placeholders and companies", () => {
    const cases = [["View all posts by Jane Doe", "Jane Doe"], ["Alle Beiträge von Max Mustermann", "Max Mustermann"], ["Voir tous les articles de Claire Dubois", "Claire Dubois"], ["Erstellt von Anna Berg", "Anna Berg"], ["Von Trier", "Von Trier"], ["Didier Roy", "Didier Roy"], ["Jane Doe, Jane Doe", "Jane Doe"], ["von zahlenzauberin", "zahlenzauberin"], ["vom Krimiblogger", "Krimiblogger"], ["Adam Aaronson PhillyVoice Staff, Adam Aaronson", "Adam Aaronson"], ["Jane Doe, Jane Doering", "Jane Doe, Jane Doering"], ["Glen Owen And Brendan Carlin For The Mail On Sunday", "Glen Owen And Brendan Carlin"], ["Centre for Science", "Centre for Science"], ["Anna Berg for Amnesty", "Anna Berg"], ["Michael L. Anderson, PhD, Carlos Dobkin", "Michael L. Anderson, Carlos Dobkin"], ["Publicado por Ana Ruiz, Ana Ruiz", "Ana Ruiz"], ["Artikel von, Claudia Riedler", "Claudia Riedler"], ["Post author By Helge Fahrnberger", "Helge Fahrnberger"], ["FOCUS-Online-Experte Robin Tschöpe", "Robin Tschöpe"], ["Rechtsanwalt Sebastian Einbock", "Sebastian Einbock"], ["Experte", "Experte"], ["Redakteur Müller", "Redakteur Müller"]];
    for (const [raw, name] of cases) expect(authorName(raw)).toBe(name);
    for (const nobody of ["admin", "wordpressadmin", "Publiziert", "By", "No Author", "Unknown", "@janedoe"]) expect(authorName(nobody)).toBeNull();
    // nzz.ch's JSON-LD author "Markus M. Haefliger, London, Beat Bumbacher": the first correspondent's place between two names.
    expect(authorName("Markus M. Haefliger, London, Beat Bumbacher")).toBe("Markus M. Haefliger, Beat Bumbacher");
    // Not a word that ends the list, which may be an agency, nor one beside what is no name.
    expect(authorName("Jane Doe, Reuters")).toBe("Jane Doe, Reuters");
    expect(authorName("Birgit Posselt, Über, Autorenseite von")).toBe("Birgit Posselt, Über, Autorenseite von");
    expect([isOrganization("Example Media GmbH"), isOrganization("example-news.de"), isOrganization("Jane Doe")]).toEqual([true, true, false]);
    expect(cleanByline("Text: Jane Doe Foto: John Roe", "en", NOW)).toBe("Jane Doe"); });
  it("weakens a meta author the page never shows (or only in its footer) below review, drops a company and an account, and weakens hidden structured authors", () => {
    const a = (head: string, body: string) => read(`<html><head>${head}</head><body>${body}</body></html>`).author;
    const hidden = [{ value: "Site Owner", provenance: "meta name=author (not shown on the page)", strength: 0.42 }];
    expect(a(`<meta name="author" content="Site Owner">`, "<main><h1>Post</h1></main>")).toEqual(hidden);
    expect(a(`<meta name="author" content="Example Media GmbH">`, "<main><p>Example Media GmbH</p></main>")).toEqual([]);
    expect(a(`<meta name="author" content="jdoe">`, "<main><h1>Post</h1></main>")).toEqual([]);
    expect(vp(a(`<meta name="author" content="Jane Doe">`, "<main><h1>Post</h1></main><footer><p>© 2024 Jane Doe</p></footer>"))).toEqual([["Jane Doe", "meta name=author (not shown on the page)"]]);
    // Structured data naming the account that posted the page is weakened even where the page prints it.
    const account = a(`<script type="application/ld+json">{"@type":"BlogPosting","headline":"Post","author":{"@type":"Person","name":"fhaacker"}}</script>`, "<main><h1>Post</h1><p>fhaacker</p></main>");
    expect(vp(account)).toEqual([["fhaacker", "JSON-LD BlogPosting.author (an account name)"]]);
    expect(account[0].strength).toBeLessThan(0.75);
    // djz.de (a Newspaper theme): the login printed as the author name, marked up and in JSON-LD is one record, not three sources that agree.
    const login = a(`<script type="application/ld+json">{"@type":"BlogPosting","headline":"Post","author":{"@type":"Person","name":"fhaacker"}}</script>`, `<main><h1>Post</h1><div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">fhaacker</span></div><div class="td-author-name">fhaacker</div></main>`);
    expect(login).toEqual([{ value: "fhaacker", provenance: "visible byline under the h1", strength: 0.72, selector: expect.any(String), box: null }]);
    // Co-authors in one tag each are one value; "DC.author" is read as dc.creator is.
    const creators = `<meta name="dc.Creator" content="Ann Reed"><meta name="dc.Creator" content="Bo Lind"><meta name="DC.author" content="Ann Reed">`;
    expect(vp(a(creators, "<main><h1>Post</h1><p>By Ann Reed and Bo Lind</p></main>"))[0]).toEqual(["Ann Reed, Bo Lind", "meta dc.Creator"]);
    // Dublin Core's catalogue order, "Surname, Given name" (ihrwebprofi.at's "Harm, Robert"), is the name as the page writes it;
    // two agencies ("AFP, Reuters") are not one person.
    expect(vp(a(`<meta name="DC.creator" content="Harm, Robert">`, "<main><h1>Post</h1><p>Robert Harm</p></main>"))[0]).toEqual(["Robert Harm", "meta DC.creator"]);
    expect(vp(a(`<meta name="DC.creator" content="Ortega Díaz, M.">`, "<main><h1>Post</h1></main>"))[0]?.[0]).toBe("M. Ortega Díaz");
    expect(vp(a(`<meta name="DC.creator" content="Reuters, AFP">`, "<main><h1>Post</h1><p>Reuters, AFP</p></main>"))).toEqual([["Reuters, AFP", "meta DC.creator"]]);
    // Only Dublin Core writes names so: another tag's "Harm, Robert" stays as written.
    expect(vp(a(`<meta name="author" content="Harm, Robert">`, "<main><h1>Post</h1></main>"))).toEqual([["Harm, Robert", "meta name=author (not shown on the page)"]]);
    expect(a(`<script type="application/ld+json">{"@type":"BlogPosting","headline":"Post","author":{"@type":"Person","name":"Jane Doe"}}</script>`, "<main><h1>Post</h1></main>")[0].strength).toBeCloseTo(0.63, 5);
    // An SEO plugin (bewusster-leben.de, apolut.net) writes the posting account into JSON-LD, meta author
    // and twitter:data1 alike: where the page shows none of it, that is one source, not three that agree.
    const yoast = a(
      `<script type="application/ld+json">{"@type":"BlogPosting","headline":"Post","author":{"@type":"Person","name":"Jane Doe"}}</script><meta name="author" content="Jane Doe"><meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Jane Doe">`,
      "<main><h1>Post</h1></main>",
    );
    expect(yoast).toEqual([{ value: "Jane Doe", provenance: "JSON-LD BlogPosting.author (not shown on the page)", strength: 0.63 }]);
    // Shown on the page, the same three sources agree with the byline.
    expect(a(`<script type="application/ld+json">{"@type":"BlogPosting","headline":"Post","author":{"@type":"Person","name":"Jane Doe"}}</script><meta name="author" content="Jane Doe">`, "<main><h1>Post</h1><p>By Jane Doe</p></main>")[0].agreeing).toEqual(expect.arrayContaining(["meta name=author"]));
  });
  it("reads no byline from a picture's credit: in a figure, or in a credit or caption class", () => {
    const a = (credit: string) => read(`<html><body><main><h1>Harbour reopens</h1>${credit}${LONG}</main></body></html>`).author;
    expect(values(a(`<p>By Ann Reed</p>`))).toEqual(["Ann Reed"]);
    expect(a(`<figure><img src="/harbour.jpg" alt=""><figcaption><span>By Ann Reed</span></figcaption></figure>`)).toEqual([]);
    expect(a(`<p class="summary">The outer wall after the repairs. <span class="credit video-credit">By Ann Reed</span></p>`)).toEqual([]);
  });
  it("reads a name beside the date under the headline, set off by a separator; not a label, a section link or a list", () => {
    const a = (line: string) => vp(read(`<html><body><main><h1>Harbour reopens</h1>${line}${LONG}</main></body></html>`).author);
    expect(a(`<p>11.12.2019 - Ann Reed</p>`)).toEqual([["Ann Reed", "visible name beside the date under the h1"]]);
    expect(a(`<p class="date-author">Ann Reed, 01.12.2021</p>`)).toEqual([["Ann Reed", "visible name beside the date under the h1"]]);
    expect(a(`<p>Ort Saarbrücken Datum 28.01.2022</p>`)).toEqual([]);
    expect(a(`<p>12.03.2021 | <a href="/digital-life">Digital Life</a></p>`)).toEqual([]);
    expect(a(`<p>Im Wortlaut, Deutschlandfunk, 12.03.2021</p>`)).toEqual([]);
  });
  it("reads the page's one name beside the date below the post, with the date's time, weaker; not a listing of dated lines", () => {
    const a = (lines: string) => read(`<html><body><main><h1>Harbour reopens</h1>${LONG}${lines}</main></body></html>`).author;
    const footer = a(`<div class="right"><span>Ann Reed </span> | 29.07.2006 um 14:26</div>`);
    expect(vp(footer)).toEqual([["Ann Reed", "visible name beside the date in the article"]]);
    expect(footer[0]!.strength).toBe(0.5);
    expect(vp(a(`<p>Ann Reed, 3. Mai 2022, 10:15 Uhr</p>`))).toEqual([["Ann Reed", "visible name beside the date in the article"]]);
    // A programme of "date - act - venue" lines, one of which reads like a name: no writer.
    expect(a(`<p>02.11.2022 - Placebo - Stadthalle</p><p>17.11.2022 - Ann Reed</p><p>18.11.2022 - Dame - Gasometer</p>`)).toEqual([]);
    expect(a(`<p>17.11.2022 - Ann Reed</p><p>18.11.2022 - Ben Roth</p>`)).toEqual([]);
    expect(a(`<p>17.11.2022 - Aymz- Grelle Forelle</p>`)).toEqual([]);
  });
  it("drops the site named as the author unless a byline shows it, and ranks it below a writer's byline under the headline; a person publisher is no site name; reads labelled lines and lines that are only a byline, not 'von' in a sentence, in the article", () => {
    const ld = (author: string, extra = "") => `<meta property="og:site_name" content="Coast Times"><script type="application/ld+json">{"@type":"NewsArticle","headline":"Harbour reopens","author":${author}${extra}}</script>`;
    const page = (head: string, body: string) => read(`<html><head>${head}</head><body><main><h1>Harbour reopens</h1>${body}</main></body></html>`);
    expect(values(page(ld(`[{"@type":"Person","name":"Ann Reed"},{"@type":"Organization","name":"Coast Times"}]`), "<p>By Ann Reed</p>").author)[0]).toBe("Ann Reed");
    expect(values(page(ld(`{"@type":"Organization","name":"Coast Times"}`), `<div class="byline">Coast Times</div>`).author)).toEqual(["Coast Times"]);
    const personal = page(ld(`{"@type":"Person","name":"Jane Doe"}`, `,"publisher":{"@type":"Person","name":"Jane Doe"}`), "<p>Jane Doe</p>");
    expect([values(personal.author), values(personal.siteName).includes("Jane Doe")]).toEqual([["Jane Doe"], false]);
    expect(vp(page("", `${LONG}<p>Autor: Anna Berg (Pressesprecherin)</p>`).author)).toEqual([["Anna Berg", "visible byline in the article"]]);
    // A line that is a byline and nothing else counts (the main-content filter leaves it out of the body,
    // tagesschau.de); "von" in a sentence does not, and the outlet after the names is no name.
    expect(vp(page("", `${LONG}<p>von Max Mustermann</p>`).author)).toEqual([["Max Mustermann", "visible byline in the article"]]);
    expect(page("", `${LONG}<p>von Max Mustermann stammt dieser Satz</p>`).author).toEqual([]);
    const several = page("", `${LONG}<p class="autorenzeile">Von Volkmar Kabisch, Jan Lukas Strozyk und Benedikt Strunz, NDR</p>`);
    expect(vp(several.author)).toEqual([["Volkmar Kabisch, Jan Lukas Strozyk und Benedikt Strunz", "visible byline in the article"]]);
    expect(several.author[0]!.strength).toBe(0.56);
    // The byline words the main-content filter drops lines by (one list, metadata/visible.ts).
    for (const [line, name] of [["av Kari Nordmann", "Kari Nordmann"], ["di Mario Rossi", "Mario Rossi"], ["Interview: Ola Nordmann", "Ola Nordmann"], ["Texte : Marie Dupont", "Marie Dupont"], ["Autoren: Anna Berg und Ben Roth", "Anna Berg und Ben Roth"], ["Auteur(s) : Marie Dupont", "Marie Dupont"], ["Authors: Jane Doe", "Jane Doe"]]) {
      expect(vp(page("", `<p>${line}</p>${LONG}`).author), line).toEqual([[name, "visible byline under the h1"]]);
    }
    // lopinion.fr: the site credited in a teaser's byline ranks below the writer's byline under the headline.
    const teaser = page(ld(`{"@type":"Organization","name":"Coast Times"}`), `<p class="byline">By Ann Reed</p>${LONG}<div class="snippet"><h3>Port traffic doubles</h3><div class="snippet_author">Coast Times</div></div>`).author;
    expect(vp(teaser)).toEqual([["Ann Reed", "visible byline under the h1"], ["Coast Times", "JSON-LD NewsArticle.author (the site, beside a writer's byline)"]]);
    expect(teaser[1].strength).toBeLessThan(teaser[0].strength);
    // The qualifier is said once, by the value, not again by each source that agrees.
    expect(teaser[1].agreeing).toEqual(["visible author element (class=\"snippet_author\")"]);
    // elcolombiano.com: og:site_name in the form of the address names the site that JSON-LD credits.
    const address = read(`<html><head><meta property="og:site_name" content="www.elcolombiano.com"><script type="application/ld+json">{"@type":"NewsArticle","headline":"Harbour reopens","author":{"@type":"Organization","name":"El Colombiano"}}</script></head><body><main><h1>Harbour reopens</h1><p class="byline">Jacobo Betancur Peláez</p>${LONG}</main></body></html>`).author;
    expect(values(address)).toEqual(["Jacobo Betancur Peláez"]);
  });
  it("reads a news agency from the dateline that opens the article (evang.at, 'Hamburg (dpa/lno) –'), not a place in brackets", () => {
    // The main text as the extraction gives it: the lead paragraph after a subheading.
    const lead = (line: string) => {
      const text = `${line} Auch während des Lockdowns bleiben öffentliche Gottesdienste unter strengen Auflagen möglich, teilte die Kirche mit.`;
      return read(`<html lang="de"><body><main><h1>Gottesdienste bleiben möglich</h1><p>${text}</p></main></body></html>`, "https://evang.example/lockdown", undefined, `Verantwortliche stehen zur Verfügung\n\n${text}`).author;
    };
    expect(vp(lead("Wien (epdÖ) –"))).toEqual([["epdÖ", "visible news agency in the article's dateline"]]);
    expect(values(lead("Hamburg (dpa/lno) –"))).toEqual(["dpa/lno"]);
    expect(values(lead("LOS ANGELES (Reuters) -"))).toEqual(["Reuters"]);
    expect(lead("Rostow (Russland) -")).toEqual([]);
    expect(lead("Die Kirche (wie berichtet) -")).toEqual([]);
  });
  it("reads a name that signs the article's body text at its end (eishockeynews.de), not a closing link or a closing heading word", () => {
    const page = (end: string) => read(`<html lang="de"><body><main><h1>Kuusela trifft zweimal</h1>${LONG}${LONG}${end}</main></body></html>`).author;
    expect(vp(page("<p><b><i>Stefan Wasmer</i></b></p>"))).toEqual([["Stefan Wasmer", "visible signature at the end of the article"]]);
    expect(page("<p><b><i>Stefan Wasmer</i></b></p>")[0].strength).toBe(0.5);
    // A link ("Zum Voting"), words that close a page ("Weitere Informationen"), a sentence, a lone word: no one.
    for (const end of [`<p><a href="/voting">Zum Voting</a></p>`, "<p>Weitere Informationen</p>", "<p>Das war es.</p>", "<p>Redaktion</p>"]) expect(page(end)).toEqual([]);
    // Not followed by more body text: a name in the middle of the article is someone it talks about.
    expect(page(`<p>Stefan Wasmer</p>${LONG}`)).toEqual([]);
  });
  it("reads hAtom's published and updated dates from an abbr's title, and Blogger's date header; never a comment's", () => {
    const blog = (comments: string) => read(`<html lang="de"><body><div class="widget Blog"><h2 class="date-header"><span>Samstag, 9. September 2017</span></h2><div class="post hentry"><h3 class="post-title">Rezi</h3>${LONG}<abbr class="published" title="2017-09-09T10:52:00+02:00">10:52</abbr><abbr class="updated" title="2017-09-12T08:00:00+02:00">08:00</abbr></div>${comments}</div></body></html>`);
    const m = blog("");
    expect(vp(m.datePublished)).toEqual([["2017-09-09T10:52:00+02:00", "hAtom class=published (abbr)"]]);
    expect(m.datePublished[0].agreeing).toEqual(["visible date header (class=date-header)"]);
    expect(vp(m.dateModified)).toEqual([["2017-09-12T08:00:00+02:00", "hAtom class=updated (abbr)"]]);
    const onlyComment = read(`<html><body><div class="post"><h1>Rezi</h1>${LONG}</div><div id="comments"><span class="published" title="2019-01-07T16:05:00Z">Jan 7 2019</span></div></body></html>`);
    expect(onlyComment.datePublished.map((d) => d.provenance)).not.toContain("hAtom class=published (span)");
  });
  it("reads a date line under the h1 (day first when dotted, not an update), the day in the URL, and dates on pages whose body classes name the layout", () => {
    expect(vp(read(`<html lang="en"><body><main><h1>Harbour reopens</h1><div class="post-meta">Posted on 02.11.2021</div>${LONG}</main></body></html>`).datePublished)).toEqual([["2021-11-02", "visible date line under the h1"]]);
    // With its time after it, and on a page that names no language (rnz.de): still the day first.
    expect(vp(read(`<html><body><main><h1>Harbour reopens</h1><div class="post-meta">12.10.2015, 19:16 Uhr</div>${LONG}</main></body></html>`).datePublished)).toEqual([["2015-10-12T19:16:00", "visible date line under the h1"]]);
    // An update line is no publication date line: it stands in, named for what it is, only on a page that shows no other date.
    expect(vp(read(`<html lang="de"><body><main><h1>Neue Radwege</h1><p>Aktualisiert am 5. März 2024</p>${LONG}</main></body></html>`).datePublished)).toEqual([["2024-03-05", "visible update date line (the page shows no other date)"]]);
    expect(vp(read(`<html lang="de"><body><main><h1>Neue Radwege</h1><p>Aktualisiert am 5. März 2024</p><p>Erstellt am 1. März 2024</p>${LONG}</main></body></html>`).datePublished)).toEqual([["2024-03-01", "visible date line under the h1"]]);
    // The words that introduce another date count at a word's start only: a "Prevention" kicker is no event, "Abstand" no "Stand".
    expect(vp(read(`<html lang="en"><body><main><h1>Walking helps</h1><p>Prevention | 12 March 2022</p>${LONG}</main></body></html>`).datePublished)).toEqual([["2022-03-12", "visible date line under the h1"]]);
    expect(read(`<html lang="en"><body><main><h1>Walking helps</h1><p>Event | 12 March 2022</p>${LONG}</main></body></html>`).datePublished).toEqual([]);
    // novalanalove.com: a meta line that opens with the weekday, then the date, the time, the writer and the section.
    const meta = `<p>Freitag | 14. Juni 2019 | 15:49 von Jane Doe in <a href="/fashion">Fashion</a> | 0 Kommentare</p>`;
    expect(values(read(`<html lang="de"><body><main><h1>Ear Candy</h1>${meta}${LONG}</main></body></html>`).datePublished)).toEqual(["2019-06-14"]);
    // The same line in an element whose class names it the post's meta, away from the headline.
    expect(values(read(`<html lang="de"><body><main><h1>Ear Candy</h1>${LONG}${LONG}<div class="post-date">${meta}</div></main></body></html>`).datePublished)).toEqual(["2019-06-14"]);
    // berkutschi.com: further down the article, a line that says it dates the publication; not one that mentions a day.
    const later = (line: string) => read(`<html lang="de"><body><h1>Lindvik gewinnt</h1>${LONG}${LONG}<article><div>${line}</div></article></body></html>`).datePublished;
    expect(vp(later("Erstellt am: 30.01.2022 18:36 / sk"))).toEqual([["2022-01-30T18:36:00", "visible date element"]]);
    expect(later("Am 30.01.2022 springt er wieder")).toEqual([]);
    const urls = ["https://blog.example/2019/08/02/post-title/", "https://blog.example/2016-04-15/post/", "https://news.example/detail/20200102/1000200.html", "https://blog.example/2019/13/02/x"];
    expect(urls.map((u) => urlDate(u, NOW))).toEqual(["2019-08-02", "2016-04-15", "2020-01-02", null]);
    // Day first: dotted as Europe writes it, dashed only where the first number cannot be a month.
    const dayFirst = ["https://weisser-ring.example/media-news/meldungen/29-10-2021", "https://achgut.example/artikel/bericht_zur_coronalage_vom_22.04.2020_worauf_wartet", "https://blog.example/news/05-06-2021/", "https://shop.example/item-12.10.1999x"];
    expect(dayFirst.map((u) => urlDate(u, NOW))).toEqual(["2021-10-29", "2020-04-22", null, null]);
    expect(vp(read(`<html><body><h1>Post</h1></body></html>`, "https://blog.example/2019/08/02/post/").datePublished)).toEqual([["2019-08-02", "day in the URL"]]);
    expect(values(read(`<html><body class="single has-sidebar comments-open"><main><article><h1>Post</h1><time datetime="2024-03-05">5 March 2024</time></article></main></body></html>`).datePublished)).toEqual(["2024-03-05"]);
    // alacarte.at: the page's wrapper names its layout ("layoutTwoColumnsRightSidebar"), not a sidebar.
    expect(values(read(`<html><body><div class="layoutTwoColumnsRightSidebar site"><div id="artikelheader"><ul><li class="artikeldatum"><time datetime="2021-11-25 16:11">25. November 2021 16:11 Uhr</time></li></ul></div>${LONG}</div></body></html>`).datePublished)).toEqual(["2021-11-25T16:11"]);
    // A column the layout names is still a sidebar: another post's date there is not read.
    expect(values(read(`<html><body><main><h1>Post</h1>${LONG}</main><div class="layout-sidebar-first"><time datetime="2021-12-01 15:12">1. Dezember 2021</time></div></body></html>`).datePublished)).toEqual([]);
  });
  it("reads a date kicker above the h1 or inside it, as government and association news pages print it, and never a headline that mentions a day", () => {
    // A state ministry's press release: the date in its own heading just above the h1.
    const above = read(`<html lang="de"><body><main><div class="columns"><h3 class="bb-teaser-meta bb-h6">02.01.2022</h3><h1>Land zahlte rund 1,4 Millionen Euro Erlegungsprämie für Wildschweine</h1>${LONG}</div></main></body></html>`);
    expect(vp(above.datePublished)).toEqual([["2022-01-02", "visible date line above the h1"]]);
    // A federal office's short news: the date in a topline span inside the h1.
    const inside = read(`<html lang="de"><body><div id="content"><h1 class="withHeader"><span class="topline"><span class="date">27.01.2022</span></span>MineralölINFO November 2021</h1>${LONG}</div></body></html>`);
    expect(vp(inside.datePublished)).toEqual([["2022-01-27", "visible date in the h1"]]);
    // A headline that names a day is no date line, and a date far above the headline is not its kicker.
    expect(read(`<html lang="de"><body><main><div><h2>Bericht zur Lage vom 22.04.2020</h2><h1>Bericht zur Lage vom 22.04.2020</h1>${LONG}</div></main></body></html>`).datePublished).toEqual([]);
    const far = `<html lang="de"><body><div><div class="teaser-date">01.01.2020</div>${"<p>x</p>".repeat(12)}<main><div><h1>Neue Radwege</h1>${LONG}</div></main></div></body></html>`;
    expect(vp(read(far).datePublished).map(([, p]) => p)).not.toContain("visible date line above the h1");
  });
  it("reads the dateline a press release's lead paragraph opens with, and Drupal's 'submitted' line on a page that declares no language; never a date the lead mentions later", () => {
    const LEAD = "Die künftige Zusammenarbeit mit dem Welternährungsprogramm stand im Mittelpunkt eines Treffens im Ministerium, bei dem es vor allem um die Arbeit in Krisenregionen ging.";
    const release = read(`<html lang="de"><body><main><h1>Schulze: Deutschland steht an der Seite des WFP</h1><div class="teaser-text"><p>Pressemitteilung vom 25. Januar 2022 |&#160; Berlin – ${LEAD}</p></div>${LONG}</main></body></html>`);
    expect(vp(release.datePublished)).toEqual([["2022-01-25", "visible date line under the h1"]]);
    const mentions = read(`<html lang="de"><body><main><h1>Neue Radwege</h1><p>Der Stadtrat hat in seiner langen Sitzung am 12. März 2024 beschlossen, dass ${LEAD}</p>${LONG}</main></body></html>`);
    expect(mentions.datePublished).toEqual([]);
    // No language declared: the German month is read all the same.
    const drupal = read(`<html><body><div id="page"><h1>FairCoin Hackathon</h1>${LONG}<div class="gallery">${"<p>x</p>".repeat(70)}</div><div class="submitted">Gespeichert von <span class="username">rasos</span> am 24. Juli 2017 - 18:55</div></div></body></html>`);
    expect(values(drupal.datePublished)).toEqual(["2017-07-24"]);
  });
  it("reads a date line under the h1 that is a day with a two-digit year (der-farang.com), never such a number in running text", () => {
    const page = read(`<html lang="de"><body><main><h1>Grab-Bote fliegt nach Singapur</h1><div class="article-meta-wrapper">Von: Björn Jahner <span>|</span> <span>31.10.23</span></div>${LONG}</main></body></html>`);
    expect(vp(page.datePublished)).toEqual([["2023-10-31", "visible date line under the h1"]]);
    expect(read(`<html lang="de"><body><main><h1>Neue Version</h1><p>Version 1.10.23 behebt zwei Fehler</p>${LONG}</main></body></html>`).datePublished).toEqual([]);
    expect(shortYearDate("31.10.23", NOW)?.iso).toBe("2023-10-31");
    // The section before it (goodnight.at's "Kultur, 2.11.22"), and the day found after it; not a sentence before it.
    expect(shortYearDate("Kultur, 2.11.22", NOW)).toEqual({ iso: "2022-11-02", index: 8, text: "Kultur, 2.11.22" });
    expect(shortYearDate("Version 1.10.23", NOW)).toBeNull();
    expect(shortYearDate("Am Montag, 2.11.22", NOW)).toBeNull();
    // This century's years only, and none after the capture.
    expect([shortYearDate("01.02.99", NOW), shortYearDate("01.02.27", NOW), shortYearDate("31.02.23", NOW)]).toEqual([null, null, null]);
  });
  it("completes a given name alone with the one surname the page writes after it at least twice, never a namesake or a word of the next element", () => {
    expect(completeGivenName("Nils", "Eine Kolumne von Nils Pickert\nNils Pickert ist freier Autor")).toBe("Nils Pickert");
    expect(completeGivenName("Henry", "MEHR VON HENRY STEINHAU\nAusschnitt: Henry Steinhau")).toBe("Henry Steinhau");
    // Once only, two surnames, the next text node's word, a full name already, an account name.
    expect(completeGivenName("Anna", "wie Anna Karenina sagt")).toBeNull();
    expect(completeGivenName("Nils", "Nils Pickert\nNils Pickert\nNils Holgersson")).toBeNull();
    expect(completeGivenName("Nils", "Bildquelle: Nils\nAutor\nBildquelle: Nils\nAutor")).toBeNull();
    expect([completeGivenName("Nils Pickert", "Nils Pickert Pickert"), completeGivenName("nils", "nils Pickert\nnils Pickert")]).toEqual([null, null]);
    const page = read(`<html lang="de"><head><script type="application/ld+json">{"@type":"Article","headline":"Das Patriarchat","author":{"@type":"Person","name":"Nils"}}</script></head><body><main><h1>Das Patriarchat</h1><p>Eine Kolumne von Nils Pickert</p>${LONG}<p class="bio">Nils Pickert ist freier Autor.</p></main></body></html>`);
    expect(vp(page.author)).toEqual([["Nils Pickert", "JSON-LD Article.author, completed with the surname the page shows"]]);
  });
  it("reads an h1's headline without the date and section line printed under it in <small>", () => {
    // A handball association's news: "Headline<br><small>02.02.2022 • HVW-Verband, Presse</small>".
    const page = read(`<html lang="de"><body><div class="article" itemscope itemtype="http://schema.org/Article"><h1> Zuschauerrückkehr bei den Proficlubs der Region<br><small><span class="glyphicon"></span>&#160; 02.02.2022 •&#160; HVW-Verband , Presse , Allgemein</small></h1>${LONG}</div></body></html>`);
    expect(values(page.title)[0]).toBe("Zuschauerrückkehr bei den Proficlubs der Region");
    expect(values(page.datePublished)).toContain("2022-02-02");
  });
});
