/**
 * The page body's confidence on real pages (train split of test/fixtures/real): where Readability
 * found no article and the page's landmark stands in alone, the body waits for review.
 */
import { describe, expect, it } from "vitest";
import { extractPage } from "../../workers/crawl/extract";
import { BODY_FALLBACK_CONFIDENCE } from "../../workers/mapping/page-candidates";
import { mapPage } from "../../workers/mapping/mapper";
import type { MappingDefinitions } from "../../workers/mapping/types";
import manifest from "../fixtures/real/manifest.json";
import biobiochile from "../fixtures/real/pages/biobiochile.cl-gremios.html?raw";
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

async function body(id: string, html: string) {
  const page = pages.get(id)!;
  expect(page.split).toBe("train");
  const extraction = extractPage(html, page.url);
  const mapping = await mapPage({ page: extraction, definitions: DEFINITIONS, options: { minConfidence: 0.85 } });
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

  it("a body Readability found keeps its confidence (pythonspeed.com)", async () => {
    const { extraction, proposal } = await body("pythonspeed.com.docker", pythonspeed);
    expect(extraction.mainSource?.fallback).toBeUndefined();
    expect(proposal.confidence).toBeGreaterThanOrEqual(0.85);
  });
});
