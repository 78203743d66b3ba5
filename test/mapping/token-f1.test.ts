import { describe, expect, it } from "vitest";
import { tokenCounts, tokenF1, tokens } from "../../workers/crawl/main-content/tokens";

describe("token F1 of extracted main content", () => {
  it("lowercases and splits on anything but letters and digits, in any script", () => {
    expect(tokens("Hello, World! It's 2024-05-04.")).toEqual(["hello", "world", "it", "s", "2024", "05", "04"]);
    expect(tokens("Straße—ÄRGER über Öl; naïve café")).toEqual(["straße", "ärger", "über", "öl", "naïve", "café"]);
    expect(tokens("Привет, мир! Γειά σου")).toEqual(["привет", "мир", "γειά", "σου"]);
    expect(tokens("नमस्ते दुनिया")).toEqual(["नमस्ते", "दुनिया"]);
    // Decomposed accents are composed first, so they compare equal to precomposed ones.
    expect(tokens("cafe\u0301")).toEqual(tokens("café"));
    expect(tokens("  \n—…  ")).toEqual([]);
  });

  it("counts tokens as a multiset: a repeated word is right only as often as the truth has it", () => {
    expect(tokenCounts("the cat the cat the cat", "the cat sat")).toEqual({ tp: 2, fp: 4, fn: 1 });
    const s = tokenF1("the cat the cat the cat", "the cat sat");
    expect(s.precision).toBeCloseTo(2 / 6);
    expect(s.recall).toBeCloseTo(2 / 3);
    expect(s.f1).toBeCloseTo((2 * (1 / 3) * (2 / 3)) / (1 / 3 + 2 / 3));
  });

  it("ignores order and case, and scores extra and missing text", () => {
    expect(tokenF1("Sat the CAT", "the cat sat")).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    const extra = tokenF1("the cat sat. Share this on Facebook", "the cat sat");
    expect(extra).toMatchObject({ tp: 3, fp: 4, fn: 0, recall: 1 });
    expect(extra.precision).toBeCloseTo(3 / 7);
    const missing = tokenF1("the cat", "the cat sat on the mat");
    expect(missing).toMatchObject({ tp: 2, fp: 0, fn: 4, precision: 1 });
    expect(missing.recall).toBeCloseTo(2 / 6);
  });

  it("scores empty texts: both empty agree, one empty scores zero", () => {
    expect(tokenF1("", "")).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    expect(tokenF1("", "some text")).toMatchObject({ precision: 0, recall: 0, f1: 0, fn: 2 });
    expect(tokenF1("some text", "")).toMatchObject({ precision: 0, recall: 0, f1: 0, fp: 2 });
  });
});
