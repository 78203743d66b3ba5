import { DOMParser } from "linkedom";
import { describe, expect, it } from "vitest";
import { isSafeHref, sanitizeBannerHtml } from "../../app/lib/safe-html";

const parser = new DOMParser() as unknown as { parseFromString(s: string, type: "text/html"): Document };
const clean = (html: string) => sanitizeBannerHtml(html, parser);

describe("banner HTML sanitizer", () => {
  it("keeps simple formatting and safe links", () => {
    expect(clean(`<strong>Maintenance</strong> on <em>Sunday</em>. <a href="https://status.example.com">Status</a>`)).toBe(
      `<strong>Maintenance</strong> on <em>Sunday</em>. <a href="https://status.example.com">Status</a>`,
    );
  });

  it("removes scripts, styles and frames with their content", () => {
    expect(clean(`Hi<script>alert(1)</script><style>body{}</style><iframe src="https://x"></iframe>!`)).toBe("Hi!");
  });

  it("removes event handlers and every attribute but href and target", () => {
    expect(clean(`<b onclick="alert(1)" style="color:red" class="x">bold</b>`)).toBe("<b>bold</b>");
  });

  it("drops javascript: and data: links but keeps the text", () => {
    expect(clean(`<a href="javascript:alert(1)">x</a>`)).toBe("<a>x</a>");
    expect(clean(`<a href=" java\tscript:alert(1)">x</a>`)).toBe("<a>x</a>");
    expect(clean(`<a href="data:text/html,hi">x</a>`)).toBe("<a>x</a>");
  });

  it("unwraps unknown elements and drops images", () => {
    expect(clean(`<div><h1>Title</h1><img src="x" onerror="alert(1)"></div>`)).toBe("Title");
  });

  it("adds rel=noopener to links that open a new tab", () => {
    const out = clean(`<a href="https://a.example" target="_blank" rel="opener">a</a>`);
    expect(out).toMatch(/^<a [^>]+>a<\/a>$/);
    expect(out).toContain(`href="https://a.example"`);
    expect(out).toContain(`target="_blank"`);
    expect(out).toContain(`rel="noopener noreferrer"`);
    expect(clean(`<a href="https://a.example" target="evil">a</a>`)).toBe(`<a href="https://a.example">a</a>`);
  });

  it("accepts only absolute http(s) and mailto hrefs", () => {
    expect(isSafeHref("https://x.example")).toBe(true);
    expect(isSafeHref("mailto:help@x.example")).toBe(true);
    expect(isSafeHref("//evil.example")).toBe(false);
    expect(isSafeHref("vbscript:x")).toBe(false);
  });

  it("renders nothing where no parser exists (the server render)", () => {
    expect(sanitizeBannerHtml("<b>x</b>")).toBe("");
  });
});
