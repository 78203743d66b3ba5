import { describe, expect, inject, it } from "vitest";
import { collectPageList } from "../../workers/crawl/page-list";
import { collectSitemapUrls, decodeSitemapBody, parseSitemap, SitemapError } from "../../workers/crawl/sitemap";
import { parseXml, XmlSyntaxError } from "../../workers/crawl/xml";
import { LOCAL_EGRESS } from "../fixtures/egress";
import { FIXTURE_PAGES } from "../fixtures/site/global-setup";

const origin = inject("fixtureOrigin");
const guard = { host: new URL(origin).host, egress: LOCAL_EGRESS };

async function gzip(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("XML reader", () => {
  it("reads elements, namespaces, entities and CDATA", () => {
    const root = parseXml(`\ufeff<?xml version="1.0"?><!-- c --><sm:urlset xmlns:sm="x"><sm:url><sm:loc>https://a.example/?a=1&amp;b=2&#38;c=&#x33;</sm:loc></sm:url><url><loc><![CDATA[https://a.example/<b>&amp;]]></loc></url></sm:urlset>`);
    expect(root.name).toBe("urlset");
    expect(root.children.map((c) => c.children[0].text)).toEqual(["https://a.example/?a=1&b=2&c=3", "https://a.example/<b>&amp;"]);
  });

  it("keeps text and CDATA in document order", () => {
    expect(parseXml("<loc> a<![CDATA[&lt;]]>&lt;b </loc>").text).toBe(" a&lt;<b ");
  });

  it.each([
    ["<urlset><url><loc>x</loc></urlset>", /Expected closing tag 'url' .* instead of closing tag 'urlset'/],
    ["<urlset><url>", /Missing closing tags: <\/url>, <\/urlset>/],
    ["<urlset>", /Unclosed tag 'urlset'/],
    ["<urlset></urlset><urlset/>", /second root element <urlset>/],
    ["<urlset a=1></urlset>", /Attribute 'a' is without value/],
    ["<urlset>a & b</urlset>", /char '&' is not expected/],
    ["<urlset>&nbsp;</urlset>", /Unknown entity "&nbsp;"/],
    ["not xml", /char 'n' is not expected/],
    ["", /Start tag expected/],
  ])("rejects %s", (xml, message) => {
    expect(() => parseXml(xml)).toThrow(XmlSyntaxError);
    expect(() => parseXml(xml)).toThrow(message);
  });

  it("never expands entities declared in a DTD", () => {
    const lol = Array.from({ length: 6 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join("");
    const xml = `<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY lol0 "lol">${lol}]><urlset><url><loc>&lol6;</loc></url></urlset>`;
    expect(() => parseXml(xml)).toThrow(/Unknown entity "&lol6;" \(line 1, column \d+\)/);
  });

  it("names the line and column of the error", () => {
    try {
      parseXml("<urlset>\n  <url>\n    <loc>x</loc>\n</urlset>");
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(XmlSyntaxError);
      expect((err as XmlSyntaxError).line).toBe(4);
      expect((err as Error).message).toContain("(line 4, column 1)");
    }
  });
});

describe("sitemaps", () => {
  it("parses url sets and index files", () => {
    expect(parseSitemap(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> https://a.example/ </loc></url><url><lastmod>2024</lastmod></url></urlset>`, "s")).toEqual({ kind: "urlset", urls: ["https://a.example/"] });
    expect(parseSitemap(`<sitemapindex><sitemap><loc>https://a.example/s1.xml</loc></sitemap></sitemapindex>`, "s")).toEqual({ kind: "index", sitemaps: ["https://a.example/s1.xml"] });
    expect(() => parseSitemap("<html><body/></html>", "https://a.example/x")).toThrow(/not a sitemap: its root element is <html>/);
  });

  it("reads prefixed sitemaps, CDATA and entities, and ignores the image, video and hreflang extensions", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<s:urlset xmlns:s="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <s:url>
    <s:loc>https://a.example/a?x=1&amp;y=2</s:loc>
    <xhtml:link rel="alternate" hreflang="de" href="https://a.example/de/a"/>
    <image:image><image:loc>https://a.example/img/a.jpg</image:loc><image:title>A &amp; B</image:title></image:image>
  </s:url>
  <s:url><s:loc><![CDATA[https://a.example/b?x=1&y=2]]></s:loc><video:video><video:content_loc>https://a.example/v.mp4</video:content_loc></video:video></s:url>
  <s:url><image:image><image:loc>https://a.example/img/orphan.jpg</image:loc></image:image></s:url>
</s:urlset>`;
    expect(parseSitemap(xml, "s")).toEqual({ kind: "urlset", urls: ["https://a.example/a?x=1&y=2", "https://a.example/b?x=1&y=2"] });
  });

  it("reports a malformed document as a SitemapError naming the file and position", () => {
    const parse = () => parseSitemap(`<urlset>\n<url><loc>https://a.example/?a=1&b=2</loc></url>\n</urlset>`, "https://a.example/s.xml");
    expect(parse).toThrow(SitemapError);
    expect(parse).toThrow("Sitemap https://a.example/s.xml is not valid XML: char '&' is not expected (line 2, column 33)");
    expect(() => parseSitemap("\u0000\u0001garbage", "g.xml")).toThrow(/Sitemap g.xml is not valid XML/);
  });

  it("gunzips compressed bodies and leaves plain ones alone", async () => {
    const xml = "<urlset><url><loc>https://a.example/</loc></url></urlset>";
    expect(await decodeSitemapBody(await gzip(xml), "s.xml.gz")).toBe(xml);
    expect(await decodeSitemapBody(new TextEncoder().encode(xml), "s.xml")).toBe(xml);
    await expect(decodeSitemapBody(await gzip("x".repeat(5000)), "big.xml.gz", 1000)).rejects.toThrow(/larger than 0 MB when inflated/);
    const many = `<urlset>${"<url><loc>https://a.example/p</loc></url>".repeat(20_000)}</urlset>`;
    expect(await decodeSitemapBody(await gzip(many), "many.xml.gz")).toBe(many);
    await expect(decodeSitemapBody(new Uint8Array([0x1f, 0x8b, 1, 2, 3]), "bad.gz")).rejects.toThrow(/not valid gzip/);
    const truncated = (await gzip(xml)).slice(0, 20);
    await expect(decodeSitemapBody(truncated, "cut.xml.gz")).rejects.toThrow(SitemapError);
  });

  it("follows a sitemap index into a plain and a gzip-compressed sitemap", async () => {
    const result = await collectSitemapUrls(`${origin}/sitemap.xml`, guard);
    expect(result.files).toEqual([`${origin}/sitemap.xml`, `${origin}/sitemaps/pages-1.xml`, `${origin}/sitemaps/pages-2.xml.gz`]);
    expect(result.urls).toHaveLength(FIXTURE_PAGES);
    expect(result.urls[0]).toBe(`${origin}/`);
    expect(new Set(result.urls).size).toBe(FIXTURE_PAGES);
    expect(result.problems).toEqual([]);
  });

  it("reports a broken child sitemap and keeps the others", async () => {
    const result = await collectSitemapUrls(`${origin}/sitemap-missing-child.xml`, guard);
    expect(result.urls.length).toBeGreaterThan(0);
    expect(result.problems).toEqual([{ url: `${origin}/sitemaps/gone.xml`, message: `Could not fetch sitemap ${origin}/sitemaps/gone.xml: HTTP 404` }]);
  });

  it("fails with a clear message on malformed XML at the root", async () => {
    const err = await collectSitemapUrls(`${origin}/sitemap-broken.xml`, guard).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SitemapError);
    expect((err as Error).message).toBe(
      `Sitemap ${origin}/sitemap-broken.xml is not valid XML: Expected closing tag 'url' (opened in line 3, col 3) instead of closing tag 'urlset' (line 4, column 3)`,
    );
  });

  it("limits the number of URLs", async () => {
    const result = await collectSitemapUrls(`${origin}/sitemap-plain.xml`, guard, 5);
    expect(result.urls).toHaveLength(5);
    expect(result.truncated).toBe(true);
  });
});

describe("page list", () => {
  it("normalises, de-duplicates and keeps only the site's origin", async () => {
    const list = await collectPageList({ origin, sitemapUrl: `${origin}/sitemap-mixed.xml` }, guard);
    expect(list.source).toBe("sitemap");
    expect(list.urls).toEqual([`${origin}/`, `${origin}/pages/page-1`]);
    expect(list.notes).toContainEqual({ level: "warn", message: "Skipped: outside the site's origin", url: "https://elsewhere.example.org/page" });
    expect(list.notes.some((n) => n.message === "3 duplicate URLs were merged")).toBe(true);
  });

  it("reads a real-world sitemap: prefixed index, gzip, CDATA, entities, and no image URLs as pages", async () => {
    const list = await collectPageList({ origin, sitemapUrl: `${origin}/sitemap-real-world.xml` }, guard);
    expect(list.source).toBe("sitemap");
    expect(list.urls).toEqual([`${origin}/pages/page-1`, `${origin}/pages/page-2`, `${origin}/pages/page-3?lang=en&view=full`]);
    expect(list.notes).toContainEqual({ level: "info", message: `Read 2 sitemap file(s) from ${origin}/sitemap-real-world.xml: 3 URLs`, url: `${origin}/sitemap-real-world.xml` });
    expect(list.notes.filter((n) => n.level !== "info")).toEqual([]);
  });

  it("fails on a document that is not a sitemap", async () => {
    await expect(collectPageList({ origin, sitemapUrl: `${origin}/special/html-sitemap` }, guard)).rejects.toThrow(SitemapError);
  });

  it("prefers the start call's list, then the curated list, then the sitemap", async () => {
    const override = await collectPageList({ origin, overrideWhitelist: [`${origin}/pages/page-2`], urlList: [`${origin}/pages/page-3`] }, guard);
    expect(override).toMatchObject({ source: "overrideWhitelist", urls: [`${origin}/pages/page-2`] });
    const curated = await collectPageList({ origin, urlList: [`${origin}/pages/page-3`, `${origin}/pages/page-3#x`] }, guard);
    expect(curated).toMatchObject({ source: "urlList", urls: [`${origin}/pages/page-3`] });
    const fallback = await collectPageList({ origin }, guard);
    expect(fallback.source).toBe("sitemap");
    expect(fallback.urls).toHaveLength(FIXTURE_PAGES);
  });
});
