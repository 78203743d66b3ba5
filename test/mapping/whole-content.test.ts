/**
 * A component whose one field is rich text carries its instance's whole content: images, headings,
 * lists and tables in their order, not only the run of paragraphs. Where the instance holds the page's
 * main content and more (a sidebar), the main content is the value, with the main content's doubt.
 */
import { describe, expect, it } from "vitest";
import { extractPage } from "../../workers/crawl/extract";
import { BODY_RIGHT_RATE } from "../../workers/mapping/calibration-body";
import { INSTANCE_CONTENT, MAIN_CONTENT_BODY, instanceCandidates } from "../../workers/mapping/candidates";
import { mapPage } from "../../workers/mapping/mapper";
import { BODY_PRIOR_PAGES } from "../../workers/mapping/page-candidates";
import { DEFAULT_MIN_CONFIDENCE } from "../../workers/contracts/mapping";
import { fieldSignature, instanceSignature } from "../../workers/mapping/signature";
import { pairFeatures, targetSlot } from "../../workers/mapping/scoring";
import type { MappingDefinitions } from "../../workers/mapping/types";
import { normalizeSpace, stripTags } from "../../workers/mapping/text";
import creativecommons from "../fixtures/real/pages/creativecommons.ch.wie.html?raw";

const CC_URL = "http://www.creativecommons.ch/wie-funktionierts/";
type Field = MappingDefinitions["components"][string]["fields"][number];
const field = (name: string, type: Field["type"]): Field => ({ name, type, required: false, description: "" });
const article = (fields: MappingDefinitions["components"][string]["fields"]): MappingDefinitions => ({
  components: { article: { name: "Article", selector: "article, main, [role=main]", fields } as MappingDefinitions["components"][string] },
  templates: {},
});
const bodyOf = async (html: string, url: string, defs: MappingDefinitions, bodyVerdicts?: Parameters<typeof mapPage>[0]["bodyVerdicts"]) => {
  const page = extractPage(html, url, defs.components);
  const result = await mapPage({ page, definitions: defs, bodyVerdicts });
  return { page, body: result.proposals.find((p) => p.scope === "field" && p.targetField === "body")! };
};

describe("a component of one rich-text field", () => {
  it("takes the whole article of a real page: every image and heading of the instance, in order", async () => {
    const { page, body } = await bodyOf(creativecommons, CC_URL, article([field("body", "richtext")]));
    expect(body.source.name).toBe(INSTANCE_CONTENT);
    expect(body.evidence).toContain("the instance's whole content: its images and headings stay in it");
    expect(body.source.provenance).toBe("article component: its whole content");
    const value = String(body.value);
    const instance = page.components[0];
    const images = instance.fields.filter((f) => f.kind === "image");
    const headings = instance.fields.filter((f) => /^h[1-6]$/.test(String(f.attrs?.tag ?? "")));
    expect(images.length).toBeGreaterThanOrEqual(20);
    expect(headings.length).toBeGreaterThanOrEqual(5);
    for (const image of images) expect(value).toContain(image.value);
    const text = normalizeSpace(stripTags(value));
    for (const heading of headings) expect(text).toContain(normalizeSpace(heading.value));
    // In the source's order: the first heading comes before the last image.
    expect(text.indexOf(normalizeSpace(headings[0].value))).toBeLessThan(text.indexOf(normalizeSpace(headings.at(-1)!.value)));
  });

  it("leaves a definition of several fields to its narrower values: the body is no longer the whole instance", async () => {
    const { body } = await bodyOf(creativecommons, CC_URL, article([field("title", "text"), field("body", "richtext"), field("image", "image")]));
    expect(body.source.name).not.toBe(INSTANCE_CONTENT);
    expect(body.source.name).not.toBe(MAIN_CONTENT_BODY);
  });

  it("is never a candidate for another field", () => {
    const page = extractPage(creativecommons, CC_URL, article([field("body", "richtext")]).components);
    const whole = instanceCandidates(page.components[0], page).find((c) => c.sole)!;
    expect(whole.name).toBe(INSTANCE_CONTENT);
    expect(pairFeatures(targetSlot(field("body", "richtext"), 0, 1), whole).compat).toBe(1);
    expect(pairFeatures(targetSlot(field("body", "richtext"), 0, 2), whole).compat).toBe(0);
    expect(pairFeatures(targetSlot(field("summary", "text"), 0, 1), whole).compat).toBe(0);
    // Without the page, the candidates are what they were: the instance's own values and runs.
    expect(instanceCandidates(page.components[0]).some((c) => c.sole)).toBe(false);
  });
});

describe("a remembered paragraph of a rich-text field", () => {
  // A reviewer once put the article's first paragraph into "body": memory takes the biggest value that holds it.
  const remembered = (defs: MappingDefinitions) => {
    const page = extractPage(creativecommons, CC_URL, defs.components);
    const instance = page.components[0];
    const first = instanceCandidates(instance).find((c) => c.sourceIndex >= 0 && c.kind === "richtext")!;
    const sig = fieldSignature(instanceSignature(instance), first);
    const memory = [{ id: "m1", scope: "field" as const, signature: sig.exact, looseSignature: sig.loose, targetComponent: "article", targetField: "body", confirmations: 1, rejections: 0 }];
    return mapPage({ page, definitions: defs, memory });
  };

  it("gives a one-field definition the whole content, and a wider definition only a run of paragraphs", async () => {
    const sole = (await remembered(article([field("body", "richtext")]))).proposals.find((p) => p.targetField === "body")!;
    expect(sole).toMatchObject({ layer: "memory", source: { name: INSTANCE_CONTENT } });
    const wide = (await remembered(article([field("title", "text"), field("body", "richtext"), field("image", "image")]))).proposals.find((p) => p.targetField === "body")!;
    expect(wide.layer).toBe("memory");
    expect(wide.source.name).toMatch(/^\((heading and )?text blocks\)$/);
  });
});

describe("an instance that holds the page's main content and more", () => {
  const para = (n: number) => `<p>Paragraph ${n} of the story about the harbour's new ferry, told in plain words for the readers of this page.</p>`;
  const sidebar = Array.from({ length: 12 }, (_, i) => `<li><a href="/more/${i}">Other story number ${i} about something else entirely</a></li>`).join("");
  const html = `<!doctype html><html lang="en"><head><title>The new ferry</title></head><body>
    <main><article><h1>The new ferry</h1>${Array.from({ length: 8 }, (_, i) => para(i + 1)).join("")}
      <figure><img src="https://example.com/ferry.jpg" alt="The ferry at the pier"><figcaption>The ferry at the pier</figcaption></figure></article>
      <aside class="sidebar"><h2>Most read</h2><ul>${sidebar}</ul></aside></main></body></html>`;
  const defs: MappingDefinitions = { components: { content: { name: "Content", selector: "main", fields: [field("body", "richtext")] } as MappingDefinitions["components"][string] }, templates: {} };

  it("proposes the main content, without the sidebar, and claims what a page's body may claim", async () => {
    const { body } = await bodyOf(html, "https://example.com/news/ferry", defs);
    expect(body.source.name).toBe(MAIN_CONTENT_BODY);
    expect(body.source.provenance).toBe("content component: the page's main content inside it");
    const value = String(body.value);
    expect(value).toContain("Paragraph 8 of the story");
    expect(value).toContain("https://example.com/ferry.jpg");
    expect(value).not.toContain("Other story number");
    expect(body.confidence).toBeCloseTo(BODY_RIGHT_RATE.rate, 5);
    expect(body.evidence).toContain("the page's main content, which this instance holds: its images and headings stay in it");
    expect(body.evidence.some((e) => e.startsWith(`a page's main content is right as extracted on about ${Math.round(100 * BODY_RIGHT_RATE.rate)}% of real pages`))).toBe(true);
  });

  it("learns from the verdicts on this component's bodies", async () => {
    const { body } = await bodyOf(html, "https://example.com/news/ferry", defs, { accepted: 30, changed: 0, byTemplate: { content: { accepted: 30, changed: 0 } } });
    expect(body.source.name).toBe(MAIN_CONTENT_BODY);
    // The measured rate weighs as BODY_PRIOR_PAGES pages against the 30 accepted bodies, which lift it over auto-apply.
    expect(body.confidence).toBeCloseTo((BODY_PRIOR_PAGES * BODY_RIGHT_RATE.rate + 30) / (BODY_PRIOR_PAGES + 30), 3);
    expect(body.confidence).toBeGreaterThan(DEFAULT_MIN_CONFIDENCE);
    expect(body.evidence.some((e) => e.includes("on this site, reviewers accepted 30 of 30 unchanged"))).toBe(true);
  });
});
