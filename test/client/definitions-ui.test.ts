import { describe, expect, it } from "vitest";
import type { SuggestedComponent } from "../../workers/contracts/mapping";
import {
  draftErrors,
  emptyDraft,
  emptyField,
  fromDraft,
  issuesFromDetails,
  keyFromName,
  moveItem,
  toDraft,
  validateDraft,
} from "../../app/components/definitions/definition-draft";
import { validateChoices } from "../../app/components/definitions/suggestion-choices";
import { AUTO_POPULATE_TEXTS, DEFINITION_TEXTS, singular } from "../../app/components/definitions/texts";
import { bandLabel, memoryTarget, parseThreshold, settingsBody, signatureParts } from "../../app/components/mapping-settings/format";

const hero = {
  name: "Hero",
  targetId: "site:components/hero",
  selector: "section.hero",
  exampleUrls: ["https://www.example.com/", "https://www.example.com/about"],
  fields: [
    { name: "title", type: "text" as const, required: true, description: "Main heading" },
    { name: "image", type: "image" as const, required: false, description: "" },
  ],
};

const opts = { isNew: true, existingKeys: ["hero"], keyTaken: DEFINITION_TEXTS.keyTaken("components") };

describe("definition drafts", () => {
  it("round-trips a component definition through the form", () => {
    const draft = toDraft("components", "hero", hero);
    expect(draft.exampleUrls).toBe("https://www.example.com/\nhttps://www.example.com/about");
    expect(fromDraft("components", draft)).toEqual(hero);
  });

  it("round-trips a template definition with its areas", () => {
    const tpl = { name: "Article", targetId: "site:pages/article", urlPattern: "/blog/*", selector: "body.article", areas: ["main", "aside"], fields: [] };
    const draft = toDraft("templates", "article", tpl);
    expect(draft.areas).toBe("main, aside");
    expect(fromDraft("templates", { ...draft, areas: " main ,, aside , footer" })).toEqual({ ...tpl, areas: ["main", "aside", "footer"] });
  });

  it("reports problems by field path with the API's own messages", () => {
    const draft = { ...emptyDraft("components"), key: "hero", name: " ", exampleUrls: "https://ok.example.com/\n\nnot a url", fields: [{ ...emptyField(), name: "1st" }] };
    const errors = validateDraft("components", draft, opts);
    expect(errors.key).toBe(DEFINITION_TEXTS.keyTaken("components"));
    expect(errors.name).toBeTruthy();
    expect(errors["fields.0.name"]).toBe("Field names start with a letter and use letters, digits, - or _");
    // The bad URL is named: blank lines are not sent, so its index is not a line of the box.
    expect(errors.exampleUrls).toMatch(/^not a url: /);
  });

  it("accepts a valid new definition and checks keys only when creating", () => {
    const draft = { ...toDraft("components", "hero", hero), key: "hero-2" };
    expect(validateDraft("components", draft, opts)).toEqual({});
    expect(validateDraft("components", { ...draft, key: "hero" }, { ...opts, isNew: false })).toEqual({});
    expect(validateDraft("components", { ...draft, key: "-bad key" }, opts).key).toBe("Keys start with a letter or digit and use letters, digits, _, ., : or -");
  });

  it("maps the API's 400 details onto the form", () => {
    const details = [
      { path: "fields.1.type", message: "Invalid option" },
      { path: "exampleUrls.0", message: "Invalid URL" },
      { path: "fields.1.type", message: "second message for the same path" },
      { nonsense: true },
    ];
    const draft = { ...emptyDraft("components"), exampleUrls: "\nhttp//broken\n" };
    const errors = draftErrors(issuesFromDetails(details), draft);
    expect(errors).toEqual({ "fields.1.type": "Invalid option", exampleUrls: "http//broken: Invalid URL" });
    expect(issuesFromDetails("not a list")).toEqual([]);
  });

  it("suggests keys from names and reorders fields", () => {
    expect(keyFromName("Hero Banner — Große Überschrift!")).toBe("hero-banner-grosse-uberschrift");
    expect(moveItem(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(singular("content types")).toBe("content type");
  });
});

describe("auto-populate choices", () => {
  const suggestion = (id: string, key: string): SuggestedComponent => ({
    id,
    key,
    kind: "card",
    occurrences: 3,
    score: 0.8,
    sample: "",
    definition: { name: key, targetId: "", selector: ".card", exampleUrls: [], fields: [] },
  });
  it("needs valid, distinct keys and a name on picked rows only", () => {
    const list = [suggestion("a", "card"), suggestion("b", "card"), suggestion("c", "bad key"), suggestion("d", "x")];
    const errors = validateChoices(list, {
      a: { checked: true, key: "card", name: "Card" },
      b: { checked: true, key: "card", name: "" },
      c: { checked: false, key: "bad key", name: "Skipped" },
      d: { checked: true, key: "x", name: "X" },
    });
    expect(errors).toEqual({ b: { key: AUTO_POPULATE_TEXTS.duplicateKey, name: AUTO_POPULATE_TEXTS.nameRequired } });
  });
});

describe("AI mapping settings helpers", () => {
  it("sends the API key only for an OpenAI-compatible endpoint, as shown (mask keeps it)", () => {
    expect(settingsBody({ llmProvider: "none", model: " m ", baseUrl: "", apiKey: "••••••••" })).toEqual({ llmProvider: "none", model: "m", baseUrl: "" });
    expect(settingsBody({ llmProvider: "openai-compatible", model: "m", baseUrl: "https://x.example/v1 ", apiKey: "••••••••" })).toEqual({
      llmProvider: "openai-compatible",
      model: "m",
      baseUrl: "https://x.example/v1",
      apiKey: "••••••••",
    });
  });

  it("parses the threshold within 0..1", () => {
    expect(parseThreshold("0.9")).toBe(0.9);
    expect(parseThreshold("1")).toBe(1);
    expect(parseThreshold("")).toBeNull();
    expect(parseThreshold("1.2")).toBeNull();
    expect(parseThreshold("abc")).toBeNull();
  });

  it("formats bands, signatures and targets", () => {
    expect(bandLabel({ from: 0.8, to: 0.9 })).toBe("80–90%");
    expect(signatureParts({ path: "main > section", classes: ["hero", "dark"], role: "", empty: null })).toEqual([
      ["path", "main > section"],
      ["classes", "hero dark"],
    ]);
    expect(memoryTarget({ targetComponent: "hero", targetField: "title" })).toBe("hero.title");
    expect(memoryTarget({ targetComponent: "hero", targetField: null })).toBe("hero");
  });
});
