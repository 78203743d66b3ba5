import { describe, expect, it } from "vitest";
import type { PageExtraction } from "../../workers/contracts/extraction";
import { toMappedPage } from "../../workers/targets/from-mapping";

const extraction: PageExtraction = {
  url: "https://www.example.com/news/launch/", finalUrl: "https://www.example.com/news/launch/", status: 200,
  title: "Launch", metaDescription: "We launched", openGraph: { "og:title": "We launched!", "og:image": "/img/og.png" },
  canonical: "https://www.example.com/news/launch", language: "en",
  headings: [], mainHtml: "", mainText: "",
  images: [{ src: "/img/hero.png", alt: "Hero", width: 10, height: 10 }],
  links: [{ href: "/about", text: "About", internal: true }, { href: "https://x.test", text: "X", internal: false }],
  components: [
    { definition: "hero", selector: ".hero", path: "main > .hero", classes: ["hero"], position: 0, html: "", text: "", fields: [{ name: "image", kind: "image", value: "https://www.example.com/img/hero.png", selector: "img", attrs: { alt: "Hero" } }] },
  ],
  contentHash: "abc",
};

describe("mapping → MappedPage", () => {
  it("turns applied proposals into components with target ids, fields and page metadata", () => {
    const page = toMappedPage(extraction, {
      template: "article",
      proposals: [
        { scope: "component", instanceIndex: 0, targetComponent: "hero", targetField: null, targetType: null, value: null, confidence: 0.9 },
        { scope: "field", instanceIndex: 0, targetComponent: "hero", targetField: "image", targetType: "image", value: "https://www.example.com/img/hero.png", confidence: 0.8 },
        { scope: "field", instanceIndex: -1, targetComponent: null, targetField: "summary", targetType: "text", value: "We launched", confidence: 0.95 },
      ],
    }, {
      components: { hero: { name: "Hero", targetId: "mod:components/hero", selector: ".hero", exampleUrls: [], fields: [] } },
      templates: { article: { name: "Article", targetId: "mod:pages/article", urlPattern: "/news/*", selector: "", areas: ["content"], fields: [] } },
    });
    expect(page).toMatchObject({
      targetPath: "/news/launch", slug: "launch", title: "We launched!",
      template: { definition: "article", targetId: "mod:pages/article" },
      seo: { title: "Launch", description: "We launched", canonical: "https://www.example.com/news/launch", language: "en" },
      fields: { summary: { type: "text", value: "We launched" } },
      assets: [{ url: "https://www.example.com/img/hero.png", alt: "Hero" }],
      internalLinks: [{ href: "https://www.example.com/about", text: "About" }],
    });
    expect(page.components).toEqual([{ definition: "hero", targetId: "mod:components/hero", area: "content", confidence: 0.8, fields: { image: { type: "image", value: "https://www.example.com/img/hero.png", alt: "Hero" } } }]);
  });
});

describe("links to pages outside the page list", () => {
  it("lists each unresolved page link once, without the page itself, files or links the list resolves", async () => {
    const { linksOutsideList } = await import("../../workers/targets/target-writer");
    const { linkResolver, normalizeSourceUrl } = await import("../../workers/targets/links");
    const known = new Map([[normalizeSourceUrl("https://www.example.com/about"), "/about/"]]);
    const page = {
      sourceUrl: "https://www.example.com/news/launch/",
      internalLinks: [
        { href: "https://www.example.com/about/#team", text: "About" },
        { href: "https://www.example.com/news/launch", text: "This page" },
        { href: "https://www.example.com/news/launch/#comments", text: "Comments" },
        { href: "https://www.example.com/pricing?utm_source=nav", text: "  Pricing\n plans " },
        { href: "https://www.example.com/pricing", text: "Pricing again" },
        { href: "https://www.example.com/files/report.pdf", text: "Report" },
        { href: "https://www.example.com/contact.html#form", text: "Contact" },
        { href: "mailto:hello@example.com", text: "Mail" },
      ],
    };
    expect(linksOutsideList(page, linkResolver(known))).toEqual([
      { href: "https://www.example.com/pricing?utm_source=nav", text: "Pricing plans" },
      { href: "https://www.example.com/contact.html", text: "Contact" },
    ]);
  });
});

describe("WordPress page content", () => {
  it("is the components' blocks, or the template's rich-text body for a page without components", async () => {
    const { pageMarkup, componentCoverage, COMPONENTS_COVER } = await import("../../workers/targets/adapters/wordpress");
    const { preparedPage } = await import("../fixtures/targets/pages");
    // The main content repeats the component's text (its body and heading): the components stand for it.
    const body = { type: "richtext" as const, value: "<h2>Heading /a</h2><p>Intro. See about us and elsewhere. One. Nested.</p><p>Team text.</p>" };
    const withComponents = preparedPage("/a", "k1", { fields: { body } });
    expect(componentCoverage(withComponents)).toBeGreaterThanOrEqual(COMPONENTS_COVER);
    expect(pageMarkup(withComponents)).toContain("wp-block-group");
    expect(pageMarkup(withComponents)).not.toContain("Team text.");
    const bodyOnly = preparedPage("/b", "k2", { components: [], fields: { title: { type: "text", value: "Title" }, body: { type: "richtext", value: "<h2>Main</h2><p>The article's text.</p>" }, empty: { type: "richtext", value: "" } } });
    const markup = pageMarkup(bodyOnly);
    expect(markup).toContain("<!-- wp:heading -->");
    expect(markup).toContain("<p>The article's text.</p>");
    expect(markup).not.toContain("Title");
    expect(markup).not.toContain("wp-block-group");
  });

  it("is the template's rich-text body when the components hold less than COMPONENTS_COVER of its words", async () => {
    const { pageMarkup, componentCoverage, COMPONENTS_COVER } = await import("../../workers/targets/adapters/wordpress");
    const { preparedPage } = await import("../fixtures/targets/pages");
    // A selector that caught a teaser beside the article: the article is the body, not the teaser.
    const article = `<h2>What we do not want to hear</h2>${Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i} of the article, with its own words about the matter.</p>`).join("")}`;
    const teaserOnly = preparedPage("/c", "k3", { fields: { body: { type: "richtext", value: article } } });
    expect(componentCoverage(teaserOnly)).toBeLessThan(COMPONENTS_COVER);
    const markup = pageMarkup(teaserOnly);
    expect(markup).toContain("Paragraph 7 of the article");
    expect(markup).not.toContain("wp-block-group");
    // The page's write record says so; a page written from its components says nothing.
    const { metadataOutcome } = await import("../../workers/targets/adapters/wordpress");
    expect(metadataOutcome(teaserOnly, {}, null, false).content).toBe(`the page's main content (its component held ${Math.round(componentCoverage(teaserOnly) * 100)}% of its words)`);
    expect(metadataOutcome(preparedPage("/e", "k5"), {}, null, false).content).toBeUndefined();
    // Without a rich-text body there is nothing better than the components.
    const noBody = preparedPage("/d", "k4", { fields: { title: { type: "text", value: "Title" } } });
    expect(componentCoverage(noBody)).toBe(1);
    expect(pageMarkup(noBody)).toContain("wp-block-group");
  });
});

describe("WordPress page metadata", () => {
  it("is called written only when WordPress's answer holds it, and otherwise listed with its reason", async () => {
    const { metadataOutcome } = await import("../../workers/targets/adapters/wordpress");
    const { WORDPRESS_SEO_PLUGINS } = await import("../../workers/targets/wordpress-seo");
    const { preparedPage } = await import("../fixtures/targets/pages");
    const page = preparedPage("/a", "k1");
    const yoast = WORDPRESS_SEO_PLUGINS.find((p) => p.name === "Yoast SEO")!;
    // Yoast registered its fields for REST: both come back.
    expect(metadataOutcome(page, { meta: { [yoast.description]: "About /a", [yoast.title]: "SEO /a" } }, yoast, true)).toEqual({
      written: ["title", "meta description (Yoast SEO)", "SEO title (Yoast SEO)", "featured image"],
      noPlace: ["language (en): WordPress keeps one language for the whole site"],
    });
    // The plugin answers but dropped the keys: not written, and said so.
    expect(metadataOutcome(page, { meta: {} }, yoast, false).noPlace.slice(0, 2)).toEqual([
      "meta description: Yoast SEO does not let the REST API write _yoast_wpseo_metadesc on this site",
      "SEO title: Yoast SEO does not let the REST API write _yoast_wpseo_title on this site",
    ]);
    // No plugin, but pages with excerpts: the description is the excerpt.
    expect(metadataOutcome(page, { excerpt: { raw: "About /a", rendered: "<p>About /a</p>" } }, null, false).written).toEqual(["title", "meta description (page excerpt)"]);
  });
});

describe("WordPress publication dates", () => {
  it("sends a moment with its zone as GMT, a day or a local time as the site's, and never a date WordPress would schedule", async () => {
    const { wordpressDate } = await import("../../workers/targets/adapters/wordpress");
    const now = new Date("2026-01-01T00:00:00Z");
    expect(wordpressDate("2021-03-04T21:30:00-05:00", now)).toEqual({ date_gmt: "2021-03-05T02:30:00" });
    expect(wordpressDate("2020-02-25T02:25:54Z", now)).toEqual({ date_gmt: "2020-02-25T02:25:54" });
    expect(wordpressDate("2019-11-10", now)).toEqual({ date: "2019-11-10T00:00:00" });
    expect(wordpressDate("2022-05-05T22:17", now)).toEqual({ date: "2022-05-05T22:17:00" });
    expect(wordpressDate("2027-01-01", now)).toBeNull();
    expect(wordpressDate("5 March 2024", now)).toBeNull();
  });

  it("lists a date and an author that WordPress did not keep, with the reason", async () => {
    const { metadataOutcome } = await import("../../workers/targets/adapters/wordpress");
    const { preparedPage } = await import("../fixtures/targets/pages");
    const page = preparedPage("/a", "k1");
    page.seo = { ...page.seo, language: null, published: { value: "2019-11-10", provenance: "day in the URL" }, author: { value: "Jane Doe", provenance: "meta name=author" } };
    expect(metadataOutcome(page, { date: "2019-11-10T00:00:00", author: 7 }, null, false, { id: 7, name: "Jane Doe", others: [] }).written).toEqual([
      "title",
      "publication date 2019-11-10 (from day in the URL)",
      "author Jane Doe (from meta name=author)",
    ]);
    expect(metadataOutcome(page, { date: "2020-01-01T00:00:00", author: 1 }, null, false, { id: null, name: "Jane Doe", others: [], reason: "no WordPress user has this name; the page keeps the user who writes it" }).noPlace.slice(0, 2)).toEqual([
      "publication date (2019-11-10): WordPress did not keep it",
      "author (Jane Doe): no WordPress user has this name; the page keeps the user who writes it",
    ]);
  });

  it("takes the page's date and author from its metadata only where a source states them well", () => {
    const value = (v: string, provenance: string, strength: number) => [{ value: v, provenance, strength }];
    const none = { title: [], siteName: [], description: [], language: [], canonical: [], image: [], type: [] };
    const mapped = (metadata: PageExtraction["metadata"]) => toMappedPage({ ...extraction, metadata }, { template: "article", proposals: [] }, { components: {}, templates: {} }).seo;
    const stated = mapped({ ...none, datePublished: value("2021-03-04T21:30:00-05:00", "JSON-LD NewsArticle.datePublished", 0.93), dateModified: [], author: value("Jane Doe", "visible byline under the h1", 0.72) });
    expect(stated.published).toEqual({ value: "2021-03-04T21:30:00-05:00", provenance: "JSON-LD NewsArticle.datePublished" });
    expect(stated.author).toEqual({ value: "Jane Doe", provenance: "visible byline under the h1" });
    expect(stated.modified).toBeNull();
    // A guess (a date somewhere in the text, an author element outside the article) is not written.
    const guessed = mapped({ ...none, datePublished: value("2018-06-17", "visible date element", 0.61), dateModified: [], author: value("Recipe by Eat What Tonight", "visible author element (class=\"recipe-card-author\")", 0.6) });
    expect(guessed.published).toBeNull();
    expect(guessed.author).toBeNull();
  });
});

describe("linked documents", () => {
  it("are assets of the page, and links to them point at the target's copy", async () => {
    const { assetUrlsOf } = await import("../../workers/targets/assets");
    const { rewriteHtml, linkResolver } = await import("../../workers/targets/links");
    const { mappedPage } = await import("../fixtures/targets/pages");
    const page = mappedPage("/reports");
    page.components[0].fields.body.value = `<p><a href="/files/Report%202024.PDF">Annual report</a>, <a href="/about">about</a>, <a href="/files/sheet.xlsx?v=2">the sheet</a>, <a href="/files/notes.txt">notes</a></p>`;
    page.components[0].fields.cta = { type: "link", value: "/files/brochure.pdf" };
    const urls = assetUrlsOf(page);
    expect(urls.get("https://source.test/files/Report%202024.PDF")).toBe("Annual report");
    expect(urls.has("https://source.test/files/sheet.xlsx?v=2")).toBe(true);
    expect(urls.has("https://source.test/files/brochure.pdf")).toBe(true);
    // A page link and a file type media libraries refuse by default stay links.
    expect(urls.has("https://source.test/about")).toBe(false);
    expect(urls.has("https://source.test/files/notes.txt")).toBe(false);
    const html = rewriteHtml(page.components[0].fields.body.value as string, page.sourceUrl, linkResolver(new Map()), {
      "https://source.test/files/Report%202024.PDF": { state: "uploaded", sourceUrl: "https://source.test/files/Report%202024.PDF", url: "https://cms.test/media/report.pdf", targetId: "9", alt: "Annual report" },
    });
    expect(html).toContain('href="https://cms.test/media/report.pdf"');
  });
});
