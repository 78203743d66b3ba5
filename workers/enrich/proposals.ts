/**
 * Deterministic proposals: what the page's own content can fix without a model. Each says so in
 * its rationale, since a language model writes better titles, descriptions and alt text.
 */
import { ENRICH_MESSAGES, type EnrichField, type Finding, type FindingKind } from "../contracts/enrich";
import type { PageExtraction } from "../contracts/extraction";
import { TEXT_LANGUAGE_PROVENANCE } from "../crawl/metadata/text-language";
import { LIMITS } from "./findings";

export interface ProposalDraft {
  field: EnrichField;
  target: string;
  kind: FindingKind | "ai";
  before: string;
  value: string;
  confidence: number;
  source: string;
  rationale: string;
}

const chars = (s: string) => [...s].length;

/** Cuts a text to at most `max` characters, at the end of a sentence when one ends past half of it, else at a word. */
export function cutText(text: string, max: number): string {
  const s = text.replace(/\s+/g, " ").trim();
  if (chars(s) <= max) return s;
  const head = [...s].slice(0, max).join("");
  const sentence = Math.max(head.lastIndexOf(". "), head.lastIndexOf("! "), head.lastIndexOf("? "));
  if (sentence >= max / 2) return head.slice(0, sentence + 1);
  const space = head.slice(0, max - 1).lastIndexOf(" ");
  return `${(space > max / 2 ? head.slice(0, space) : head.slice(0, max - 1)).replace(/[\s,;:–-]+$/, "")}…`;
}

/** The lead paragraph: the first paragraph of the main text long enough to describe the page. */
export function leadParagraph(x: PageExtraction): string {
  const paragraphs = x.mainText.split(/\n+/).map((p) => p.trim()).filter(Boolean);
  return paragraphs.find((p) => p.split(/\s+/).length >= 12) ?? paragraphs[0] ?? "";
}

function titleProposal(x: PageExtraction, finding: Finding): ProposalDraft | null {
  const own = x.metadata?.title[0]?.value?.trim() ?? "";
  const h1 = (x.audit?.headings ?? x.headings).find((h) => h.level === 1 && h.text.trim())?.text.trim() ?? "";
  const base = { field: "metaTitle" as const, target: "", kind: finding.kind, before: x.title, source: "deterministic" };
  if (finding.kind === "title-too-long") {
    if (own && chars(own) <= LIMITS.titleChars && own !== x.title) return { ...base, value: own, confidence: 0.75, rationale: `The page's own title without the site name. ${ENRICH_MESSAGES.offlineNote}` };
    return { ...base, value: cutText(own || x.title, LIMITS.titleChars), confidence: 0.4, rationale: `The title cut to ${LIMITS.titleChars} characters. ${ENRICH_MESSAGES.offlineNote}` };
  }
  const value = cutText(h1 || own, LIMITS.titleChars);
  return value ? { ...base, value, confidence: 0.6, rationale: `The page's ${h1 ? "H1" : "stated title"}. ${ENRICH_MESSAGES.offlineNote}` } : null;
}

function descriptionProposal(x: PageExtraction, finding: Finding): ProposalDraft | null {
  const base = { field: "metaDescription" as const, target: "", kind: finding.kind, before: x.metaDescription, source: "deterministic" };
  if (finding.kind === "description-too-long") {
    return { ...base, value: cutText(x.metaDescription, LIMITS.descriptionChars), confidence: 0.6, rationale: `The description shortened to ${LIMITS.descriptionChars} characters. ${ENRICH_MESSAGES.offlineNote}` };
  }
  const stated = x.metadata?.description.find((d) => d.value.trim())?.value ?? x.openGraph["og:description"] ?? "";
  if (stated.trim()) return { ...base, value: cutText(stated, LIMITS.descriptionChars), confidence: 0.7, rationale: `The description the page states elsewhere (${x.metadata?.description[0]?.provenance ?? "og:description"}). ${ENRICH_MESSAGES.offlineNote}` };
  const lead = leadParagraph(x);
  return lead ? { ...base, value: cutText(lead, LIMITS.descriptionChars), confidence: 0.5, rationale: `From the lead paragraph. ${ENRICH_MESSAGES.offlineNote}` } : null;
}

function altProposal(x: PageExtraction, finding: Finding): ProposalDraft | null {
  const src = finding.target ?? "";
  const caption = x.audit?.images.find((i) => i.src === src)?.caption ?? "";
  const base = { field: "imageAlt" as const, target: src, kind: finding.kind, before: "", source: "deterministic" };
  if (caption) return { ...base, value: cutText(caption, 125), confidence: 0.6, rationale: `The image's caption. ${ENRICH_MESSAGES.offlineNote}` };
  // Nothing on the page says what the image shows: a person (or a vision model) has to write it.
  return { ...base, value: "", confidence: 0, rationale: "Nothing on the page describes this image: write its alt text, or configure a model." };
}

function languageProposal(x: PageExtraction, finding: Finding, siteLanguage: string | null): ProposalDraft | null {
  const base = { field: "language" as const, target: "", kind: finding.kind, before: "", source: "deterministic" };
  const best = x.metadata?.language.find((l) => l.value.trim());
  // The metadata layer's best value: a language the page states (og:locale, JSON-LD), or the one its text is written in.
  if (best?.provenance === TEXT_LANGUAGE_PROVENANCE) return { ...base, value: best.value, confidence: 0.75, rationale: "The language the page's text is written in." };
  const stated = best?.value ?? x.openGraph["og:locale"]?.replace("_", "-") ?? "";
  const value = stated || siteLanguage || "";
  if (!value) return null;
  return { ...base, value, confidence: stated ? 0.8 : 0.6, rationale: stated ? "The language the page states in its metadata." : "The language most pages of the site declare." };
}

/** Deterministic proposals for a page's findings (none for the kinds only a person can fix). */
export function deterministicProposals(x: PageExtraction, findings: Finding[], siteLanguage: string | null): ProposalDraft[] {
  const out: ProposalDraft[] = [];
  const seen = new Set<string>();
  for (const f of findings) {
    let draft: ProposalDraft | null = null;
    if (f.kind === "title-missing" || f.kind === "title-too-long") draft = titleProposal(x, f);
    else if (f.kind === "description-missing" || f.kind === "description-too-long") draft = descriptionProposal(x, f);
    else if (f.kind === "image-alt-missing") draft = altProposal(x, f);
    else if (f.kind === "language-missing") draft = languageProposal(x, f, siteLanguage);
    if (!draft) continue;
    const key = `${draft.field}\n${draft.target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(draft);
  }
  return out;
}
