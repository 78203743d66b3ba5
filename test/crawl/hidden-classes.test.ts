/**
 * The one vocabulary of classes that hide an element (html.ts), as each reader uses it: the date-line
 * reader skips what no one sees, the headline reader what only screen readers get, and the main-content
 * filter both.
 */
import { describe, expect, it } from "vitest";
import { parseHTML } from "linkedom";
import { hiddenFromAll } from "../../workers/crawl/html";
import { read, values, LONG } from "../mapping/metadata-helpers";
import { storyWith } from "../migration/main-content-pages";

const el = (html: string) => (parseHTML(`<html><body>${html}</body></html>`) as unknown as { document: Document }).document.querySelector("#x")!;

describe("the classes that hide an element", () => {
  it("hiddenFromAll: the attribute, the element's own style, a class that hides it, on it or its two nearest ancestors", () => {
    expect(hiddenFromAll(el(`<span id="x" hidden>1</span>`))).toBe(true);
    expect(hiddenFromAll(el(`<span id="x" style="display: none">1</span>`))).toBe(true);
    for (const c of ["hidden", "d-none", "invisible", "is-hidden", "u-hidden", "rich-snippet-hidden"]) expect(hiddenFromAll(el(`<div class="post ${c}"><span id="x">1</span></div>`)), c).toBe(true);
    expect(hiddenFromAll(el(`<div class="hidden"><div><div><span id="x">1</span></div></div></div>`))).toBe(false);
    // Screen readers still read these: they are not hidden from all.
    expect(hiddenFromAll(el(`<span id="x" class="sr-only">1</span>`))).toBe(false);
    // A class that hides the element on some screens only ("hidden-xs") leaves it shown on others.
    expect(hiddenFromAll(el(`<span id="x" class="hidden-xs">1</span>`))).toBe(false);
  });

  it("no headline hidden from sight, by any class of the vocabulary, is a title's source", () => {
    for (const c of ["sr-only", "d-none", "invisible", "screen-reader", "is-hidden", "rich-snippet-hidden"]) {
      // The theme's marked headline, kept for search engines and hidden from readers, beside the page's own h1.
      const page = `<!doctype html><html lang="en"><head><title>Port Daily</title><meta property="og:title" content="The harbour reopens"></head><body><article><h2 class="entry-title ${c}">The harbour reopens</h2><h1>Harbour news of the week</h1>${LONG}${LONG}</article></body></html>`;
      const provenances = read(page).title.map((v) => v.provenance);
      expect(provenances, c).toContain("meta og:title");
      expect(provenances.filter((p) => p.includes("<h2>")), c).toEqual([]);
    }
  });

  it("the main content leaves out text that only screen readers get, under every class of the vocabulary", () => {
    for (const c of ["sr-only", "a11y-hidden", "hide-accessible", "offscreen", "d-none", "invisible"]) {
      const main = storyWith(`<p class="${c}">The harbour master thanked the divers who had worked through the night on the outer wall.</p>`);
      expect(main.text, c).toContain("Paragraph 2 of the story");
      expect(main.text, c).not.toContain("The harbour master thanked");
    }
  });
});
