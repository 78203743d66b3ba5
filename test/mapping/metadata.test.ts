/** The metadata layer's structured sources: JSON-LD, meta tags, microdata and RDFa in the body (visible text, titles and values have files of their own). */
import { describe, expect, it } from "vitest";
import { read, values, vp } from "./metadata-helpers";

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

  it("reads a Person whose name is a list as co-authors (osw.waw.pl: HTML links in the list), and an organisation's list of names as one name", () => {
    const ld = (author: string) => read(`<html lang="pl"><head><title>Rosyjskie zamachy</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Rosyjskie zamachy","author":${author}}</script></head><body><main><h1>Rosyjskie zamachy</h1></main></body></html>`);
    const listed = ld(`{"@type":"Person","name":["<a href=\\"/pl/eksperci/mateusz-gniazdowski\\">Mateusz Gniazdowski</a>","<a href=\\"/pl/eksperci/martyna-wasiuta\\">Martyna Wasiuta</a>"]}`);
    expect(vp(listed.author)).toEqual([["Mateusz Gniazdowski, Martyna Wasiuta", "JSON-LD Article.author (not shown on the page)"]]);
    const organisation = ld(`{"@type":"Organization","name":["OSW","Ośrodek Studiów Wschodnich"]}`);
    expect(organisation.author.map((a) => a.value)).toEqual(["OSW"]);
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
    // energetyka24.com prints values without quotes: '"@author": Daniel Czyżewski, "@publisher": Energetyka24,'.
    const unquoted = read(`<html><head><script type="application/ld+json">{ "@context": "http://schema.org", "@type": "NewsArticle", "@author": Jan Nowak, "headline": "Gas supplies cut", "datePublished": "2021-05-11 09:49:18" }</script></head><body></body></html>`);
    expect(vp(unquoted.datePublished)[0]).toEqual(["2021-05-11T09:49:18", "JSON-LD NewsArticle.datePublished"]);
    expect(vp(unquoted.title)[0]).toEqual(["Gas supplies cut", "JSON-LD NewsArticle.headline"]);
    // The same in a CDATA section whose end stands on a line of its own: the block still closes.
    const cdata = read(`<html><head><script type="application/ld+json">//<![CDATA[\n{ "@type": "NewsArticle", "@author": Jan Nowak, "headline": "Gas supplies cut" }\n//]]></script></head><body></body></html>`);
    expect(vp(cdata.title)[0]).toEqual(["Gas supplies cut", "JSON-LD NewsArticle.headline"]);
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
