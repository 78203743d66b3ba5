import { describe, expect, it } from "vitest";
import { FIDELITY_MAX_LINKS, FIDELITY_WEIGHTS } from "../../workers/contracts/fidelity";
import { compareFidelity, linksToCheck, splitPendingLinks, type FidelityInput } from "../../workers/targets/fidelity/compare";

const SOURCE = "https://old.example.com/news/launch";
const TARGET = "https://cms.example.org/news/launch/";

const sourceHtml = `<h1>We launch today</h1><p>Our new product ships to every customer this morning.</p>
<h2>What changes</h2><p>Faster pages and a calmer editor.</p><img src="/img/a.png" alt="A"><img src="/img/b.png" alt="B">
<h2>Pricing</h2><p>Nothing changes for existing plans.</p><a href="/pricing">Pricing</a>`;

function input(targetHtml: string, over: Partial<FidelityInput> = {}, targetHeadings = ["We launch today", "What changes", "Pricing"]): FidelityInput {
  const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
  return {
    source: { mainHtml: sourceHtml, mainText: text(sourceHtml), finalUrl: SOURCE, headings: [{ level: 1, text: "We launch today" }, { level: 2, text: "Menu" }] },
    target: { mainHtml: targetHtml, mainText: text(targetHtml), finalUrl: TARGET, headings: targetHeadings.map((h, i) => ({ level: i ? 2 : 1, text: h })) },
    targetImages: [
      { urls: ["https://cms.example.org/uploads/a-1024.png", "https://cms.example.org/uploads/a.png"], loaded: true },
      { urls: ["https://cms.example.org/uploads/b.png"], loaded: true },
    ],
    linkStatus: new Map([["https://cms.example.org/pricing/", 200]]),
    regions: [
      { label: "Top left", difference: 0.1 },
      { label: "Top middle", difference: 0.1 },
      { label: "Top right", difference: 0.1 },
    ],
    ...over,
  };
}

const faithful = `<p>Our new product ships to every customer this morning.</p>
<h2>What changes</h2><p>Faster pages and a calmer editor.</p><img src="/uploads/a.png" alt="A"><img src="/uploads/b.png" alt="B">
<h2>Pricing</h2><p>Nothing changes for existing plans.</p><a href="/pricing/">Pricing</a><h1>We launch today</h1>`;

describe("fidelity of a written page", () => {
  it("scores a faithful page near 1, with only the look in its differences", () => {
    const r = compareFidelity(input(faithful));
    expect(r.content.f1).toBe(1);
    expect(r.images).toEqual({ source: 2, target: 2, loading: 2, atSource: 0, score: 1 });
    expect(r.links).toEqual({ checked: 1, resolving: 1, broken: [], atSource: 0, pending: 0, score: 1 });
    // The h1 the theme shows outside the content counts as found.
    expect(r.headings.missing).toEqual([]);
    expect(r.headings.score).toBe(1);
    expect(r.visual?.score).toBeCloseTo(0.9, 6);
    const w = FIDELITY_WEIGHTS;
    expect(r.score).toBeCloseTo((w.content + w.images + w.links + w.headings + w.visual * 0.9) / (w.content + w.images + w.links + w.headings + w.visual), 6);
    expect(r.differences).toEqual([]);
  });

  it("names what is missing, broken or still at the source", () => {
    const lossy = `<p>Our new product ships to every customer this morning.</p><img src="https://cms.example.org/uploads/a.png" alt="A">
<img src="https://old.example.com/img/b.png" alt="B"><img src="https://cms.example.org/uploads/c.png" alt="C">
<a href="https://cms.example.org/pricing/">Pricing</a><a href="https://old.example.com/contact">Contact</a><h3>Related posts</h3>`;
    const r = compareFidelity(
      input(lossy, {
        targetImages: [
          { urls: ["https://cms.example.org/uploads/a.png"], loaded: true },
          { urls: ["https://cms.example.org/uploads/c.png"], loaded: false },
        ],
        linkStatus: new Map([["https://cms.example.org/pricing/", 404]]),
        regions: [{ label: "Top left", difference: 0.6 }, { label: "Top middle", difference: 0.1 }],
      }, ["We launch today", "Related posts"]),
    );
    expect(r.content.recall).toBeLessThan(0.5);
    expect(r.images).toEqual({ source: 2, target: 3, loading: 1, atSource: 1, score: 1 / 3 });
    expect(r.links).toEqual({ checked: 1, resolving: 0, broken: ["https://cms.example.org/pricing/"], atSource: 1, pending: 0, score: 0 });
    expect(r.headings.missing).toEqual(["What changes", "Pricing"]);
    expect(r.headings.added).toEqual(["Related posts"]);
    expect(r.score).toBeLessThan(0.5);
    expect(r.differences).toEqual([
      expect.stringMatching(/^The target shows \d+% of the source's main text$/),
      "23% of the target's main text is not in the source",
      "1 image does not load in the target",
      "1 image still loads from the source site",
      "1 link answers an error: https://cms.example.org/pricing/",
      "1 link still points at the source site",
      'Missing headings: "What changes", "Pricing"',
      'A heading not in the source: "Related posts"',
      "The look differs most in: Top left (60%)",
    ]);
  });

  it("leaves out what cannot be measured instead of counting it as a loss", () => {
    const text = "<p>Only words here, no images, links or headings.</p>";
    const r = compareFidelity({
      source: { mainHtml: text, mainText: "Only words here, no images, links or headings.", finalUrl: SOURCE, headings: [] },
      target: { mainHtml: text, mainText: "Only words here, no images, links or headings.", finalUrl: TARGET, headings: [] },
      targetImages: [],
      linkStatus: new Map(),
      regions: null,
    });
    expect([r.images.score, r.links.score, r.headings.score, r.visual]).toEqual([null, null, null, null]);
    expect(r.score).toBe(1);
  });

  it("checks only the target's own links, each once, at most the limit", () => {
    const many = Array.from({ length: FIDELITY_MAX_LINKS + 5 }, (_, i) => `<a href="/p/${i}/">${i}</a>`).join("");
    const html = `${many}<a href="/p/0/#top">again</a><a href="https://elsewhere.example.net/">out</a><a href="mailto:a@b.c">mail</a><a href="${TARGET}">self</a>`;
    const links = linksToCheck(html, TARGET);
    expect(links).toHaveLength(FIDELITY_MAX_LINKS);
    expect(new Set(links).size).toBe(FIDELITY_MAX_LINKS);
    expect(links.every((l) => l.startsWith("https://cms.example.org/p/"))).toBe(true);
  });
  it("sets apart links to pages the run has not written yet: not checked, not broken, counted as pending", () => {
    const links = ["https://cms.example.org/pages/page-3/", "https://cms.example.org/pages/page-1/", "https://cms.example.org/p%C3%A4ge/?x=1"];
    // Target paths as the writer announces them, with or without a trailing slash or host.
    const split = splitPendingLinks(links, ["/pages/page-3", "https://cms.example.org/päge/"]);
    expect(split).toEqual({ check: ["https://cms.example.org/pages/page-1/"], pending: ["https://cms.example.org/pages/page-3/", "https://cms.example.org/p%C3%A4ge/?x=1"] });
    expect(splitPendingLinks(links, [])).toEqual({ check: links, pending: [] });
    // A link with a malformed escape is checked like any other, and does not break the split.
    expect(splitPendingLinks(["https://cms.example.org/bad%E0%A4%A/", ...links], ["/pages/page-3"]).check).toEqual(["https://cms.example.org/bad%E0%A4%A/", links[1], links[2]]);
    const scored = compareFidelity(input(faithful, { linkStatus: new Map([["https://cms.example.org/pages/page-1/", 200]]), pendingLinks: split.pending }));
    expect(scored.links).toMatchObject({ checked: 1, resolving: 1, broken: [], pending: 2, score: 1 });
  });
});
