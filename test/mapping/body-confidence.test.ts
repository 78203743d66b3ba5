/**
 * The page body's confidence on real pages (train split of test/fixtures/real): it claims no more than
 * the rate at which main content is right as extracted on real pages (BODY_RIGHT_RATE, below any
 * default minimum confidence), and far less where Readability found no article and the page's landmark
 * stands in alone. Either way it waits for review and says why.
 */
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { extractPage } from "../../workers/crawl/extract";
import { createLlmLayer } from "../../workers/mapping/llm";
import { DEFAULT_MAPPING_PROMPT } from "../../workers/mapping/llm-prompt";
import { BODY_RIGHT_RATE } from "../../workers/mapping/calibration-body";
import { DEFAULT_MIN_CONFIDENCE } from "../../workers/contracts/mapping";
import { BODY_FALLBACK_CONFIDENCE, DESCRIPTION_AS_RICHTEXT_CONFIDENCE, MAIN_CONTENT_BODY, pageCandidates } from "../../workers/mapping/page-candidates";
import { mapPage } from "../../workers/mapping/mapper";
import type { MappingDefinitions } from "../../workers/mapping/types";
import manifest from "../fixtures/real/manifest.json";
import biobiochile from "../fixtures/real/pages/biobiochile.cl-gremios.html?raw";
import mitvergnuegen from "../fixtures/real/pages/mitvergnuegen.de.herbst.html?raw";
import pythonspeed from "../fixtures/real/pages/pythonspeed.com.docker.html?raw";

const DEFINITIONS: MappingDefinitions = {
  components: {},
  templates: {
    article: {
      name: "Article",
      targetId: "",
      urlPattern: "",
      selector: "",
      areas: ["main"],
      fields: [{ name: "body", type: "richtext", required: false, description: "The article's text" }],
    },
  },
};

const pages = new Map((manifest as { pages: { id: string; url: string; split: string }[] }).pages.map((p) => [p.id, p]));

/** A language model (the ai SDK's mock) that answers `answer` whatever it is asked. */
function model(answer: unknown) {
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: "text", text: JSON.stringify(answer) }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } },
      warnings: [],
    }),
  });
}

async function body(id: string, html: string, answer?: (extraction: ReturnType<typeof extractPage>) => unknown) {
  const page = pages.get(id)!;
  expect(page.split).toBe("train");
  const extraction = extractPage(html, page.url);
  const llm = answer ? createLlmLayer({ model: model(answer(extraction)), prompt: DEFAULT_MAPPING_PROMPT, onRejected: () => {}, onError: () => {} }) : undefined;
  const mapping = await mapPage({ page: extraction, definitions: DEFINITIONS, llm, options: { minConfidence: 0.85 } });
  return { extraction, proposal: mapping.proposals.find((p) => p.scope === "field" && p.targetField === "body")! };
}

describe("the body's confidence on real pages", () => {
  it("a body the landmark gives alone, because Readability found no article, waits for review and says why (biobiochile.cl)", async () => {
    const { extraction, proposal } = await body("biobiochile.cl-gremios", biobiochile);
    expect(extraction.mainSource).toMatchObject({ method: "landmark", fallback: true });
    expect(extraction.mainText.length).toBeGreaterThan(1_000);
    expect(proposal.value).toBeTruthy();
    expect(proposal.confidence).toBe(BODY_FALLBACK_CONFIDENCE);
    expect(proposal.evidence).toContain("Readability found no article on the page; its landmark stands in without a second opinion");
  });

  it("stays capped when a language model agrees with it", async () => {
    const { proposal } = await body("biobiochile.cl-gremios", biobiochile, (extraction) => {
      const source = pageCandidates(extraction).findIndex((c) => c.name === MAIN_CONTENT_BODY);
      return { components: [{ instance: -1, component: "article", confidence: 0.99, fields: [{ field: "body", source: `-1:${source}`, confidence: 0.99 }] }] };
    });
    expect(proposal.evidence).toContain("language model agrees (0.99)");
    expect(proposal.confidence).toBe(BODY_FALLBACK_CONFIDENCE);
  });

  it("a body Readability found claims the rate measured on real pages, and waits for review at the default minimum (pythonspeed.com)", async () => {
    const { extraction, proposal } = await body("pythonspeed.com.docker", pythonspeed);
    expect(extraction.mainSource?.fallback).toBeUndefined();
    expect(extraction.mainSource?.signals).toMatchObject({ fallback: 0, length: expect.any(Number) });
    expect(proposal.value).toBeTruthy();
    expect(proposal.confidence).toBe(BODY_RIGHT_RATE.rate);
    expect(proposal.confidence).toBeLessThan(DEFAULT_MIN_CONFIDENCE);
    expect(proposal.evidence.at(-1)).toBe(
      `a page's main content is right as extracted on about ${Math.round(100 * BODY_RIGHT_RATE.rate)}% of real pages (${BODY_RIGHT_RATE.pages} measured): review it, or lower the site's minimum confidence to accept that rate`,
    );
  });

  it("a fitted rate rests on enough pages, and a body Readability found claims more than one it did not", () => {
    expect(BODY_RIGHT_RATE.pages).toBeGreaterThanOrEqual(100);
    expect(BODY_FALLBACK_CONFIDENCE).toBeLessThan(BODY_RIGHT_RATE.rate);
  });

  it("a page without main content gets no body from its one-line description: as rich text it claims at most 0.33; as a summary it keeps its confidence (mitvergnuegen.com)", async () => {
    // As a page whose article only its scripts draw, read before they ran: no main content.
    const served = extractPage(mitvergnuegen, pages.get("mitvergnuegen.de.herbst")!.url);
    const extraction = { ...served, mainHtml: "", mainText: "" };
    const mapped = await mapPage({ page: extraction, definitions: DEFINITIONS, options: { minConfidence: 0.85 } });
    const proposal = mapped.proposals.find((p) => p.scope === "field" && p.targetField === "body")!;
    expect(proposal.source.name).toMatch(/description/);
    expect(proposal.confidence).toBe(DESCRIPTION_AS_RICHTEXT_CONFIDENCE);
    expect(proposal.evidence.at(-1)).toBe("a page's description summarises it in a line; as rich text it stands in for a body the page did not offer");
    const summary = await mapPage({
      page: extraction,
      definitions: { components: {}, templates: { article: { ...DEFINITIONS.templates.article!, fields: [{ name: "summary", type: "text", required: false, description: "Teaser text used in listings" }] } } },
      options: { minConfidence: 0.85 },
    });
    const teaser = summary.proposals.find((p) => p.scope === "field" && p.targetField === "summary")!;
    expect(teaser.source.name).toMatch(/description/);
    expect(teaser.confidence).toBeGreaterThanOrEqual(0.85);
  });
});
