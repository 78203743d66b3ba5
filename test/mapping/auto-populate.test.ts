import { describe, expect, inject, it } from "vitest";
import { MAPPING_MESSAGES } from "../../workers/contracts/mapping";
import { detectStructures } from "../../workers/mapping/auto-populate/detect";
import { auditFor, call, expectError, expectValidationError } from "../api/helpers";
import { ownerWithSite } from "./helpers";
import { wp, saas } from "./fixtures";

const origin = inject("fixtureOrigin");

async function waitDone(auth: { token: string; org: string }, siteId: string) {
  for (let i = 0; i < 120; i++) {
    const state = await call("GET", `/sites/${siteId}/auto-populate`, auth);
    if (!state.json.isAutoPopulating) return state.json;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("auto-populate did not finish");
}

describe("structure detection (pure, over HTML)", () => {
  it("finds hero, text with media, quote, call to action and cards on a WordPress page", () => {
    const found = detectStructures(wp.home, "https://www.greenleaf-garden.example/");
    const byKind = Object.fromEntries(found.map((s) => [s.kind, s]));
    expect(byKind.hero.definition.selector).toBe(".wp-block-cover");
    expect(byKind.hero.definition.fields.map((f) => f.name)).toEqual(["image", "title", "subtitle", "ctaLabel", "ctaLink"]);
    expect(byKind.card).toMatchObject({ occurrences: 3, definition: { selector: ".wp-block-column" } });
    expect(byKind["text-media"].definition.selector).toBe(".wp-block-media-text");
    expect(byKind.quote.definition.fields.map((f) => f.name)).toEqual(["quote", "author"]);
    expect(byKind.cta.definition.selector).toBe(".cta-banner");
    expect(byKind.form).toBeDefined();
    // The page chrome (site header, navigation, footer) is not proposed.
    expect(found.some((s) => /navigation|site-header|site-footer/.test(s.definition.selector))).toBe(false);
    for (const s of found) expect(s.definition.exampleUrls).toEqual(["https://www.greenleaf-garden.example/"]);
  });

  it("finds accordion items and limits the search to a selector", () => {
    const page = saas.home.replace("</main>", `<section class="faq"><details class="faq-item"><summary>One?</summary><p>Yes, one.</p></details><details class="faq-item"><summary>Two?</summary><p>Yes, two.</p></details></section></main>`);
    const all = detectStructures(page, "https://cloudly.example/");
    const acc = all.find((s) => s.kind === "accordion")!;
    expect(acc).toMatchObject({ key: "accordionItem", occurrences: 2 });
    expect(acc.definition.fields).toEqual([
      { name: "question", type: "text", required: true, description: "" },
      { name: "answer", type: "richtext", required: true, description: "" },
    ]);
    const scoped = detectStructures(page, "https://cloudly.example/", { selector: "section.faq" });
    expect(scoped.map((s) => s.kind)).toEqual(["accordion"]);
    expect(detectStructures(page, "https://cloudly.example/", { selector: "#nothing-here" })).toEqual([]);
  });

  it("finds them on a page without landmarks whose <body> comes after a script (linkedom's body getter misses it)", () => {
    const items = `<details class="faq-item"><summary>One?</summary><p>Yes, one.</p></details><details class="faq-item"><summary>Two?</summary><p>Yes, two.</p></details>`;
    const page = `<!DOCTYPE html><html><head><title>FAQ</title></head><script>var a = 1;</script><body><div class="faq">${items}</div></body></html>`;
    expect(detectStructures(page, "https://cloudly.example/").map((s) => s.kind)).toContain("accordion");
  });
});

describe("auto-populate API", () => {
  it("renders a page of the site in the real browser, proposes components, and writes the accepted ones", async () => {
    const { auth, siteId } = await ownerWithSite(new URL(origin).host);
    expect((await call("GET", `/sites/${siteId}/auto-populate`, auth)).json).toMatchObject({ status: "idle", progress: 0, suggestedComponents: [], isAutoPopulating: false, url: "", selector: "" });
    const start = await call("POST", `/sites/${siteId}/auto-populate`, { ...auth, body: { url: `${origin}/` } });
    expect(start.status).toBe(202);
    expect(start.json).toMatchObject({ status: "rendering", isAutoPopulating: true, url: `${origin}/`, selector: "" });
    expect(start.json.progress).toBeGreaterThan(0);
    const again = await call("POST", `/sites/${siteId}/auto-populate`, { ...auth, body: { url: `${origin}/` } });
    expect([202, 409]).toContain(again.status);
    if (again.status === 409) expectError(again, 409, MAPPING_MESSAGES.autoPopulateRunning);

    const done = await waitDone(auth, siteId);
    expect(done).toMatchObject({ status: "completed", progress: 100, isAutoPopulating: false, error: null });
    const kinds = done.suggestedComponents.map((s: { kind: string }) => s.kind);
    expect(kinds).toContain("hero");
    expect(kinds).toContain("card");
    const hero = done.suggestedComponents.find((s: { kind: string }) => s.kind === "hero");
    expect(hero.definition.selector).toBe("section.hero");
    const card = done.suggestedComponents.find((s: { kind: string }) => s.kind === "card");
    expect(card.occurrences).toBeGreaterThanOrEqual(2);

    const accepted = await call("POST", `/sites/${siteId}/auto-populate/accept`, {
      ...auth,
      body: { suggestions: [{ id: hero.id }, { id: card.id, key: "teaserCard", definition: { ...card.definition, name: "Teaser card" } }] },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json.definitions.hero.selector).toBe("section.hero");
    expect(accepted.json.definitions.teaserCard.name).toBe("Teaser card");
    expect(await auditFor(`${siteId}/teaserCard`, "auto-populate.accept")).toHaveLength(1);
    expect(await auditFor(siteId, "auto-populate.start")).toHaveLength(1);
    expectError(await call("POST", `/sites/${siteId}/auto-populate/accept`, { ...auth, body: { suggestions: [{ id: "nope" }] } }), 404, MAPPING_MESSAGES.suggestionNotFound);
    expectValidationError(await call("POST", `/sites/${siteId}/auto-populate/accept`, { ...auth, body: { suggestions: [] } }), "suggestions");

    expect((await call("DELETE", `/sites/${siteId}/auto-populate`, auth)).json).toMatchObject({ status: "idle", suggestedComponents: [] });
  }, 90_000);

  it("reports a page that cannot be rendered", async () => {
    const { auth, siteId } = await ownerWithSite(new URL(origin).host);
    await call("POST", `/sites/${siteId}/auto-populate`, { ...auth, body: { url: `${origin}/special/missing?t=${Date.now()}` } });
    const done = await waitDone(auth, siteId);
    expect(done.status).toBe("failed");
    expect(done.error).toMatch(/^The page could not be rendered: HTTP 404/);
  }, 90_000);

  it("refuses pages off the site's domain and invalid input", async () => {
    const { auth, siteId } = await ownerWithSite("www.example.com");
    expectError(await call("POST", `/sites/${siteId}/auto-populate`, { ...auth, body: { url: "https://elsewhere.example.org/" } }), 422, MAPPING_MESSAGES.autoPopulateOrigin);
    expectValidationError(await call("POST", `/sites/${siteId}/auto-populate`, { ...auth, body: { url: "not a url" } }), "url");
    expectError(await call("GET", `/sites/${siteId}/auto-populate`), 401);
  });
});
