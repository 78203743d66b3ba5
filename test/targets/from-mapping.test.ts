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
    const { pageMarkup } = await import("../../workers/targets/adapters/wordpress");
    const { preparedPage } = await import("../fixtures/targets/pages");
    const body = { type: "richtext" as const, value: "<h2>Main</h2><p>The article's text.</p>" };
    const withComponents = preparedPage("/a", "k1", { fields: { body } });
    expect(pageMarkup(withComponents)).toContain("wp-block-group");
    expect(pageMarkup(withComponents)).not.toContain("The article's text.");
    const bodyOnly = preparedPage("/b", "k2", { components: [], fields: { title: { type: "text", value: "Title" }, body, empty: { type: "richtext", value: "" } } });
    const markup = pageMarkup(bodyOnly);
    expect(markup).toContain("<!-- wp:heading -->");
    expect(markup).toContain("<p>The article's text.</p>");
    expect(markup).not.toContain("Title");
    expect(markup).not.toContain("wp-block-group");
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
