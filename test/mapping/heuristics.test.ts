import { describe, expect, it } from "vitest";
import { extractPage } from "../../workers/crawl/extract";
import { assign } from "../../workers/mapping/assignment";
import { instanceCandidates } from "../../workers/mapping/candidates";
import { pageTitle } from "../../workers/mapping/page-candidates";
import { calibrationBands, fitLogistic, predict } from "../../workers/mapping/calibration-model";
import { FIELD_PRIOR } from "../../workers/mapping/calibration-prior";
import { chooseTemplate, mapFields } from "../../workers/mapping/heuristics";
import { mapPage } from "../../workers/mapping/mapper";
import { fieldSignature, instanceSignature } from "../../workers/mapping/signature";
import { looksLikeDate, nameSimilarity, words } from "../../workers/mapping/text";
import { convertValue, normalizeDate, valueMatchesType } from "../../workers/mapping/values";
import { drupal, saas, wp } from "./fixtures";

const field = <P extends { targetField: string | null; instanceIndex: number }>(p: P[], i: number, name: string): P | undefined => p.find((x) => x.instanceIndex === i && x.targetField === name);

describe("text and names", () => {
  it("reads words from identifiers and CMS classes, dropping utilities and BEM blocks", () => {
    expect(words("primaryCtaLabel")).toEqual(["primary", "cta", "label"]);
    expect(words("field field--name-field-hero-title field--type-string")).toEqual(["hero", "title"]);
    expect(words("cmp-teaser__action-link")).toEqual(["action", "link"]);
    expect(words("d-grid gap-2 justify-content-sm-center btn-primary")).toEqual(["btn", "primary"]);
  });
  it("scores names by shared words and meaning", () => {
    expect(nameSimilarity(["headline"], ["title"])).toBeGreaterThan(0.4);
    expect(nameSimilarity(["primary", "cta", "label"], ["btn", "primary", "label"])).toBeGreaterThan(nameSimilarity(["secondary", "cta", "label"], ["btn", "primary", "label"]));
    expect(nameSimilarity(["image"], ["quote"])).toBe(0);
  });
  it("recognises dates and page titles", () => {
    expect(looksLikeDate("12 February 2024")).toBe(true);
    expect(looksLikeDate("March 3, 2024")).toBe(true);
    expect(looksLikeDate("Free tea and cake")).toBe(false);
    expect(normalizeDate("March 3, 2024")).toBe("2024-03-03");
    expect(normalizeDate("2024-02-12T08:30:00+00:00")).toBe("2024-02-12");
    expect(normalizeDate("21/03/2024", "en-GB")).toBe("2024-03-21");
    expect(normalizeDate("03/01/2024", "en-GB")).toBe("2024-01-03");
    expect(normalizeDate("03/01/2024", "en-US")).toBe("2024-03-01");
    expect(normalizeDate("12/31/2024", "de")).toBe("2024-12-31");
    // A day or month out of range is no numeric date (isoDay): the text is kept, not a made-up day.
    for (const text of ["00/05/2024", "31/13/2024", "32/05/2024"]) expect(normalizeDate(text, "de")).toBe(text);
    expect(pageTitle("Pricing | Cloudly", "Cloudly")).toBe("Pricing");
    expect(pageTitle("How to prune roses – Greenleaf Garden Centre")).toBe("How to prune roses");
    expect(pageTitle("Home")).toBeNull();
  });
});

describe("assignment", () => {
  it("finds the best one-to-one assignment where greedy picking fails", () => {
    // Greedy takes (0,0)=0.9 and leaves row 1 with 0.1; the optimum is (0,1)+(1,0).
    expect(assign([[0.9, 0.8], [0.85, 0.1]], 0.2)).toEqual([1, 0]);
    expect(assign([[0.1, 0.05]], 0.2)).toEqual([null]);
    expect(assign([], 0.2)).toEqual([]);
  });
});

describe("values", () => {
  it("converts and type-checks values", () => {
    expect(valueMatchesType("image", "https://x.example/a.jpg")).toBe(true);
    expect(valueMatchesType("image", "not a url")).toBe(false);
    expect(valueMatchesType("list", ["a"])).toBe(true);
    expect(valueMatchesType("number", "3")).toBe(false);
    expect(valueMatchesType("date", "2024-01-01")).toBe(true);
    const page = extractPage(wp.home, wp.homeLabel.url, wp.defs.components);
    const cands = instanceCandidates(page.components[0]);
    const cta = cands.find((c) => c.part === "href")!;
    expect(convertValue(cta, "link", page.url)).toBe("https://www.greenleaf-garden.example/plants/");
  });
});

describe("deterministic mapper", () => {
  it("maps a WordPress home page to its labelled fields", async () => {
    const page = extractPage(wp.home, wp.homeLabel.url, wp.defs.components);
    const { proposals, template } = await mapPage({ page, definitions: wp.defs });
    expect(template).toBe("page");
    const hero = wp.homeLabel.components[0].fields as unknown as Record<string, string>;
    for (const [name, value] of Object.entries(hero)) expect(field(proposals, 0, name)?.value).toBe(value);
    // Body text of "text with image" joins both paragraphs; the "Read more" link stays out of it.
    const textImage = page.components.findIndex((c) => c.definition === "textImage");
    expect(field(proposals, textImage, "text")?.value).toContain("120 years");
    expect(field(proposals, textImage, "text")?.value).toContain("Bring a photo");
    expect(String(field(proposals, textImage, "text")?.value)).not.toContain("Read more");
    expect(field(proposals, textImage, "link")?.value).toBe("https://www.greenleaf-garden.example/visit/advice/");
    for (const p of proposals) {
      expect(p.confidence).toBeGreaterThanOrEqual(0);
      expect(p.confidence).toBeLessThanOrEqual(1);
      expect(p.evidence.length).toBeGreaterThan(0);
    }
  });

  it("tells a person's name from their company and primary from secondary buttons", async () => {
    const page = extractPage(saas.home, saas.homeLabel.url, saas.defs.components);
    const { proposals } = await mapPage({ page, definitions: saas.defs });
    const t = page.components.findIndex((c) => c.definition === "testimonial");
    expect(field(proposals, t, "personName")?.value).toBe("Priya Natarajan");
    expect(field(proposals, t, "company")?.value).toBe("CTO, Fernway");
    expect(field(proposals, 0, "primaryCtaLabel")?.value).toBe("Start free trial");
    expect(field(proposals, 0, "secondaryCtaUrl")?.value).toBe("https://cloudly.example/pricing");
    expect(field(proposals, -1, "title")?.value).toBe("Cloud backups that just work");
  });

  it("maps a Drupal page it was not developed on, and flags what the markup does not hold", async () => {
    const page = extractPage(drupal.faq, drupal.faqLabel.url, drupal.defs.components);
    const result = await mapPage({ page, definitions: drupal.defs });
    const expected = drupal.faqLabel.components;
    let right = 0;
    let total = 0;
    expected.forEach((c, i) => {
      for (const [name, value] of Object.entries(c.fields)) {
        total++;
        const p = field(result.proposals, i, name);
        if (p && String(p.value).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim() === String(value)) right++;
      }
    });
    expect(right / total).toBeGreaterThan(0.9);
  });

  it("proposes an empty required field with confidence 0 so the page waits for review", async () => {
    const page = extractPage(wp.faq, "https://www.greenleaf-garden.example/visit/faq/", wp.defs.components);
    const defs = { ...wp.defs, components: { ...wp.defs.components, faq: { ...wp.defs.components.faq, fields: [...wp.defs.components.faq.fields, { name: "category", type: "text" as const, required: true, description: "" }] } } };
    const result = await mapPage({ page, definitions: defs });
    const missing = result.proposals.find((p) => p.targetField === "category");
    expect(missing).toMatchObject({ value: null, confidence: 0 });
    expect(result.lowestConfidence).toBe(0);
  });

  it("chooses templates by URL pattern, a trailing /* covering the whole section", () => {
    expect(chooseTemplate("https://x.example/blog/2024/post", wp.defs.templates).key).toBe("post");
    expect(chooseTemplate("https://x.example/about/", wp.defs.templates).key).toBe("page");
  });

  it("leaves fields empty rather than guessing from unrelated content", () => {
    const page = extractPage(`<main><div class="box"><img src="/a.png" alt=""></div></main>`, "https://x.example/", { box: { selector: ".box" } });
    const instance = page.components[0];
    const isig = instanceSignature(instance);
    const proposals = mapFields({
      pageUrl: page.url,
      instanceIndex: 0,
      targetComponent: "box",
      fields: [{ name: "title", type: "text", required: false, description: "" }, { name: "image", type: "image", required: false, description: "" }],
      candidates: instanceCandidates(instance),
      signatureOf: (c) => fieldSignature(isig, c),
      sourceOf: () => ({ definition: "box", name: null, selector: null, kind: null, path: null, classes: [] }),
      componentConfidence: 1,
    });
    expect(proposals.map((p) => p.targetField)).toEqual(["image"]);
  });
});

describe("calibration model", () => {
  it("fits a logistic model around its prior and bands predictions", () => {
    const samples = Array.from({ length: 200 }, (_, i) => {
      const raw = (i % 100) / 100;
      return { x: { raw, marginTarget: raw / 2, marginCandidate: 0, name: 0, role: 0, exactType: 1, synthetic: 0 }, y: raw > 0.5 ? 1 : 0 };
    });
    const model = fitLogistic(samples, FIELD_PRIOR, "test");
    expect(predict(model, samples[90].x)).toBeGreaterThan(predict(model, samples[10].x));
    const bands = calibrationBands([{ confidence: 0.95, correct: true }, { confidence: 0.96, correct: false }, { confidence: 0.3, correct: false }]);
    const top = bands.at(-1)!;
    expect(top).toMatchObject({ count: 2, correct: 1, accuracy: 0.5 });
    expect(bands[0]).toMatchObject({ count: 1, correct: 0 });
  });
});
