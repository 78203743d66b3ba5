import { describe, expect, it } from "vitest";
import { boxOf } from "../../workers/crawl/html";
import { cleanByline, hostLabel, normalizeDate, sharedTitleAffix, stripSiteSuffix, titleParts } from "../../workers/crawl/metadata";
import { stripSection } from "../../workers/crawl/metadata/title";
import { isoDay } from "../../workers/crawl/metadata/dates";
import { isDeskCredit, valueShape } from "../../workers/mapping/page-candidates";
import { dom, LONG, NOW, read, values, vp } from "./metadata-helpers";

const YOAST = `<!doctype html><html lang="en-GB"><head><title>How to prune roses - Greenleaf Garden</title>
<link rel="canonical" href="/advice/prune-roses/">
<meta property="og:title" content="How to prune roses - Greenleaf Garden"><meta property="og:site_name" content="Greenleaf Garden">
<meta property="article:published_time" content="2024-03-05T10:00:00+00:00">
<script type="application/ld+json" class="yoast-schema-graph">{"@context":"https://schema.org","@graph":[
{"@type":"Article","@id":"https://www.greenleaf.example/advice/prune-roses/#article","isPartOf":{"@id":"https://www.greenleaf.example/advice/prune-roses/"},"author":{"name":"Jane Gardener","@id":"https://www.greenleaf.example/#/schema/person/9f1"},"headline":"How to prune roses","datePublished":"2024-03-05T10:00:00+00:00","dateModified":"2024-03-06T08:30:00+00:00","mainEntityOfPage":{"@id":"https://www.greenleaf.example/advice/prune-roses/"},"publisher":{"@id":"https://www.greenleaf.example/#organization"},"image":{"@id":"https://www.greenleaf.example/advice/prune-roses/#primaryimage"},"inLanguage":"en-GB"},
{"@type":"WebPage","@id":"https://www.greenleaf.example/advice/prune-roses/","url":"https://www.greenleaf.example/advice/prune-roses/","name":"How to prune roses - Greenleaf Garden","isPartOf":{"@id":"https://www.greenleaf.example/#website"},"datePublished":"2024-03-05T10:00:00+00:00","description":"When to cut back roses &amp; how far.","inLanguage":"en-GB"},
{"@type":"ImageObject","@id":"https://www.greenleaf.example/advice/prune-roses/#primaryimage","url":"https://www.greenleaf.example/wp-content/uploads/2024/03/roses.jpg","width":1200,"height":800},
{"@type":"WebSite","@id":"https://www.greenleaf.example/#website","url":"https://www.greenleaf.example/","name":"Greenleaf Garden","publisher":{"@id":"https://www.greenleaf.example/#organization"},"inLanguage":"en-GB"},
{"@type":"Organization","@id":"https://www.greenleaf.example/#organization","name":"Greenleaf Garden Centre Ltd","logo":{"@type":"ImageObject","url":"https://www.greenleaf.example/logo.png"}},
{"@type":"Person","@id":"https://www.greenleaf.example/#/schema/person/9f1","name":"Jane Gardener"}]}</script></head>
<body class="post-template-default single single-post single-author"><header id="masthead" class="site-header"><p class="site-title"><a href="/">Greenleaf Garden</a></p></header>
<main id="main"><article class="post type-post"><header class="entry-header"><h1 class="entry-title" data-box="40,180,880,52">How to prune roses</h1>
<div class="entry-meta"><span class="posted-on">Posted on <time class="entry-date published" datetime="2024-03-05T10:00:00+00:00">5 March 2024</time><time class="updated" datetime="2024-03-06T08:30:00+00:00">6 March 2024</time></span>
<span class="byline"> by <span class="author vcard"><a class="url fn n" href="/author/jane/" rel="author" data-box="40,240,120,20">Jane Gardener</a></span></span></div></header>
<div class="entry-content"><p>Roses flower on new wood, so a hard cut in late winter gives more blooms. Start with dead, damaged and crossing stems, then shorten the rest.</p></div></article>
<section id="comments" class="comments-area"><ol class="comment-list"><li class="comment"><article class="comment-body"><footer class="comment-meta"><b class="fn">A Commenter</b> <time datetime="2024-04-02T09:00:00+00:00">2 April 2024</time></footer><p>Thanks!</p></article></li></ol></section></main>
<footer class="site-footer"><p>© <time datetime="2025-01-01">2025</time> Greenleaf</p></footer></body></html>`;

describe("JSON-LD", () => {
  it("reads a Yoast @graph, resolving @id references, and never the comments' or footer's dates", () => {
    const m = read(YOAST, "https://www.greenleaf.example/advice/prune-roses/");
    expect(vp(m.title)[0]).toEqual(["How to prune roses", "JSON-LD @graph Article.headline"]);
    expect(m.title).toHaveLength(1); // og:title, WebPage.name, <title> and the h1 all agree once stripped
    expect(m.title[0].strength).toBe(0.99);
    // The visible h1 that states the same title is where the value is shown.
    expect(m.title[0].selector).toBe("body.post-template-default.single.single-post.single-author > main > article.post.type-post > header.entry-header > h1.entry-title");
    expect(m.title[0].box).toEqual({ x: 40, y: 180, width: 880, height: 52 });
    expect(vp(m.siteName).slice(0, 3)).toEqual([
      ["Greenleaf Garden", "JSON-LD @graph WebSite.name"],
      // The legal form is not part of the name a reader knows.
      ["Greenleaf Garden Centre", "JSON-LD @graph Article.publisher.name"],
      ["greenleaf", "host name"],
    ]);
    // The header's `.site-title`, linking home, states the same name.
    expect(m.siteName[0].agreeing).toContain("the site name in the header");
    expect(vp(m.author)).toEqual([["Jane Gardener", "JSON-LD @graph Article.author"]]);
    expect(m.author[0].strength).toBeCloseTo(0.97, 5);
    expect(m.author[0].box).toEqual({ x: 40, y: 240, width: 120, height: 20 });
    expect(vp(m.datePublished)).toEqual([["2024-03-05T10:00:00+00:00", "JSON-LD @graph Article.datePublished"]]);
    expect(vp(m.dateModified)).toEqual([["2024-03-06T08:30:00+00:00", "JSON-LD @graph Article.dateModified"]]);
    expect(vp(m.description)).toEqual([["When to cut back roses & how far.", "JSON-LD @graph WebPage.description"]]);
    expect(vp(m.image)[0]).toEqual(["https://www.greenleaf.example/wp-content/uploads/2024/03/roses.jpg", "JSON-LD @graph Article.image"]);
    expect(vp(m.language)[0]).toEqual(["en-GB", "JSON-LD @graph Article.inLanguage"]);
    expect(vp(m.canonical)[0]).toEqual(["https://www.greenleaf.example/advice/prune-roses/", "link rel=canonical"]);
    expect(vp(m.type)).toEqual([["Article", "JSON-LD @graph @type"]]);
  });

  it("reads a news article's author array, image array and @type array", () => {
    const m = read(`<html lang="en"><head><title>Storm closes harbour - Coast Times</title>
<script type="application/ld+json">[{"@context":"https://schema.org","@type":["Article","NewsArticle"],"headline":"Storm closes harbour","author":[{"@type":"Person","name":"Ann Reed","url":"https://coast.example/staff/ann"},{"@type":"Person","name":"Bo Lind"}],"datePublished":"2024-11-02T06:15:00Z","publisher":{"@type":"NewsMediaOrganization","name":"Coast Times","logo":{"@type":"ImageObject","url":"https://coast.example/logo.png"}},"image":["https://coast.example/img/storm-16x9.jpg","https://coast.example/img/storm-4x3.jpg"],"mainEntityOfPage":{"@type":"WebPage","@id":"https://coast.example/news/storm"}}]</script>
</head><body><main><h1>Storm closes harbour</h1><div class="article-byline">By Ann Reed and Bo Lind</div><p>The harbour was closed on Saturday morning after waves broke over the outer wall, the port authority said in a statement on its website.</p></main></body></html>`, "https://coast.example/news/storm?utm_source=x");
    expect(vp(m.author)).toEqual([["Ann Reed, Bo Lind", "JSON-LD NewsArticle.author"]]);
    // The visible byline names the same two people: agreement raises the structured value.
    expect(m.author[0].strength).toBeCloseTo(0.97, 5);
    expect(m.author[0].selector).toBe("body > main > div.article-byline");
    expect(vp(m.siteName)[0]).toEqual(["Coast Times", "JSON-LD NewsArticle.publisher.name"]);
    expect(vp(m.image)).toEqual([["https://coast.example/img/storm-16x9.jpg", "JSON-LD NewsArticle.image"]]);
    expect(vp(m.canonical)).toEqual([["https://coast.example/news/storm", "JSON-LD NewsArticle.mainEntityOfPage"]]);
    expect(vp(m.type)).toEqual([["NewsArticle", "JSON-LD @type"]]);
    expect(vp(m.datePublished)).toEqual([["2024-11-02T06:15:00Z", "JSON-LD NewsArticle.datePublished"]]);
  });

  it("reads a Product, a WebPage's nested mainEntity, and survives invalid blocks", () => {
    const product = read(`<html lang="en"><head><title>Trail Runner 2 – Shoes – Peak Outfitters</title><script type="application/ld+json">{"@context":"https://schema.org/","@type":"Product","name":"Trail Runner 2","image":"/img/tr2.jpg","description":"A light trail shoe.","brand":{"@type":"Brand","name":"Peak"},"offers":{"@type":"Offer","price":"120.00","priceCurrency":"EUR"}}</script></head><body><h1>Trail Runner 2</h1></body></html>`, "https://shop.peak-outfitters.example/p/tr2");
    expect(vp(product.title)[0]).toEqual(["Trail Runner 2", "JSON-LD Product.name"]);
    expect(vp(product.image)).toEqual([["https://shop.peak-outfitters.example/img/tr2.jpg", "JSON-LD Product.image"]]);
    expect(vp(product.type)).toEqual([["Product", "JSON-LD @type"]]);
    // The brand is the product's maker, not the site.
    expect(values(product.siteName)).not.toContain("Peak");
    expect(vp(product.siteName)[0]).toEqual(["Peak Outfitters", "title part matching the host name"]);

    const nested = read(`<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage","name":"Ignored page name","mainEntity":{"@type":"BlogPosting","headline":"Nested post","author":"Sam Stone","dateModified":"2023-10-10"}}</script></head><body></body></html>`);
    expect(vp(nested.title)[0]).toEqual(["Nested post", "JSON-LD BlogPosting.headline"]);
    // Stated in the markup only: kept, but behind anything the page shows.
    expect(vp(nested.author)).toEqual([["Sam Stone", "JSON-LD BlogPosting.author (not shown on the page)"]]);
    expect(vp(nested.dateModified)).toEqual([["2023-10-10", "JSON-LD BlogPosting.dateModified"]]);

    const broken = `<html><head><title>Hi</title><script type="application/ld+json">{"@type": "Article", "headline": "Broken, </script><script type="application/ld+json">{"@type":"BlogPosting","headline":"Trailing comma",}</script><script type="application/ld+json">[1, null, "x"]</script></head><body></body></html>`;
    expect(() => read(broken)).not.toThrow();
    expect(vp(read(broken).title)[0]).toEqual(["Trailing comma", "JSON-LD BlogPosting.headline"]);
  });

  it("takes a lone Organization as a weak site name only when nothing references it", () => {
    const m = read(`<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme Tools","url":"https://acme.example/"}</script></head><body></body></html>`, "https://acme.example/");
    expect(vp(m.siteName)[0]).toEqual(["Acme Tools", "JSON-LD Organization.name"]);
    expect(m.siteName[0].strength).toBe(0.6);
  });
});

describe("meta tags", () => {
  it("reads Open Graph and Twitter cards, stripping the site name from og:title", () => {
    const m = read(`<html><head><title>Winter opening hours | Museum of Light</title>
<meta property="og:title" content="Winter opening hours | Museum of Light"><meta property="og:site_name" content="Museum of Light">
<meta name="twitter:title" content="Winter opening hours"><meta name="twitter:creator" content="@museumoflight">
<meta property="og:description" content="Open daily from 10 to 16."><meta name="description" content="Opening hours in winter.">
<meta property="og:image" content="/media/hall.jpg"><meta name="twitter:image" content="https://light.example/media/hall-tw.jpg">
<meta property="og:type" content="article"><meta property="og:url" content="https://light.example/visit/hours">
<meta property="article:author" content="https://www.facebook.com/museumoflight"><meta property="article:published_time" content="2024-11-20T09:00:00+01:00"><meta property="article:modified_time" content="2024-12-01">
</head><body><h1>Winter opening hours</h1></body></html>`, "https://light.example/visit/hours?x=1");
    // The h1 is one end of the whole <title>; twitter:title, og:title and the stripped <title> agree.
    expect(vp(m.title)[0]).toEqual(["Winter opening hours", "<h1> within <title>"]);
    expect(vp(m.title)).toHaveLength(1);
    expect(m.title[0].strength).toBe(0.99); // the h1, twitter, og and <title> agree
    expect(vp(m.siteName)[0]).toEqual(["Museum of Light", "meta og:site_name"]);
    // A profile URL is not a name, and a Twitter handle names an account, not an author.
    expect(m.author).toEqual([]);
    expect(vp(m.description)).toEqual([["Open daily from 10 to 16.", "meta og:description"], ["Opening hours in winter.", "meta name=description"]]);
    expect(vp(m.image)).toEqual([["https://light.example/media/hall.jpg", "meta og:image"], ["https://light.example/media/hall-tw.jpg", "meta twitter:image"]]);
    expect(vp(m.type)).toEqual([["article", "meta og:type"]]);
    expect(vp(m.canonical)).toEqual([["https://light.example/visit/hours", "meta og:url"]]);
    expect(vp(m.datePublished)).toEqual([["2024-11-20T09:00:00+01:00", "meta article:published_time"]]);
    expect(vp(m.dateModified)).toEqual([["2024-12-01", "meta article:modified_time"]]);
  });

  it("reads name=author, the date metas, itemprop metas in the head and rejects implausible dates", () => {
    const m = read(`<html><head><meta name="author" content="Priya Natarajan"><meta property="article:author" content="Priya Natarajan">
<meta name="sailthru.date" content="Tue, 05 Mar 2024 10:00:00 GMT"><meta name="parsely-pub-date" content="2024-03-05T10:00:00Z">
<meta name="pubdate" content="20240305"><meta name="publish-date" content="2031-01-01"><meta name="date" content="1970-01-01">
<meta itemprop="dateModified" content="2024-03-07"><meta name="application-name" content="Field Notes"><meta name="apple-mobile-web-app-title" content="Notes">
</head><body><p class="credit">Priya Natarajan</p></body></html>`);
    expect(vp(m.author)).toEqual([["Priya Natarajan", "meta article:author"]]);
    // article:author 0.85 and name=author (0.82, less a tenth for a head tag) agree.
    expect(m.author[0].strength).toBe(0.89);
    // Three sources say 5 March 2024; 2031 is in the future and 1970 a template default.
    expect(vp(m.datePublished)).toEqual([["2024-03-05T10:00:00Z", "meta name=parsely-pub-date"]]);
    expect(vp(m.dateModified)).toEqual([["2024-03-07", "meta itemprop=dateModified"]]);
    expect(vp(m.siteName).slice(0, 2)).toEqual([["Field Notes", "meta name=application-name"], ["Notes", "meta name=apple-mobile-web-app-title"]]);
  });

  it("reads Dublin Core", () => {
    const m = read(`<html><head><title>Record 1182</title><meta name="DC.title" content="Soil microbes under drought"><meta name="DC.creator" content="Kim Ortega"><meta name="DC.date" content="2021-09-30"><meta name="DC.language" content="EN-gb"><meta name="dcterms.modified" content="2022-01-15"><meta name="DC.description" content="A field study."></head><body><p>Kim Ortega</p></body></html>`);
    expect(vp(m.title)[0]).toEqual(["Soil microbes under drought", "meta DC.title"]);
    expect(vp(m.author)).toEqual([["Kim Ortega", "meta DC.creator"]]);
    expect(m.author[0].strength).toBe(0.8);
    expect(vp(m.datePublished)).toEqual([["2021-09-30", "meta DC.date"]]);
    expect(vp(m.dateModified)).toEqual([["2022-01-15", "meta dcterms.modified"]]);
    expect(vp(m.language)).toEqual([["en-GB", "meta DC.language"]]);
    expect(vp(m.description)).toEqual([["A field study.", "meta DC.description"]]);
  });

  it("normalises the language from every source to BCP 47", () => {
    const m = read(`<html lang="{{ lang }}"><head><meta property="og:locale" content="fr_FR"><meta http-equiv="Content-Language" content="fr"><script type="application/ld+json">{"@type":"WebPage","name":"x","inLanguage":"zh-hans-cn"}</script></head><body></body></html>`);
    // "fr-FR" and "fr" are one language: the Content-Language corroborates og:locale, and two sources outweigh one.
    expect(vp(m.language)).toEqual([["fr-FR", "meta og:locale"], ["zh-Hans-CN", "JSON-LD WebPage.inLanguage"]]);
    expect(m.language[0].agreeing).toEqual(["meta http-equiv=Content-Language"]);
  });
  it("ranks declarations of another language behind a text of 600 letters or more, and not behind a shorter one", () => {
    const head = `<html lang="en-US"><head><meta property="og:locale" content="en_US"></head><body><p>x</p></body></html>`;
    const sentence = "Die Gemeinde hat am Montag beschlossen, dass die Bibliothek im Sommer länger geöffnet bleibt und der Eintritt für alle Kinder frei ist. ";
    const long = read(head, undefined, undefined, sentence.repeat(6));
    expect(vp(long.language)).toEqual([["de", "the main text's language (detected)"], ["en-US", "<html lang> (the text is in another language)"]]);
    expect(long.language[1]!.strength).toBeLessThan(long.language[0]!.strength);
    const short = read(head, undefined, undefined, sentence.repeat(3));
    expect(vp(short.language)).toEqual([["en-US", "<html lang>"], ["de", "the main text's language (detected)"]]);
  });
});

describe("markup in the body", () => {
  it("reads a microdata article with a nested Person and publisher", () => {
    const m = read(`<html><head><title>Rose blog</title></head><body><div itemscope itemtype="https://schema.org/BlogPosting"><h1 itemprop="headline" data-box="0,100,500,40">Pruning roses in March</h1>
<p>by <span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Tom Thorn</span></span> · <time itemprop="datePublished" datetime="2024-03-01">1 March</time></p>
<div itemprop="publisher" itemscope itemtype="https://schema.org/Organization"><meta itemprop="name" content="The Rose Blog"></div><p itemprop="description">When and how far to cut.</p><img itemprop="image" src="/img/secateurs.jpg" alt=""></div></body></html>`, "https://roses.example/pruning");
    expect(vp(m.title)[0]).toEqual(["Pruning roses in March", "microdata itemprop=headline"]);
    // The h1 is the same element as the headline: no agreement bonus for reading it twice.
    expect(m.title[0].strength).toBe(0.85);
    expect(m.title[0].box).toEqual({ x: 0, y: 100, width: 500, height: 40 });
    expect(vp(m.author)[0]).toEqual(["Tom Thorn", "microdata itemprop=author"]);
    expect(m.author[0].selector).toBe("body > div > p:nth-of-type(1) > span > span");
    expect(vp(m.datePublished)[0]).toEqual(["2024-03-01", "microdata itemprop=datePublished"]);
    expect(vp(m.siteName)[0]).toEqual(["The Rose Blog", "microdata itemprop=publisher"]);
    expect(vp(m.description)).toEqual([["When and how far to cut.", "microdata itemprop=description"]]);
    expect(vp(m.image)[0]).toEqual(["https://roses.example/img/secateurs.jpg", "microdata itemprop=image"]);
    expect(vp(m.type)).toEqual([["BlogPosting", "microdata itemtype"]]);
  });

  it("reads RDFa dc:creator and Drupal's sioc:has_creator", () => {
    const m = read(`<html><head><title>Annual report | City of Elm</title></head><body><article about="/node/12" typeof="sioc:Item foaf:Document"><h1>Annual report</h1><span property="dc:title" content="Annual report" class="rdf-meta element-hidden"></span>
<div class="submitted"><span property="dc:date dc:created" content="2023-06-01T10:00:00+02:00" datatype="xsd:dateTime">Submitted by <span rel="sioc:has_creator"><a href="/user/2" typeof="sioc:UserAccount" property="foaf:name">Pat Miller</a></span> on Thu, 06/01/2023</span></div></article>
<div class="field"><p property="dc:creator">Lee Park</p></div></body></html>`, "https://www.elm.example/node/12");
    expect(vp(m.author)).toEqual([["Pat Miller", "RDFa rel=sioc:has_creator"], ["Lee Park", "RDFa property=dc:creator"]]);
    expect(m.author[0].strength).toBe(0.8);
    expect(vp(m.datePublished)).toEqual([["2023-06-01T10:00:00+02:00", "RDFa property=dc:date"]]);
    // The h1 agrees with the hidden dc:title and the <title> without "City of Elm" (host elm.example).
    expect(vp(m.title)).toEqual([["Annual report", "<h1> within <title>"]]);
    expect(m.title[0].strength).toBe(0.98);
  });
});

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
    // Newsrooms file their writers under other words: "/staff/", "/redaktion/", "/writer/".
    for (const path of ["/fr/staff/uriel-gadessaud/", "/redaktion/uriel-gadessaud", "/writer/uriel-gadessaud/"]) {
      const staff = read(`<html><body><article><h1>Ten tips</h1><div class="meta"><a href="${path}">Uriel Gadessaud</a></div>${LONG}</article></body></html>`, "https://blog.example/tips");
      expect(vp(staff.author), path).toEqual([["Uriel Gadessaud", "visible link to the author's page under the h1"]]);
    }
    // A member's profile or a team page is no writer's archive.
    const profile = read(`<html><body><article><h1>Ten tips</h1><div class="meta"><a href="/profil/nestle-produkttester">Nestlé Produkttester</a></div>${LONG}</article></body></html>`, "https://blog.example/tips");
    expect(profile.author).toEqual([]);
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

describe("titles and site names", () => {
  it("strips the site name from '<title>' and lets an agreeing h1 confirm it", () => {
    const m = read(`<html><head><title>Pricing plans | Cloudly</title></head><body><main><h1 data-box="0,0,10,10">Pricing plans</h1></main></body></html>`, "https://www.cloudly-app.example/pricing", ["Cloudly"]);
    // The h1 is one end of the whole <title>: "<h1> within <title>" (0.9), with the stripped <title>
    // agreeing. Knowing the site's name does not turn it into a weaker "equal" (0.78 + 0.04).
    expect(vp(m.title)).toEqual([["Pricing plans", "<h1> within <title>"]]);
    expect(m.title[0].agreeing).toEqual(["<title> without the site name"]);
    expect(m.title[0].strength).toBe(0.94);
    // The same page with no site name known reads the h1 the same way.
    const unknownSite = read(`<html><head><title>Pricing plans | Cloudly</title></head><body><main><h1>Pricing plans</h1></main></body></html>`, "https://203.0.113.9/pricing");
    expect(vp(unknownSite.title)[0]).toEqual(["Pricing plans", "<h1> within <title>"]);
    expect(m.title[0].selector).toBe("body > main > h1");
    expect(vp(m.siteName)[0]).toEqual(["Cloudly", "title suffix shared by the site's pages"]);
    // The title part spells the host (cloudly-app): a second, independent source agrees.
    expect(m.siteName[0].agreeing).toEqual(["title part matching the host name"]);
    expect(m.siteName[0].strength).toBe(0.89);
  });

  it("ranks a site name written as a web address behind the name the title gives, and keeps a name that is a domain", () => {
    const page = (siteName: string) =>
      read(`<html lang="de"><head><title>Neue Regeln für Betriebe - BMAS</title><meta property="og:site_name" content="${siteName}"></head><body><main><h1>Neue Regeln für Betriebe</h1><p>Text.</p></main></body></html>`, "https://www.bmas.de/DE/Service/regeln.html");
    for (const address of ["www.bmas.de", "https://www.bmas.de/", "bmas.de/"]) {
      const m = page(address);
      expect(vp(m.siteName).slice(0, 2)).toEqual([["BMAS", "title part matching the host name"], [address, "meta og:site_name (a web address)"]]);
      expect(m.siteName[1].strength).toBe(0.55);
    }
    // "Gala.fr", "FAZ.NET": names sites give themselves, stated in og:site_name, stay first.
    expect(vp(page("BMAS.de").siteName)[0]).toEqual(["BMAS.de", "meta og:site_name"]);
  });

  it("leads with the first part of a <title> that still has parts once the site's name is gone, below auto-apply, when nothing else states a title", () => {
    const html = (head: string) => `<html lang="de"><head><title>Enchufla Figuren - Salsa-Figuren - Rueda in Berlin</title>${head}</head><body><main><p>Eine Figur für die Rueda.</p></main></body></html>`;
    const m = read(html(""), "http://rueda.wikidot.com/enchufla");
    expect(vp(m.title).slice(0, 2)).toEqual([["Enchufla Figuren", "<title>'s first part, without the site name"], ["Enchufla Figuren - Salsa-Figuren", "<title> without the site name"]]);
    expect(m.title[0].strength).toBe(0.6);
    // A stated title keeps the stripped <title> as it was.
    const stated = read(html(`<meta property="og:title" content="Enchufla Figuren - Salsa-Figuren">`), "http://rueda.wikidot.com/enchufla");
    expect(vp(stated.title)[0][0]).toBe("Enchufla Figuren - Salsa-Figuren");
    expect(values(stated.title)).not.toContain("Enchufla Figuren");
    // An og:title that is only the site's name states no title of the page: the first part still leads.
    const siteOnly = read(html(`<meta property="og:site_name" content="Rueda in Berlin"><meta property="og:title" content="Rueda in Berlin">`), "http://rueda.wikidot.com/enchufla");
    expect(vp(siteOnly.title)[0]).toEqual(["Enchufla Figuren", "<title>'s first part, without the site name"]);
  });

  it("finds the title part that names the site behind a box-drawing bar, with accents, or spelling each word of the host", () => {
    const page = (title: string, url: string) => read(`<html lang="de"><head><title>${title}</title></head><body><main><p>${LONG}</p></main></body></html>`, url);
    const nestle = page("Produkttester werden &amp; gratis testen│Nestlé Marktplatz", "https://www.nestle-marktplatz.de/mitmachen/produkttests");
    expect(vp(nestle.siteName)[0]).toEqual(["Nestlé Marktplatz", "title part matching the host name"]);
    expect(vp(nestle.title)[0]).toEqual(["Produkttester werden & gratis testen", "<title> without the site name"]);
    const cdu = page("CDU-Fraktion im Erfurter Stadtrat - Entwicklung der Waldorfschule ermöglicht", "http://www.cdu-fraktion-erfurt.de/inhalte/aktuelles/x/index.html");
    expect(vp(cdu.siteName)[0]).toEqual(["CDU-Fraktion im Erfurter Stadtrat", "title part matching the host name"]);
    // Every word of the host must be spelled: "Feuerwehr Hamburg" is not feuerwehrtaucher-oldenburg.de.
    expect(values(page("Feuerwehr Oldenburg - Ausbildung", "http://feuerwehrtaucher-oldenburg.de/bootsdienst/ausbildung.html").siteName)[0]).toBe("Feuerwehr Oldenburg");
    expect(values(page("Feuerwehr Hamburg - Ausbildung", "http://feuerwehrtaucher-oldenburg.de/bootsdienst/ausbildung.html").siteName)[0]).toBe("feuerwehrtaucher-oldenburg");
  });

  it("reads the site's name from the title WordPress or Blogger gives its feed, once", () => {
    const feeds = (links: string) => read(`<html><head><title>Ten tips</title>${links}</head><body><main><h1>Ten tips</h1>${LONG}</main></body></html>`, "https://jane.example/tips").siteName;
    const wordpress = `<link rel="alternate" type="application/rss+xml" title="Jane's Garden » Feed" href="/feed/"><link rel="alternate" type="application/rss+xml" title="Jane's Garden » Kommentar-Feed" href="/comments/feed/">`;
    expect(vp(feeds(wordpress))[0]).toEqual(["Jane's Garden", "feed title (link rel=alternate)"]);
    expect(values(feeds(`<link rel="alternate" type="application/atom+xml" title="Python Insider - Atom" href="/feeds/posts/default">`))[0]).toBe("Python Insider");
    // Another feed's title names the feed, not the site; a page's other alternates are no feeds.
    expect(values(feeds(`<link rel="alternate" type="application/rss+xml" title="Latest news" href="/rss">`))).not.toContain("Latest news");
    expect(values(feeds(`<link rel="alternate" hreflang="en" title="Jane's Garden » Feed" href="/en/">`))).not.toContain("Jane's Garden");
  });

  it("never takes a section-name h1 as the site name or the title", () => {
    const m = read(`<html lang="en"><head><title>Opening hours | Acme Museum</title><meta property="og:title" content="Opening hours"></head><body><header><h1 class="section-title">Visit</h1></header><main><h2>Opening hours</h2><p>We are open every day.</p></main></body></html>`, "https://www.acme-museum.org/visit/hours");
    expect(values(m.title)).toEqual(["Opening hours"]);
    expect(vp(m.siteName)).toEqual([["Acme Museum", "title part matching the host name"], ["acme-museum", "host name"]]);
    expect(values(m.siteName)).not.toContain("Visit");
    expect(m.siteName[1].strength).toBe(0.4);
  });

  it("never takes a sign-up box's h1 for a second headline, whatever the post's taxonomy classes say", () => {
    const box = (cls: string) => `<div class="${cls}"><div class="inner"><h1>Das ist Liebe in deinem Posteingang: Unser Newsletter!</h1><form><input type="email"></form></div></div>`;
    const page = (articleClass: string, boxes: string) =>
      read(`<html><head><meta property="og:type" content="article"><meta property="og:title" content="Weihnachten bei Journelles"></head><body><article class="${articleClass}"><h1>Mein cosy Home Gift Guide bei Westwing Collection</h1><p>Am 1. Dezember 2022</p>${LONG}</article>${boxes}</body></html>`, "https://www.journelles.de/x/").title;
    // The page's one headline, which says something else than og:title: it leads, and og:title is its rival.
    const boxed = page("post type-post", box("newsletter_teaser_block full-width") + box("newsletter_teaser_block flyin_mode"));
    expect(boxed[0].value).toBe("Mein cosy Home Gift Guide bei Westwing Collection");
    expect(boxed[0].provenance).toBe("<h1>, which differs from the stated title");
    expect(values(boxed)).not.toContain("Das ist Liebe in deinem Posteingang: Unser Newsletter!");
    // A post filed under "Newsletter" (WordPress's "tag-newsletter" class) keeps its headline.
    expect(page("post type-post tag-newsletter category-subscribe", "")[0].value).toBe("Mein cosy Home Gift Guide bei Westwing Collection");
  });

  it("prefers the wording of a stated title that the page's one h1 says word for word, on any page", () => {
    const h1 = "Strompreisbremse – Erlösabschöpfung: Bundesregierung drosselt Bioenergie, Branche protestiert";
    const said = read(`<html><head><meta property="og:title" content="Strompreisbremse, Erlösabschöpfung: Bundesregierung drosselt Bioenergie"><meta name="twitter:title" content="${h1}"></head><body><main><h1>${h1}</h1>${LONG}</main></body></html>`, "https://www.energiezukunft.eu/x/").title;
    expect(said[0].value).toBe(h1);
    expect([said[0].provenance, ...(said[0].agreeing ?? [])]).toEqual(["meta twitter:title", "<h1>"]);
    expect(values(said)).toContain("Strompreisbremse, Erlösabschöpfung: Bundesregierung drosselt Bioenergie");
    // The other wording stays, a rival below auto-apply's reach.
    expect(said.find((v) => v.provenance === "meta og:title")!.strength).toBeLessThan(0.8);
  });

  it("uses a lone h1 alone when nothing else names the page; on an article, before a <title> that says something else unless the h1 is a menu entry; on other pages, after a stated title and before a lone <title>", () => {
    expect(vp(read(`<html><body><h1>Only heading</h1></body></html>`).title)).toEqual([["Only heading", "<h1>"]]);
    expect(read(`<html><body><h1>Only heading</h1></body></html>`).title[0].strength).toBe(0.7);
    // pix-bavaria.de: a dated post whose <title> is the site's address; the h1 is the page's own headline.
    const dated = (nav: string, title = "pix-bavaria") => `<html><head><title>${title}</title></head><body>${nav}<h1>Boarische Buidl</h1><p>12.03.2021</p>${LONG}</body></html>`;
    const post = read(dated(""), "https://www.pix-bavaria.de/2021/boarische-buidl").title;
    expect(vp(post)[0]).toEqual(["Boarische Buidl", "<h1>, which differs from the stated title"]);
    expect(post[0].strength).toBeGreaterThan(post[1].strength);
    // An h1 that is an entry of the menu names a section: the <title> stays the title.
    expect(values(read(dated(`<nav><a href="/buidl">Boarische Buidl</a></nav>`, "Bilder aus Bayern"), "https://www.pix-bavaria.de/2021/boarische-buidl").title)[0]).toBe("Bilder aus Bayern");
    // A page whose only stated title is its <title>: the h1 readers see leads it, short of auto-apply, with the
    // <title> as its rival (chorknaben-ulm.de's "Geschichte | Chorknaben Ulm" over the h1 "Chorgeschichte";
    // prof-pc.de's "Home" over "Time to say goodbye.").
    const history = read(`<html><head><title>Geschichte | Ulmer Chorknaben</title></head><body><h1>Chorgeschichte</h1>${LONG}</body></html>`, "https://www.chorknaben-ulm.de/geschichte").title;
    expect(vp(history).slice(0, 2)).toEqual([["Chorgeschichte", "<h1>, which differs from the <title>"], ["Geschichte", "<title> without its last part"]]);
    expect(history[0].strength).toBeLessThan(0.85);
    expect(history[0].strength).toBeGreaterThan(history[1].strength);
    const service = read(`<html><head><title>About us</title></head><body><h1>We build the backup tool we always wanted</h1>${LONG}</body></html>`, "https://backup.example/about").title;
    expect(values(service)).toEqual(["We build the backup tool we always wanted", "About us"]);
    // Nor where the two differ only in quotes or punctuation: the <title>'s wording stays.
    expect(values(read(`<html><head><title>Posts tagged web | Pixel &amp; Prose</title></head><body><h1>Posts tagged “web”</h1>${LONG}</body></html>`, "https://pixelandprose.example/tags/web/").title)[0]).toBe("Posts tagged web");
    // Not where a stated title of another family (og:title) names the page: that one stays first.
    expect(values(read(`<html><head><title>About us</title><meta property="og:title" content="About us"></head><body><h1>We build the backup tool we always wanted</h1>${LONG}</body></html>`, "https://backup.example/about").title)[0]).toBe("About us");
    // So on a home page (prof-pc.de's "Home"; anwaltniemeyer.de's "Willkommen!" under the <title> "Anwalt Niemeyer"),
    // however many dated teasers it lists: labelled by reading the page, the h1 was its title more often.
    const home = read(`<html><head><title>Harbour News</title></head><body><h1>Everything about the coast</h1><main><article><h2>A</h2><time datetime="2024-01-02">2 Jan</time></article></main></body></html>`, "https://harbour.example/").title;
    expect(vp(home)).toEqual([["Everything about the coast", "<h1>, which differs from the <title>"], ["Harbour News", "<title>"]]);
    expect(home[0].strength).toBeLessThan(0.85);
    expect(values(read(`<html><head><title>Home</title></head><body><h1>Time to say goodbye.</h1>${LONG}</body></html>`, "https://prof-pc.de/").title)).toEqual(["Time to say goodbye.", "Home"]);
  });

  it("weakens a stated title that is the site's name (iconmagazine.de's og:title on an article), but not on the home page", () => {
    const html = `<html><head><meta property="og:site_name" content="ICON Magazine"><meta property="og:title" content="ICON Magazine"><title>Davor und Danach | ICON Magazine</title></head><body></body></html>`;
    const story = read(html, "https://iconmagazine.de/story/interview-mit-sharon-stone/").title;
    expect(vp(story)).toEqual([["Davor und Danach", "<title> without the site name"], ["ICON Magazine", "meta og:title, the site's name"]]);
    expect(vp(read(html, "https://iconmagazine.de/").title)[0]).toEqual(["ICON Magazine", "meta og:title"]);
  });

  it("recognises the host's own spelling of the site name in the title", () => {
    const m = read(`<html><head><title>Neue Grafikkarten im Test | heise online</title></head><body></body></html>`, "https://www.heise.de/tests/gpu.html");
    expect(vp(m.title)).toEqual([["Neue Grafikkarten im Test", "<title> without the site name"]]);
    expect(vp(m.siteName)).toEqual([["heise online", "title part matching the host name"], ["heise", "host name"]]);
  });

  it("splits titles and strips only a known site name", () => {
    expect(titleParts("Foo – Bar | Acme")).toEqual(["Foo", "Bar", "Acme"]);
    expect(titleParts("| Acme")).toEqual(["Acme"]);
    // A dash between two numbers is a range, not a separator (slf.ch's "Wochenbericht 14. - 20. Januar 2022 - SLF").
    expect(titleParts("Wochenbericht 14. - 20. Januar 2022 - SLF")).toEqual(["Wochenbericht 14. - 20. Januar 2022", "SLF"]);
    expect(titleParts("Saison 2021 – 2022 | Turnverein")).toEqual(["Saison 2021 – 2022", "Turnverein"]);
    expect(titleParts("Artikel 12 - Acme")).toEqual(["Artikel 12", "Acme"]);
    // A part at either end that names a folder above the page is its section (gipfelbuch.ch's /outdoornews/); the page's own slug is not.
    const gipfel = "https://www.gipfelbuch.ch/outdoornews/detail/id/718";
    expect(stripSection("Outdoornews - Hochauflösende Schneekarten auf Gipfelbuch.ch", gipfel)).toBe("Hochauflösende Schneekarten auf Gipfelbuch.ch");
    expect(stripSection("Hochauflösende Schneekarten auf Gipfelbuch.ch | Outdoor News", gipfel)).toBe("Hochauflösende Schneekarten auf Gipfelbuch.ch");
    expect(stripSection("Energy Rising – 33 Tage Yoga Challenge", "https://www.madymorrison.com/yoga/energy-rising")).toBe("Energy Rising – 33 Tage Yoga Challenge");
    expect(stripSection("Outdoornews - Schnee", gipfel)).toBe("Outdoornews - Schnee");
    const og = read(`<html><head><meta property="og:title" content="gipfelbuch.ch - Outdoornews - Hochauflösende Schneekarten auf Gipfelbuch.ch"><meta property="og:site_name" content="gipfelbuch.ch"></head><body><main><p>Schnee.</p></main></body></html>`, gipfel);
    expect(vp(og.title)[0]).toEqual(["Hochauflösende Schneekarten auf Gipfelbuch.ch", "meta og:title without the site name and its section"]);
    // Guillemets that quote keep the quotation whole (legrandcontinent.eu's og:title); as a breadcrumb's arrows they separate.
    const quoting = "« Il y a, d’abord, le poids de la géographie ». Sur les migrations avec François Héran | Le Grand Continent";
    expect(stripSiteSuffix(quoting, ["Le Grand Continent"])).toBe("« Il y a, d’abord, le poids de la géographie ». Sur les migrations avec François Héran");
    expect(titleParts("« Zitat » - Acme")).toEqual(["« Zitat »", "Acme"]);
    expect(titleParts("Home » Blog » Post")).toEqual(["Home", "Blog", "Post"]);
    expect(titleParts("» Acme News")).toEqual(["Acme News"]);
    expect(stripSiteSuffix("Acme launches rocket | Acme", ["Acme"])).toBe("Acme launches rocket");
    expect(stripSiteSuffix("Acme » Acme launches rocket", ["acme"])).toBe("Acme launches rocket");
    expect(stripSiteSuffix("Covid - what now - The Daily", ["the  daily"])).toBe("Covid - what now");
    expect(stripSiteSuffix("Before - after", ["Acme"])).toBe("Before - after");
    expect(stripSiteSuffix("Single", ["Single"])).toBe("Single");
    // The site's very name in the middle, its slogan after it: what stands before the name.
    expect(stripSiteSuffix("Christmas Gift Guide | Journelles | Jetzt entdecken!", ["Journelles"])).toBe("Christmas Gift Guide");
    // A middle part that only contains the name is a part of the title.
    expect(stripSiteSuffix("Die Gewinner – Journelles Awards – Jetzt lesen", ["Journelles"])).toBe("Die Gewinner – Journelles Awards – Jetzt lesen");
    expect(hostLabel("https://www.bbc.co.uk/news")).toBe("bbc");
    expect(hostLabel("https://www.heise.de/")).toBe("heise");
    expect(hostLabel("http://127.0.0.1:8080/")).toBeNull();
  });

  it("finds the affix most of a site's titles share", () => {
    expect(sharedTitleAffix(["Plants | Greenleaf", "Visit us | Greenleaf", "Greenleaf", "Advice – Roses | Greenleaf"])).toBe("Greenleaf");
    expect(sharedTitleAffix(["Acme – Home", "Acme – About us", "Acme – Contact", "Jobs"])).toBe("Acme");
    expect(sharedTitleAffix(["Foo | Acme", "Bar | Other", "Baz"])).toBeNull();
    expect(sharedTitleAffix(["Only one | Acme"])).toBeNull();
  });

  it("splits Chinese and Japanese titles at an unspaced dash or pipe beside a CJK letter, and only there", () => {
    expect(titleParts("武汉的声音：有英勇的你，才有英雄的城！-新华网")).toEqual(["武汉的声音：有英勇的你，才有英雄的城！", "新华网"]);
    expect(titleParts("NEWS WEB EASY|子どもへの体罰を禁止する法律ができる")).toEqual(["NEWS WEB EASY", "子どもへの体罰を禁止する法律ができる"]);
    expect(titleParts("COVID-19 cases rise in Wi-Fi cafés")).toEqual(["COVID-19 cases rise in Wi-Fi cafés"]);
    // Across a run's pages the site name they share is found, and dropped from each title.
    const titles = ["益阳：“数字”是优长-半月谈", "乡村振兴的新路子-半月谈", "半月谈", "基层减负再观察-半月谈"];
    expect(sharedTitleAffix(titles)).toBe("半月谈");
    expect(stripSiteSuffix(titles[0], ["半月谈"])).toBe("益阳：“数字”是优长");
  });
});

describe("values", () => {
  it("normalises dates to ISO and rejects implausible ones", () => {
    expect(normalizeDate("2024-03-05 10:00:00", null, NOW)).toBe("2024-03-05T10:00:00");
    expect(normalizeDate("2024-03-05T10:00:00+0100", null, NOW)).toBe("2024-03-05T10:00:00+01:00");
    expect(normalizeDate("20240305", null, NOW)).toBe("2024-03-05");
    expect(normalizeDate("1709632800", null, NOW)).toBe("2024-03-05T10:00:00Z");
    expect(normalizeDate("05.03.2024", "de", NOW)).toBe("2024-03-05");
    expect(normalizeDate("03/05/2024", "en-US", NOW)).toBe("2024-03-05");
    expect(normalizeDate("05/03/2024", "en-GB", NOW)).toBe("2024-03-05");
    expect(normalizeDate("12 de marzo de 2024", "es", NOW)).toBe("2024-03-12");
    expect(normalizeDate("2024年3月12日", "ja", NOW)).toBe("2024-03-12");
    expect(normalizeDate("1985-01-01", null, NOW)).toBeNull();
    expect(normalizeDate("2025-06-03", null, NOW)).toBeNull();
    expect(normalizeDate("2024-02-31", null, NOW)).toBeNull();
    expect(normalizeDate("3 days ago", "en", NOW)).toBeNull();
    // Spaced as typesetters write it (dtb-tennis.de), which chrono does not read; the first date in the text wins.
    expect(normalizeDate("4. 2. 2022", "de", NOW)).toBe("2022-02-04");
    expect(normalizeDate("Von Deutscher Tennis Bund 4. 2. 2022.", "de", NOW)).toBe("2022-02-04");
    expect(normalizeDate("am 3. März 2021, geändert am 4. 5. 2022", "de", NOW)).toBe("2021-03-03");
    expect(normalizeDate("geändert am 4. 5. 2022, erschienen am 3. März 2021", "de", NOW)).toBe("2022-05-04");
    expect(normalizeDate("Version 4. 13. 2022", "de", NOW)).toBeNull();
    expect([isoDay("2022", "2", "4"), isoDay("2022", "0", "4"), isoDay("2022", "2", "0"), isoDay("2022", "13", "4"), isoDay("2022", "2", "32")]).toEqual(["2022-02-04", null, null, null, null]);
    // German dates without the day's dot (silvias.net) or with a comma before the year (wirtschaftspsychologie-aktuell.de).
    expect(normalizeDate("26 Okt 2018", "de", NOW)).toBe("2018-10-26");
    expect(normalizeDate("Von Christian Thiele, 07 Dezember, 2022", "de", NOW)).toBe("2022-12-07");
    expect(normalizeDate("3 März 2020 um 10:00", "de", NOW)).toBe("2020-03-03T10:00:00");
    expect(normalizeDate("In 12 Augen 2020", "de", NOW)).toBeNull();
    // The month first, as Blogger's German date headers write it (happyface313.com's "Mittwoch, März 7, 2018").
    expect(normalizeDate("Mittwoch, März 7, 2018", "de", NOW)).toBe("2018-03-07");
    expect(normalizeDate("Okt. 10, 2019 um 09:15", "de", NOW)).toBe("2019-10-10T09:15:00");
    expect(normalizeDate("Hamai 10, 2019", "de", NOW)).toBeNull();
    expect(normalizeDate("Juni 19th, 2018", "de", NOW)).toBe("2018-06-19");
  });

  it("cleans bylines", () => {
    expect(cleanByline("By Jane Doe | 5 min read", "en", NOW)).toBe("Jane Doe");
    expect(cleanByline("Written by Jane Doe on March 3, 2024", "en", NOW)).toBe("Jane Doe");
    expect(cleanByline("Por Ana García y Luis Pérez", "es", NOW)).toBe("Ana García y Luis Pérez");
    expect(cleanByline("di Mario Rossi", "it", NOW)).toBe("Mario Rossi");
    expect(cleanByline("Di Maio", "it", NOW)).toBe("Di Maio");
    // A credit's kind before the name: brandeins.de's "Text und Interview:", a recipe card's "Recipe by".
    expect(cleanByline("Text und Interview: Harald Willenbrock", "de", NOW)).toBe("Harald Willenbrock");
    expect(cleanByline("Text: Jane Doe", "en", NOW)).toBe("Jane Doe");
    expect(cleanByline("Recipe by Eat What Tonight", "en", NOW)).toBe("Eat What Tonight");
    expect(cleanByline("Rezept von Anna Schmidt", "de", NOW)).toBe("Anna Schmidt");
    expect(cleanByline("By https://x.example/jane", "en", NOW)).toBeNull();
    expect(cleanByline("jane@x.example", "en", NOW)).toBeNull();
    expect(cleanByline("March 3, 2024", "en", NOW)).toBeNull();
    expect(cleanByline("This article was written by our staff and checked by experts.", "en", NOW)).toBeNull();
    // A charity's press release puts its update stamp in a box classed "author" (caritas.de).
    expect(cleanByline("Zuletzt geändert am: 15.10.2021", "de", NOW)).toBeNull();
    expect(cleanByline("Last updated March 3, 2024", "en", NOW)).toBeNull();
    expect(cleanByline("Von Anna Geändert", "de", NOW)).toBe("Anna Geändert");
    expect(cleanByline("By Jane Doe, AP", "en", NOW)).toBe("Jane Doe");
    expect(cleanByline("By Jane Doe, John Roe", "en", NOW)).toBe("Jane Doe, John Roe");
    // An exclamation or a question is nobody's name, however short.
    expect(cleanByline("Endlich mehr Beschleunigung wagen!", "de", NOW)).toBeNull();
    expect(cleanByline("Wer zahlt?", "de", NOW)).toBeNull();
    expect(cleanByline("Jane Doe Jr.", "en", NOW)).toBe("Jane Doe Jr.");
  });

  it("parses data-box defensively", () => {
    const d = dom(`<div><p data-box="10,20.5,300,40"></p><p data-box="10, 20, -3, 4"></p><p data-box="a,b,c,d"></p><p data-box="1,2,3"></p><p></p></div>`);
    expect(Array.from(d.querySelectorAll("p")).map(boxOf)).toEqual([{ x: 10, y: 20.5, width: 300, height: 40 }, null, null, null, null]);
  });

  it("merges equal values, raising strength per independent source up to 0.99", () => {
    const m = read(`<html><head><meta property="og:site_name" content="Acme"><meta name="application-name" content="ACME "><meta name="apple-mobile-web-app-title" content="acme"><script type="application/ld+json">{"@type":"WebSite","name":"Acme"}</script></head><body></body></html>`, "https://acme.example/", ["Acme"]);
    expect(vp(m.siteName)).toEqual([["Acme", "JSON-LD WebSite.name"]]);
    expect(m.siteName[0].strength).toBe(0.99);
  });

  it("tells a desk's or a team's credit from a person's name", () => {
    for (const desk of ["Redaktion", "PETA-Team", "BBNTEAM", "Letters To The Editor", "Newsdesk", "N-Land Redaktion", "revamp-it Webteam", "Redacción fama", "Editorial Staff", "Redakcja Forsal.pl"]) {
      expect(isDeskCredit(desk), desk).toBe(true);
      expect(valueShape("author", desk)).toContain("author:desk");
    }
    for (const person of ["Jane Doe", "Tim Staffa", "Steffen Teamann", "Jane Doe, Redaktion", "Anna Editorova"]) {
      expect(isDeskCredit(person), person).toBe(false);
      expect(valueShape("author", person)).not.toContain("author:desk");
    }
    // Only an author is a credit: a site named "Redaktion" is a name.
    expect(valueShape("site", "Redaktion")).not.toContain("author:desk");
  });
});
