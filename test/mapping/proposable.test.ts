import { describe, expect, it } from "vitest";
import { extractPage } from "../../workers/crawl/extract";
import { mapPage, proposable } from "../../workers/mapping/mapper";
import type { MappingDefinitions } from "../../workers/mapping/types";
import article from "../fixtures/pages/news-article.html?raw";

const definitions: MappingDefinitions = {
  components: {},
  templates: {
    page: {
      name: "Page",
      targetId: "",
      urlPattern: "/*",
      selector: "",
      areas: ["main"],
      fields: [
        { name: "title", type: "text", required: true, description: "Headline" },
        { name: "isbn", type: "number", required: true, description: "ISBN of the book under review" },
      ],
    },
  },
};

describe("page fields whose name or value is empty or unknown are never proposed", () => {
  it("drops what a language model adds without a field, with an unknown field or an empty value, and keeps the missing-required marker", async () => {
    const page = extractPage(article, "https://www.riverside-courier.example/news/2026/03/council-cycle-lanes/");
    const result = await mapPage({
      page,
      definitions,
      options: { minConfidence: 0.99 },
      llm: async ({ proposals }) => {
        const title = proposals.find((p) => p.targetField === "title")!;
        return [
          ...proposals,
          { ...title, targetField: null, value: "—", confidence: 1 },
          { ...title, targetField: "?", value: "x", confidence: 1 },
          { ...title, targetField: "teaser", value: "Not a field of the template", confidence: 0.97 },
          { ...title, targetField: "title", value: " — ", confidence: 1 },
        ];
      },
    });
    const fields = result.proposals.filter((p) => p.scope === "field");
    expect(fields.map((p) => p.targetField).sort()).toEqual(["isbn", "title"]);
    expect(fields.find((p) => p.targetField === "title")!.value).toBe("Council approves new cycle lanes for the city centre");
    // A required field nothing filled is the one empty proposal, at confidence 0: it waits for a person.
    expect(fields.find((p) => p.targetField === "isbn")).toMatchObject({ value: null, confidence: 0 });
  });

  it("judges one proposal at a time", () => {
    const base = { scope: "field" as const, instanceIndex: -1, targetComponent: "page", targetType: "text" as const, layer: "heuristic" as const, evidence: [], source: { definition: null, name: null, selector: null, kind: null, path: null, classes: [] }, signature: "s", looseSignature: "l", signatureParts: {} };
    expect(proposable({ ...base, targetField: "title", value: "Harbour reopens", confidence: 0.9 }, definitions)).toBe(true);
    expect(proposable({ ...base, targetField: "title", value: "…", confidence: 0.9 }, definitions)).toBe(false);
    expect(proposable({ ...base, targetField: "title", value: null, confidence: 0 }, definitions)).toBe(true);
    expect(proposable({ ...base, targetField: "", value: "Harbour reopens", confidence: 0.9 }, definitions)).toBe(false);
    expect(proposable({ ...base, targetComponent: null, targetField: "title", value: "Harbour reopens", confidence: 0.9 }, definitions)).toBe(false);
    expect(proposable({ ...base, scope: "template", targetField: null, value: null, confidence: 1 }, definitions)).toBe(true);
  });
});
