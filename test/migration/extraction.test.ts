import { describe, expect, it } from "vitest";
import { extractPage, extractPageWithNotes } from "../../workers/crawl/extract";
import { pageHtml } from "../fixtures/site/pages.mjs";

const url = "https://www.fixture.test/pages/page-2";
const definitions = {
  hero: { name: "Hero", selector: ".hero" },
  card: { name: "Card", selector: ".cards .card" },
  richText: { name: "Rich text", selector: "section.rich-text" },
  unlocated: { name: "No selector" },
};

describe("extraction", () => {
  const page = extractPage(pageHtml("/pages/page-2", 2, 24), url, definitions, { imageSizes: { "https://www.fixture.test/images/hero-2.svg": { width: 1200, height: 400 } } });

  it("reads the page's metadata", () => {
    expect(page.title).toMatch(/ 2 \| Fixture Corp$/);
    expect(page.metaDescription.length).toBeGreaterThan(20);
    expect(page.openGraph["og:type"]).toBe("website");
    expect(page.openGraph["og:image"]).toBe("/images/hero-2.svg");
    expect(page.canonical).toBe("https://www.fixture.test/pages/page-2");
    expect(page.language).toBe("en");
    expect(page.status).toBe(200);
    expect(page.finalUrl).toBe(url);
  });

  it("keeps the main content as clean HTML without page chrome, scripts or handlers", () => {
    expect(page.mainHtml).toContain("<h1>");
    expect(page.mainHtml).toContain('<a href="https://www.fixture.test/pages/page-3">');
    expect(page.mainHtml).not.toMatch(/<script|<style|onclick|class=|site-header|site-footer|Partner portal/);
    expect(page.mainText).toContain(page.headings[0].text);
    expect(page.mainText).not.toContain("Fixture Corp, 1 Example Street");
  });

  it("lists headings, images with alt and size, and internal and external links", () => {
    expect(page.headings[0]).toEqual({ level: 1, text: expect.any(String) });
    expect(page.headings.some((h) => h.level === 3)).toBe(true);
    const hero = page.images.find((i) => i.src.endsWith("/images/hero-2.svg"));
    expect(hero).toMatchObject({ width: 1200, height: 400 });
    expect(hero!.alt.length).toBeGreaterThan(0);
    expect(page.images.find((i) => i.src.endsWith("/images/logo.svg"))).toEqual({ src: "https://www.fixture.test/images/logo.svg", alt: "Fixture Corp", width: 160, height: 40 });
    expect(page.links).toContainEqual({ href: "https://partner.example.org/", text: "Partner portal", internal: false });
    expect(page.links).toContainEqual({ href: "https://www.fixture.test/pages/page-1", text: "Products", internal: true });
    expect(page.links).toContainEqual({ href: "mailto:hello@fixture.test", text: "hello@fixture.test", internal: false });
  });

  it("finds the instances of the site's component definitions with their fields", () => {
    const kinds = page.components.map((c) => c.definition);
    expect(kinds[0]).toBe("hero");
    expect(kinds.filter((k) => k === "card")).toHaveLength(3 + (2 % 4));
    expect(kinds.at(-1)).toBe("richText");
    expect(page.components.map((c) => c.position)).toEqual(page.components.map((_, i) => i));
    const hero = page.components[0];
    expect(hero.classes).toEqual(["hero"]);
    expect(hero.path).toBe("body > main > section.hero:nth-of-type(1)");
    const byName = Object.fromEntries(hero.fields.map((f) => [f.name, f]));
    expect(byName.hero__image).toMatchObject({ kind: "image", value: "https://www.fixture.test/images/hero-2.svg", attrs: { alt: expect.any(String), width: 1200, height: 400 } });
    expect(byName.hero__title).toMatchObject({ kind: "text", selector: "h1.hero__title", attrs: { level: 1, tag: "h1" } });
    expect(byName.hero__cta).toMatchObject({ kind: "link", value: "https://www.fixture.test/pages/page-3", attrs: { text: "Get started", internal: true } });
    const card = page.components[1];
    expect(card.fields.map((f) => [f.name, f.kind])).toEqual([
      ["card__image", "image"],
      ["card__title", "text"],
      ["card__text", "text"],
      ["card__link", "link"],
    ]);
    const rich = page.components.at(-1)!;
    expect(rich.fields.some((f) => f.kind === "list" && JSON.parse(f.value).length === 2)).toBe(true);
    expect(rich.fields.some((f) => f.kind === "richtext" && f.value.includes("<strong>"))).toBe(true);
  });

  it("is deterministic: the same page gives the same hash, a changed page another", () => {
    const again = extractPage(pageHtml("/pages/page-2", 2, 24), url, definitions);
    expect(again.contentHash).toBe(page.contentHash);
    expect(page.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const other = extractPage(pageHtml("/pages/page-3", 3, 24), url, definitions);
    expect(other.contentHash).not.toBe(page.contentHash);
  });

  it("reports invalid selectors and falls back to the body without chrome", () => {
    const html = `<html><body><header><nav><a href="/">Home</a></nav></header><div class="wrap"><h2>Hello</h2><p onclick="x()">Body <em>text</em></p><img src="javascript:alert(1)"><a href="javascript:alert(1)">x</a></div><footer>Foot</footer></body></html>`;
    const { extraction, invalidSelectors } = extractPageWithNotes(html, "https://a.example/", { broken: { selector: "div[[" }, plain: "h2" });
    expect(invalidSelectors).toEqual(["broken"]);
    expect(extraction.components).toHaveLength(1);
    expect(extraction.mainHtml).toBe("<div><h2>Hello</h2><p>Body <em>text</em></p><a>x</a></div>");
    expect(extraction.mainText).toBe("Hello\nBody text\nx");
    expect(extraction.images).toEqual([]);
    expect(extraction.language).toBeNull();
  });
});

describe("image sources", () => {
  const html = `<!doctype html><html lang="en"><head><title>Images</title></head><body><main><h1>Images</h1>
    <p>An article with images of every kind that real sites serve, each next to enough text to be content.</p>
    <img alt="Lazy" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/img/lazy.jpg">
    <img alt="Sizes" src="/img/small.jpg" srcset="/img/small.jpg 400w, /img/large,v2.jpg 1600w, /img/medium.jpg 800w">
    <img alt="Dense" src="/img/d1.png" srcset="/img/d2.png 2x, /img/d1.png 1x">
    <picture><source type="image/svg+xml" srcset="/img/vector.svg"><source type="image/webp" srcset="/img/photo-800.webp 800w, /img/photo-1200.webp 1200w"><img alt="Picture" src="/img/photo.jpg"></picture>
    <img alt="Placeholder only" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <p>More text after the images, so the article reads as one block of content.</p></main></body></html>`;
  const page = extractPage(html, "https://www.images.test/article");

  it("take the largest srcset candidate, a picture's raster source, or the lazy source behind a placeholder", () => {
    const byAlt = Object.fromEntries(page.images.map((i) => [i.alt, i.src]));
    expect(byAlt).toEqual({
      Lazy: "https://www.images.test/img/lazy.jpg",
      Sizes: "https://www.images.test/img/large,v2.jpg",
      Dense: "https://www.images.test/img/d2.png",
      Picture: "https://www.images.test/img/photo-1200.webp",
    });
    // The clean HTML carries the same sources; the placeholder-only image is left out as noise.
    expect(page.mainHtml).toContain('src="https://www.images.test/img/lazy.jpg"');
    expect(page.mainHtml).toContain('src="https://www.images.test/img/photo-1200.webp"');
    expect(page.mainHtml).not.toContain("data:image");
  });
});

describe("background images and video posters", () => {
  // As the browser leaves the page: data-bg on blocks drawn with a background image (crawl/browser.ts).
  const html = `<!doctype html><html lang="en"><head><title>Blocks</title></head><body><main>
    <section class="hero" data-bg="https://www.blocks.test/img/banner.jpg"><h1>Banner title</h1><p>The lead of the banner, long enough to be read as content of the page.</p></section>
    <div class="teaser" style="background-image: url('/img/teaser.jpg'); background-size: cover"><p>Teaser text that belongs to the page's content as well.</p></div>
    <video class="clip" poster="/img/tour.jpg" title="Product tour"><source src="/video/tour.mp4"></video>
    <p>Text after the blocks, so the main content is one article with its pictures.</p></main></body></html>`;
  const definitions = {
    hero: { name: "Hero", selector: ".hero", fields: [] },
    teaser: { name: "Teaser", selector: ".teaser", fields: [] },
    clip: { name: "Clip", selector: "main", fields: [] },
  };
  const page = extractPage(html, "https://www.blocks.test/", definitions);
  const fieldsOf = (definition: string) => page.components.find((c) => c.definition === definition)?.fields ?? [];

  it("takes a block's background image as an image field of its instance", () => {
    expect(fieldsOf("hero").filter((f) => f.kind === "image")).toEqual([
      expect.objectContaining({ name: "hero-background", value: "https://www.blocks.test/img/banner.jpg", selector: ":scope", attrs: expect.objectContaining({ background: true }) }),
    ]);
    expect(fieldsOf("teaser").filter((f) => f.kind === "image").map((f) => f.value)).toEqual(["https://www.blocks.test/img/teaser.jpg"]);
  });

  it("keeps an image that sits in a paragraph, alone or beside text, as an image field", () => {
    const x = extractPage(
      `<html><body><main><div class="story"><p><img src="/img/alone.jpg" alt="Alone"></p><p>Caption text <img src="/img/inline.png" alt="Inline"> and more.</p><p><a href="/more"><img src="/img/linked.jpg" alt="Linked"></a> Read more</p></div></main></body></html>`,
      "https://www.blocks.test/story",
      { story: { name: "Story", selector: ".story", fields: [] } },
    );
    const images = x.components[0].fields.filter((f) => f.kind === "image").map((f) => f.value);
    expect(images).toEqual(["https://www.blocks.test/img/alone.jpg", "https://www.blocks.test/img/inline.png", "https://www.blocks.test/img/linked.jpg"]);
  });

  it("takes a video's poster as an image, in its fields and in the clean main content", () => {
    expect(fieldsOf("clip")).toContainEqual(expect.objectContaining({ kind: "image", value: "https://www.blocks.test/img/tour.jpg", attrs: expect.objectContaining({ alt: "Product tour", poster: true }) }));
    expect(page.mainHtml).toContain('<img src="https://www.blocks.test/img/tour.jpg" alt="Product tour">');
    expect(page.mainHtml).not.toContain("<video");
    expect(page.mainHtml).not.toContain("tour.mp4");
  });
});
