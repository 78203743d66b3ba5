import { describe, expect, it } from "vitest";
import { filterSiteUrls, isSiteUrl, normaliseUrl, siteHost, siteOrigin } from "../../workers/crawl/url";

describe("URL normalisation", () => {
  it("lower-cases scheme and host, drops default ports, fragments and tracking parameters", () => {
    expect(normaliseUrl("HTTPS://WWW.Example.COM:443/About#team")).toBe("https://www.example.com/About");
    expect(normaliseUrl("http://example.com:80/a?utm_source=x&b=2&a=1&fbclid=z")).toBe("http://example.com/a?a=1&b=2");
    expect(normaliseUrl("https://example.com/a//b///c")).toBe("https://example.com/a/b/c");
    expect(normaliseUrl("https://example.com")).toBe("https://example.com/");
    expect(normaliseUrl("https://example.com/a/./b/../c")).toBe("https://example.com/a/c");
  });

  it("keeps trailing slashes and resolves relative URLs against a base", () => {
    expect(normaliseUrl("https://example.com/a/")).toBe("https://example.com/a/");
    expect(normaliseUrl("../x?q=1", "https://example.com/a/b/")).toBe("https://example.com/a/x?q=1");
  });

  it("rejects what is not a crawlable http(s) URL", () => {
    expect(normaliseUrl("javascript:alert(1)")).toBeNull();
    expect(normaliseUrl("mailto:a@b.c")).toBeNull();
    expect(normaliseUrl("not a url")).toBeNull();
    expect(normaliseUrl("https://user:pass@example.com/")).toBeNull();
  });
});

describe("the site's origin", () => {
  it("derives host and origin from the stored domain and the configured URLs", () => {
    expect(siteHost("WWW.Example.com")).toBe("www.example.com");
    expect(siteHost("localhost:8080")).toBe("localhost:8080");
    expect(siteOrigin("www.example.com")).toBe("https://www.example.com");
    expect(siteOrigin("127.0.0.1:5000")).toBe("http://127.0.0.1:5000");
    expect(siteOrigin("www.example.com", ["http://www.example.com/sitemap.xml"])).toBe("http://www.example.com");
    expect(siteOrigin("www.example.com", ["http://other.example.com/sitemap.xml"])).toBe("https://www.example.com");
  });

  it("accepts only the exact host: no other subdomain, port or scheme", () => {
    expect(isSiteUrl("https://www.example.com/a", "www.example.com")).toBe(true);
    expect(isSiteUrl("https://example.com/a", "www.example.com")).toBe(false);
    expect(isSiteUrl("https://www.example.com:8443/a", "www.example.com")).toBe(false);
    expect(isSiteUrl("ftp://www.example.com/a", "www.example.com")).toBe(false);
  });

  it("filters a list to the origin, de-duplicates and reports what it dropped", () => {
    const result = filterSiteUrls(
      [
        "https://www.example.com/",
        "http://www.example.com/",
        "https://www.example.com/#top",
        "https://www.example.com/a?utm_campaign=x",
        "https://www.example.com/a",
        "https://evil.example.org/a",
        "javascript:void(0)",
        "https://www.example.com/b",
      ],
      "https://www.example.com",
    );
    expect(result.urls).toEqual(["https://www.example.com/", "https://www.example.com/a", "https://www.example.com/b"]);
    expect(result.offOrigin).toEqual(["https://evil.example.org/a"]);
    expect(result.invalid).toEqual(["javascript:void(0)"]);
    expect(result.duplicates).toBe(3);
  });

  it("stops at the limit", () => {
    const urls = Array.from({ length: 10 }, (_, i) => `https://x.example.com/${i}`);
    expect(filterSiteUrls(urls, "https://x.example.com", 4).urls).toHaveLength(4);
  });
});
