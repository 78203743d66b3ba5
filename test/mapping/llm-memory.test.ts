import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { extractPage } from "../../workers/crawl/extract";
import { createLlmLayer, LLM_ALONE_CAP, type LlmAnswer } from "../../workers/mapping/llm";
import { DEFAULT_MAPPING_PROMPT } from "../../workers/mapping/llm-prompt";
import { mapPage } from "../../workers/mapping/mapper";
import { MemoryIndex, memoryConfidence } from "../../workers/mapping/memory";
import { instanceCandidates } from "../../workers/mapping/candidates";
import { fieldSignature, instanceSignature } from "../../workers/mapping/signature";
import type { MappingDefinitions, MemoryEntry } from "../../workers/mapping/types";

const HTML = `<html><head><title>Offers | Shop</title></head><body><main>
<div class="teaser"><h3>Spring sale</h3><p class="lead">Everything half price until Sunday, in every store.</p><p class="note">Terms apply</p><a class="btn" href="/sale">Shop the sale</a></div>
</main></body></html>`;
const URL_ = "https://shop.example/offers";
const defs: MappingDefinitions = {
  components: {
    teaser: {
      name: "Teaser",
      targetId: "",
      selector: ".teaser",
      exampleUrls: [],
      fields: [
        { name: "title", type: "text", required: true, description: "" },
        { name: "text", type: "text", required: false, description: "" },
        { name: "image", type: "image", required: false, description: "" },
        { name: "link", type: "link", required: false, description: "" },
      ],
    },
  },
  templates: {},
};
const page = extractPage(HTML, URL_, defs.components);

function model(answer: unknown) {
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: "text", text: typeof answer === "string" ? answer : JSON.stringify(answer) }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } },
      warnings: [],
    }),
  });
}

/** Maps with a threshold above every confidence, so the model is asked about everything. */
async function withModel(answer: unknown) {
  const m = model(answer);
  const rejected: string[][] = [];
  const errors: unknown[] = [];
  const llm = createLlmLayer({ model: m, prompt: DEFAULT_MAPPING_PROMPT, onRejected: (r) => rejected.push(r), onError: (e) => errors.push(e) });
  const result = await mapPage({ page, definitions: defs, llm, options: { minConfidence: 0.9999 } });
  return { m, result, rejected: rejected.flat(), errors };
}

const heuristicOnly = await mapPage({ page, definitions: defs });
/** The model names candidates "instance:index", in the order the request lists them. */
const candidateId = (name: string) => instanceCandidates(page.components[0]).findIndex((c) => c.name === name);

describe("language model layer (ai SDK mock model)", () => {
  it("names candidates as the model sees them", () => {
    expect(["title", "lead", "note", "btn#href", "btn#label"].map(candidateId)).toEqual([0, 1, 2, 3, 4]);
  });

  it("sends the site's prompt and the unsure instances, and raises confidence where the model agrees", async () => {
    const title = heuristicOnly.proposals.find((p) => p.targetField === "title")!;
    const answer: LlmAnswer = { components: [{ instance: 0, component: "teaser", confidence: 0.9, fields: [{ field: "title", source: `0:${candidateId("title")}`, confidence: 0.9 }] }] };
    const { m, result } = await withModel(answer);
    expect(m.doGenerateCalls).toHaveLength(1);
    const sent = JSON.stringify(m.doGenerateCalls[0].prompt);
    expect(sent).toContain("You map content extracted from a legacy website");
    expect(sent).toContain("Spring sale");
    const after = result.proposals.find((p) => p.targetField === "title")!;
    expect(after.value).toBe("Spring sale");
    expect(after.confidence).toBeGreaterThan(title.confidence);
    expect(after.evidence.join(" ")).toContain("language model agrees");
  });

  it("replaces an unsure proposal with the model's choice, capped below auto-apply", async () => {
    const answer: LlmAnswer = { components: [{ instance: 0, component: "teaser", confidence: 0.95, fields: [{ field: "text", source: `0:${candidateId("note")}`, confidence: 0.99 }] }] };
    const { result } = await withModel(answer);
    const text = result.proposals.find((p) => p.targetField === "text")!;
    expect(text).toMatchObject({ value: "Terms apply", layer: "llm" });
    expect(text.confidence).toBeLessThanOrEqual(LLM_ALONE_CAP);
    expect(result.layers).toContain("llm");
  });

  it("never lets an unknown field, a wrong type, an unknown component or an invented value through", async () => {
    const answer = {
      components: [
        {
          instance: 0,
          component: "teaser",
          confidence: 0.9,
          fields: [
            { field: "subtitle", source: `0:${candidateId("lead")}`, confidence: 0.9 },
            { field: "image", source: `0:${candidateId("lead")}`, confidence: 0.9 },
            { field: "link", value: "https://evil.example/phish", confidence: 0.9 },
            { field: "text", source: "0:99", confidence: 0.9 },
          ],
        },
        { instance: 0, component: "carousel", confidence: 0.9, fields: [] },
        { instance: 7, component: "teaser", confidence: 0.9, fields: [] },
      ],
    };
    const { result, rejected } = await withModel(answer);
    expect(rejected.join("\n")).toMatch(/unknown field "subtitle"/);
    expect(rejected.join("\n")).toMatch(/cannot fill image field "image"/);
    expect(rejected.join("\n")).toMatch(/value for "link" is not found in the source/);
    expect(rejected.join("\n")).toMatch(/unknown source "0:99"/);
    expect(rejected.join("\n")).toMatch(/unknown component "carousel"/);
    expect(rejected.join("\n")).toMatch(/instance 7 was not asked about/);
    expect(result.proposals.some((p) => p.targetField === "subtitle" || p.targetField === "image")).toBe(false);
    expect(result.proposals.find((p) => p.targetField === "link")?.value).toBe("https://shop.example/sale");
    expect(result.proposals.every((p) => p.layer !== "llm")).toBe(true);
  });

  it("keeps the other layers' proposals when the answer is not valid structured output", async () => {
    const { result, errors } = await withModel("this is not JSON { components: ");
    expect(errors).toHaveLength(1);
    expect(result.proposals.map((p) => [p.targetField, p.value])).toEqual(heuristicOnly.proposals.map((p) => [p.targetField, p.value]));
    const { result: r2, errors: e2 } = await withModel({ components: [{ instance: "zero", component: 5 }] });
    expect(e2).toHaveLength(1);
    expect(r2.proposals.length).toBe(heuristicOnly.proposals.length);
  });
});

describe("memory layer", () => {
  const isig = instanceSignature(page.components[0]);
  const heuristicText = heuristicOnly.proposals.find((p) => p.targetField === "text")!;
  const note = heuristicOnly.proposals.find((p) => p.source.name === "note");
  const entry = (over: Partial<MemoryEntry>): MemoryEntry => ({ id: crypto.randomUUID(), scope: "field", signature: "", looseSignature: "", targetComponent: "teaser", targetField: "text", confirmations: 1, rejections: 0, ...over });

  it("turns confirmations and rejections into a confidence", () => {
    expect(memoryConfidence(0, 0)).toBe(0);
    expect(memoryConfidence(1, 0)).toBeCloseTo(0.9, 5);
    expect(memoryConfidence(2, 0)).toBeGreaterThan(0.94);
    expect(memoryConfidence(1, 1)).toBeLessThan(0.5);
    const index = new MemoryIndex([entry({ signature: "a", looseSignature: "b" })]);
    expect(index.matches("field", { exact: "x", loose: "b", parts: {} }, false)).toHaveLength(0);
    expect(index.matches("field", { exact: "x", loose: "b", parts: {} }, true)[0].loose).toBe(true);
  });

  it("applies a remembered override first, and a rejection rules the pair out", async () => {
    expect(note).toBeUndefined();
    // People said: the "lead" paragraph is not the text, the "note" paragraph is.
    const { proposals: fresh } = await mapPage({ page, definitions: defs });
    const leadSig = fresh.find((p) => p.targetField === "text")!.signature;
    const noteSig = fieldSignature(isig, instanceCandidates(page.components[0]).find((c) => c.name === "note")!);
    const memory = [
      entry({ signature: leadSig, looseSignature: "l1", targetField: "text", confirmations: 0, rejections: 1 }),
      entry({ signature: noteSig.exact, looseSignature: noteSig.loose, targetField: "text", confirmations: 1 }),
    ];
    const result = await mapPage({ page, definitions: defs, memory });
    const text = result.proposals.find((p) => p.targetField === "text")!;
    expect(heuristicText.value).toContain("half price");
    expect(text).toMatchObject({ value: "Terms apply", layer: "memory" });
    expect(text.confidence).toBeCloseTo(0.9, 5);
    expect(text.evidence[0]).toContain("confirmed 1×");
  });

  it("ragOnly uses memory alone; preferRagRuns also trusts similar sources", async () => {
    const loose = await mapPage({ page, definitions: defs, memory: [entry({ scope: "component", signature: "elsewhere", looseSignature: isig.loose, targetComponent: "teaser", targetField: "" })], options: { ragOnly: true } });
    const comp = loose.proposals.find((p) => p.scope === "component")!;
    expect(comp).toMatchObject({ targetComponent: "teaser", layer: "memory" });
    expect(comp.confidence).toBeCloseTo(0.81, 2);
    // Nothing about the fields is remembered: memory alone proposes only the empty required title.
    expect(loose.proposals.filter((p) => p.scope === "field").map((p) => [p.targetField, p.value])).toEqual([["title", null]]);
    const none = await mapPage({ page, definitions: defs, memory: [], options: { ragOnly: true } });
    expect(none.proposals.find((p) => p.scope === "component")).toMatchObject({ targetComponent: null, confidence: 0 });
    const preferred = await mapPage({ page, definitions: defs, memory: [entry({ scope: "component", signature: "elsewhere", looseSignature: isig.loose, targetComponent: "teaser", targetField: "" })], options: { preferRagRuns: true } });
    expect(preferred.proposals.find((p) => p.scope === "component")?.layer).toBe("memory");
    const byDefault = await mapPage({ page, definitions: defs, memory: [entry({ scope: "component", signature: "elsewhere", looseSignature: isig.loose, targetComponent: "teaser", targetField: "" })] });
    expect(byDefault.proposals.find((p) => p.scope === "component")?.layer).toBe("heuristic");
  });
});
