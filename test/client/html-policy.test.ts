import { describe, expect, it } from "vitest";
import { HTML_DROPPED_WITH_CONTENT, HTML_POLICY, allowedUrl } from "../../workers/contracts/html-policy";
import { sanitizeUserHtml } from "../../workers/lib/sanitize";

/**
 * The one sanitizer policy (workers/contracts/html-policy.ts) as sanitize-html applies it on the server.
 * The browser applies the same policy with DOMPurify (test/e2e/html-policy.spec.ts runs the same inputs in
 * Chromium). Several cases below passed the previous server options (a list of their own in the
 * notification service): content of svg/math/noembed unwrapped, relative links kept.
 */
const inline = (html: string) => sanitizeUserHtml(html, "inline");
const content = (html: string) => sanitizeUserHtml(html, "content");

describe("the sanitizer policy", () => {
  it("declares the inline profile as a subset of the content profile, and never keeps a dropped element", () => {
    for (const tag of HTML_POLICY.inline.tags) expect(HTML_POLICY.content.tags).toContain(tag);
    for (const tag of HTML_DROPPED_WITH_CONTENT) {
      expect(HTML_POLICY.content.tags).not.toContain(tag);
      expect(HTML_POLICY.inline.tags).not.toContain(tag);
    }
  });

  it("lets URLs through only absolute with an allowed scheme, or as a fragment", () => {
    const link = ["http", "https", "mailto"];
    expect(allowedUrl("https://x.example/a", link)).toBe(true);
    expect(allowedUrl("mailto:help@x.example", link)).toBe(true);
    expect(allowedUrl("#top", link)).toBe(true);
    for (const bad of ["javascript:alert(1)", " java\tscript:alert(1)", "JaVaScRiPt:alert(1)", "\u0001javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x", "//evil.example", "/relative", "relative", ""]) {
      expect(allowedUrl(bad, link), bad).toBe(false);
    }
  });
});

describe("sanitize-html with the policy (server)", () => {
  it("keeps simple formatting and safe links", () => {
    expect(inline(`<strong>Maintenance</strong> on <em>Sunday</em>. <a href="https://status.example.com">Status</a>`)).toBe(
      `<strong>Maintenance</strong> on <em>Sunday</em>. <a href="https://status.example.com">Status</a>`,
    );
  });

  it("removes scripts, styles and frames with their content", () => {
    expect(inline(`Hi<script>alert(1)</script><style>body{}</style><iframe src="https://x">frame text</iframe>!`)).toBe("Hi!");
    expect(inline(`a<script>alert(1)`)).toBe("a");
    expect(inline(`<textarea><script>alert(1)</script></textarea>t`)).toBe("t");
  });

  it("removes event handlers, styles, classes and ids", () => {
    expect(inline(`<b onclick="alert(1)" style="color:red" class="x" id="y">bold</b>`)).toBe("<b>bold</b>");
    expect(inline(`<a href="https://a.example" onmouseover="alert(1)" ONCLICK="alert(2)">a</a>`)).toBe(`<a href="https://a.example">a</a>`);
    expect(content(`<img src="https://a.example/x.png" onerror="alert(1)" alt="x">`)).toBe(`<img src="https://a.example/x.png" alt="x" />`);
  });

  it("drops javascript:, data:, vbscript:, relative and protocol-relative URLs but keeps the text", () => {
    for (const href of ["javascript:alert(1)", " java\tscript:alert(1)", "&#106;avascript:alert(1)", "data:text/html,hi", "vbscript:x", "//evil.example", "/help"]) {
      expect(inline(`<a href="${href}">x</a>`), href).toBe("<a>x</a>");
    }
    expect(content(`<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="a">`)).toBe(`<img alt="a" />`);
  });

  it("drops svg and math with everything inside them, so nothing nested in foreign markup survives", () => {
    expect(inline(`x<svg><a href="https://evil.example">click</a><script>alert(1)</script></svg>y`)).toBe("xy");
    expect(inline(`<math><mi xlink:href="javascript:alert(1)">m</mi><a href="https://evil.example">click</a></math>z`)).toBe("z");
    expect(inline(`<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">`)).toBe("");
    expect(inline(`<p>a<svg><p>b</p></svg>c</p>`)).toBe("<p>ac</p>");
  });

  it("leaves no markup of raw-text and template elements that browsers parse differently", () => {
    expect(inline(`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`)).toBe("");
    expect(inline(`<template><img src=x onerror=alert(1)></template>t`)).toBe("t");
    expect(inline(`<noembed><img src=x onerror=alert(1)></noembed>`)).not.toMatch(/<img/);
  });

  it("unwraps elements outside the profile", () => {
    expect(inline(`<div><h1>Title</h1><img src="https://a.example/x.png"></div>`)).toBe("Title");
    expect(content(`<div><h1>Title</h1><custom-el>text</custom-el></div>`)).toBe("<div><h1>Title</h1>text</div>");
  });

  it("keeps only _blank and _self as link targets and adds rel=noopener to new tabs", () => {
    expect(inline(`<a href="https://a.example" target="_blank" rel="opener">a</a>`)).toBe(`<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>`);
    expect(inline(`<a href="https://a.example" target="evil" rel="opener">a</a>`)).toBe(`<a href="https://a.example">a</a>`);
  });
});
