/** The metadata layer's titles and site names: <title> parts, suffixes, headlines. */
import { describe, expect, it } from "vitest";
import { hostLabel, sharedTitleAffix, stripSiteSuffix, titleParts } from "../../workers/crawl/metadata";
import { stripSection } from "../../workers/crawl/metadata/title";
import { LONG, read, values, vp } from "./metadata-helpers";

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

  it("reads the headline without the subline its markup names inside the h1 (built like sac-cas.ch's m-stage__subline), and keeps an unmarked second part", () => {
    const page = (sub: string) => `<html><head><title>Schneesport mit Rücksicht auf Wildtiere | Schweizer Alpen-Club SAC</title><meta property="og:site_name" content="Schweizer Alpen-Club SAC"></head><body><main>
<h1 class="m-stage__headline"> Schneesport mit Rücksicht auf Wildtiere ${sub}</h1>${LONG}</main></body></html>`;
    const sub = "Verhaltenstipps für einen naturverträglichen Schneesport";
    expect(read(page(`<span class="m-stage__subline fs-h1-subline">${sub}</span>`)).title[0]).toMatchObject({ value: "Schneesport mit Rücksicht auf Wildtiere", provenance: "<h1> within <title>" });
    expect(read(page(`<span class="entry-subtitle">${sub}</span>`)).title[0]!.value).toBe("Schneesport mit Rücksicht auf Wildtiere");
    expect(read(page(`<span>${sub}</span>`)).title.map((t) => t.value)).toContain(`Schneesport mit Rücksicht auf Wildtiere ${sub}`);
  });
});

