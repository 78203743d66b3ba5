/**
 * The real-page corpus's labels stay usable as the quality and Enrich benchmarks read them: every
 * labelled page is in the manifest, in the split its site hashes to, and every label has the shape
 * the scoring compares (bench/quality/score.ts).
 */
import { describe, expect, it } from "vitest";
import { addressOf, siteOf, splitOf, TRUTH_FIELDS } from "../../bench/quality/corpus";
import enrichLabels from "../fixtures/real/enrich-labels.json";
import fieldLabels from "../fixtures/real/field-labels.json";
import textLabels from "../fixtures/real/text-labels.json";
import manifest from "../fixtures/real/manifest.json";

interface ManifestPage {
  id: string;
  url: string;
  site: string;
  split: string;
  batch?: number;
}
const pages = (manifest as { pages: ManifestPage[] }).pages;
const byId = new Map(pages.map((p) => [p.id, p]));

describe("the real-page corpus", () => {
  it("splits by site: a site is in one split, the one its host hashes to, batches included", () => {
    const splitOfSite = new Map<string, string>();
    for (const page of pages) {
      expect(page.site).toBe(siteOf(page.url));
      expect(page.split, page.id).toBe(splitOf(page.site));
      expect(splitOfSite.get(page.site) ?? page.split, page.site).toBe(page.split);
      splitOfSite.set(page.site, page.split);
    }
    expect(new Set(pages.map((p) => p.id)).size).toBe(pages.length);
  });

  it("adds later pages as numbered batches: held-out's batch 2 with its fields read again, batch 3 and the other splits' batch 2 for their main content", () => {
    const later = pages.filter((p) => p.batch !== undefined);
    expect(later.length).toBeGreaterThanOrEqual(500);
    for (const page of later) expect(page.split === "held-out" ? [2, 3] : [2], page.id).toContain(page.batch);
    // Each page carries main-content snippets: a page with no fields read is scored on its main content alone.
    for (const page of later as (ManifestPage & { with: string[] })[]) expect(page.with.length, page.id).toBeGreaterThan(0);
  });

  it("has page fields labelled by reading the page, in the shape the scoring compares", () => {
    const labelled = Object.entries((fieldLabels as { pages: Record<string, Record<string, string>> }).pages);
    expect(labelled.length).toBeGreaterThanOrEqual(105);
    for (const [id, fields] of labelled) {
      expect(byId.has(id), id).toBe(true);
      for (const field of TRUTH_FIELDS) expect(typeof fields[field], `${id} ${field}`).toBe("string");
      expect(fields.datePublished, id).toMatch(/^(\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]))?$/);
      // ISO 639-1, or 639-3 for a language that has no two-letter code (Papiamento: "pap").
      expect(fields.language, id).toMatch(/^[a-z]{2,3}$/);
      expect(fields.note?.length ?? 0, id).toBeGreaterThan(0);
    }
    // Every page of the later held-out batch has them, so its fields can be scored against both label sets;
    // so does every train and dev page, the batches added later included (the fit learns from train's).
    const read = pages.filter((p) => p.split !== "held-out" || p.batch === 2).map((p) => p.id);
    expect(labelled.map(([id]) => id).sort()).toEqual(read.sort());
  });

  it("has the main content of every held-out page, and of train and dev pages, labelled by reading it, as block ranges and their text", () => {
    const labelled = (textLabels as { pages: Record<string, { keep: string; text: string; labeller: string; second?: { keep: string } }> }).pages;
    for (const [id, label] of Object.entries(labelled)) {
      expect(byId.has(id), id).toBe(true);
      expect(label.keep, id).toMatch(/^(\d+(-\d+)?(, ?\d+(-\d+)?)*)?$/);
      // An empty range is a page with no main content, and then only.
      expect(label.text.trim().length > 0, id).toBe(label.keep.trim().length > 0);
      if (label.second) expect(byId.get(id)?.split, id).toBe("held-out");
    }
    for (const page of pages.filter((p) => p.split === "held-out")) expect(labelled[page.id], page.id).toBeDefined();
    const counts = (split: string) => Object.keys(labelled).filter((id) => byId.get(id)?.split === split).length;
    expect([counts("train"), counts("dev"), counts("held-out")]).toEqual([599, 189, 202]);
  });

  it("labels Enrich findings on corpus pages, each batch after the first on held-out pages", () => {
    for (const [id, label] of Object.entries((enrichLabels as { pages: Record<string, { split: string; batch?: number }> }).pages)) {
      expect(byId.get(id)?.split, id).toBe(label.split);
      if (label.batch !== undefined) expect(label.split, id).toBe("held-out");
    }
  });

  it("crawls a page keyed by its file name at the address the page states, as a crawl would know it", () => {
    const head = (tags: string) => `<html><head>${tags}</head><body></body></html>`;
    const canonical = `<link rel="canonical" href="https://www.laprensagrafica.com/elsalvador/fiscal.html">`;
    const og = `<meta property="og:url" content="https://www.laprensagrafica.com/og.html">`;
    expect(addressOf("hard::laprensagrafica.com.fiscal.html", head(canonical + og))).toBe("https://www.laprensagrafica.com/elsalvador/fiscal.html");
    expect(addressOf("hard::laprensagrafica.com.fiscal.html", head(og))).toBe("https://www.laprensagrafica.com/og.html");
    // A relative canonical link says no host; nothing stated keeps the key.
    expect(addressOf("hard::a.html", head(`<link rel="canonical" href="/fiscal.html">`))).toBe("hard::a.html");
    // A page with a web address keeps it, whatever it states.
    expect(addressOf("https://example.org/a", head(canonical))).toBe("https://example.org/a");
  });
});
