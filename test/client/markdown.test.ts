import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../app/lib/markdown";
import { slugify } from "../../app/lib/slug";

describe("markdown rendering", () => {
  it("renders Markdown", () => {
    const html = renderMarkdown("# Release\n\n- one\n- **two**\n");
    expect(html).toContain("<h1>Release</h1>");
    expect(html).toContain("<li><strong>two</strong></li>");
  });

  it("shows raw HTML as text instead of running it", () => {
    const html = renderMarkdown(`Hello <script>alert(1)</script> <img src=x onerror=alert(1)>`);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("drops javascript: links and opens external links safely", () => {
    expect(renderMarkdown("[x](javascript:alert(1))")).not.toContain("href");
    expect(renderMarkdown("[docs](https://docs.example.com)")).toContain(`<a href="https://docs.example.com" target="_blank" rel="noopener noreferrer">docs</a>`);
    expect(renderMarkdown("[help](/help)")).toContain(`<a href="/help">help</a>`);
  });
});

describe("slugify", () => {
  it("makes news slugs from titles", () => {
    expect(slugify("Release 2.0: Storyblok & Sanity!")).toBe("release-2-0-storyblok-and-sanity");
    expect(slugify("  Café — déjà vu  ")).toBe("cafe-deja-vu");
    expect(slugify("---")).toBe("");
    expect(slugify("a".repeat(100)).length).toBe(80);
  });
});
