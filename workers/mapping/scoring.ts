import type { FieldDefinition, FieldType } from "../contracts/definitions";
import { INSTANCE_CONTENT, type Candidate } from "./candidates";
import { METADATA_CONCEPTS } from "./calibration-prior";
import { concepts, looksLikeUrl, nameSimilarity, words } from "./text";

/** A target field with the words and the main concept the mapper reads from its name. */
export interface TargetSlot {
  field: FieldDefinition;
  /** Position of the field in the definition, 0 (first) to 1 (last). */
  rank: number;
  words: string[];
  /** Words of the description: weaker evidence than the name. */
  descriptionWords: string[];
  concept: string;
  /** The definition's one field, and rich text: it takes the instance's whole content (Candidate.sole). */
  sole: boolean;
}

/** Concepts in the order that decides a name's main meaning ("authorName" is an author, not a title). */
const CONCEPT_PRIORITY = ["alt", "site", "language", "canonical", "seo", "author", "role", "updated", "date", "label", "quote", "subtitle", "items", "image", "link", "price", "email", "phone", "title", "body", "category"];

const TYPE_CONCEPT: Partial<Record<FieldType, string>> = {
  image: "image",
  link: "link",
  richtext: "body",
  date: "date",
  list: "items",
  reference: "link",
  number: "price",
};

/** Concepts that only make sense for some field types. */
const CONCEPT_TYPES: Record<string, readonly FieldType[]> = {
  image: ["image"],
  link: ["link", "reference"],
  alt: ["text"],
  label: ["text"],
  author: ["text", "reference"],
  title: ["text", "richtext"],
  body: ["text", "richtext", "list"],
  subtitle: ["text", "richtext"],
  date: ["date", "text"],
  updated: ["date", "text"],
  site: ["text"],
  language: ["text"],
  canonical: ["link", "text"],
  items: ["list", "richtext", "text"],
};

export function targetSlot(field: FieldDefinition, index = 0, count = 1): TargetSlot {
  const ws = words(field.name);
  const dws = words(field.description ?? "");
  let concept = pickConcept(concepts(ws), field.type) ?? pickConcept(concepts(dws), field.type) ?? TYPE_CONCEPT[field.type] ?? "unknown";
  // A text field named after a link ("cta", "button") holds the link's label.
  if (field.type === "text" && concept === "link") concept = "label";
  return { field, rank: count > 1 ? index / (count - 1) : 0, words: ws, descriptionWords: dws, concept, sole: count === 1 && field.type === "richtext" };
}

function pickConcept(cs: Set<string>, type: FieldType): string | null {
  for (const c of CONCEPT_PRIORITY) {
    if (!cs.has(c)) continue;
    const allowed = CONCEPT_TYPES[c];
    if (allowed && !allowed.includes(type)) continue;
    return c;
  }
  return null;
}

/**
 * Page-level concepts a value must be known to stand for: only the metadata layer's values for the
 * same concept fill them. A headline is never a site name, a publication date never the last change.
 */
const STRICT_PAGE_CONCEPTS = new Set(["site", "author", "date", "updated", "language", "canonical"]);

/** Whether a page-level candidate may fill a field of this concept at all. */
export function conceptAllowed(concept: string, c: Candidate): boolean {
  if (!c.roleHint || !STRICT_PAGE_CONCEPTS.has(concept)) return true;
  return (c.roleHint[concept] ?? 0) > 0;
}

/** Can a candidate's value fill a field of this type, 0..1 (0: never). */
export function typeCompatibility(type: FieldType, c: Candidate): number {
  // A paragraph that is only a link is the link's label, already a candidate of its own.
  if (c.linkOnly && (type === "text" || type === "richtext")) return 0.3;
  switch (type) {
    case "text":
      if (c.kind === "text") return 1;
      if (c.kind === "richtext") return c.blocks <= 1 && c.length <= 200 ? 0.8 : 0.5;
      if (c.kind === "number") return 0.9;
      if (c.kind === "date") return 0.7;
      if (c.kind === "list") return 0.2;
      if (c.kind === "boolean") return 0.3;
      return c.kind === "link" ? 0.1 : 0;
    case "richtext":
      if (c.kind === "richtext") return 1;
      // One paragraph of plain text is perfectly good rich text; a short label less so.
      if (c.kind === "text") return c.sentence || c.length > 60 ? 0.9 : 0.6;
      if (c.kind === "list") return 0.8;
      return c.kind === "date" || c.kind === "number" ? 0.2 : 0;
    case "image":
      if (c.kind === "image") return 1;
      return c.kind === "link" && /\.(png|jpe?g|gif|webp|avif|svg)(\?|$)/i.test(c.value) ? 0.3 : 0;
    case "link":
      if (c.kind === "link") return 1;
      if (c.kind === "text" && looksLikeUrl(c.value)) return 0.5;
      return c.kind === "image" ? 0.1 : 0;
    case "reference":
      if (c.kind === "link") return c.linkType === "internal" ? 0.9 : 0.5;
      return c.kind === "text" ? 0.2 : 0;
    case "list":
      if (c.kind === "list") return 1;
      if (c.kind === "richtext") return /<li\b/i.test(c.value) ? 0.6 : 0.1;
      return c.kind === "text" ? 0.2 : 0;
    case "date":
      if (c.kind === "date") return 1;
      return c.kind === "text" ? 0.15 : 0;
    case "number":
      if (c.kind === "number") return 1;
      return c.kind === "text" ? 0.2 : 0;
    case "boolean":
      return c.kind === "boolean" ? 1 : 0;
  }
}

/** Does the candidate look like what the field's concept usually holds, 0..1. */
export function roleScore(concept: string, c: Candidate): number {
  // A metadata value knows its meaning: it fills its own concept, with the strength of its sources.
  if (c.meta) {
    const own = c.meta.concept === concept && (METADATA_CONCEPTS as readonly string[]).includes(concept);
    return (c.roleHint?.[concept] ?? 0) * (own ? c.meta.strength : 1);
  }
  if (c.roleHint) return c.roleHint[concept] ?? 0.1;
  const short = c.length > 0 && c.length <= 120;
  const textual = c.kind === "text" || c.kind === "richtext";
  switch (concept) {
    case "title":
      if (c.part === "label" || c.part === "alt" || c.linkOnly) return 0.15;
      if (c.headingLevel) return c.headingLevel <= 3 ? 1 : 0.85;
      if (!textual || c.synthetic || c.members) return 0.05;
      if (c.sentence && !/\?$/.test(c.value.trim())) return 0.15;
      if (c.kind === "text" && short) return c.order <= 1 ? 0.55 : 0.4;
      return c.length > 200 ? 0.05 : 0.2;
    case "subtitle":
      if (c.part !== "value" || !textual || c.synthetic || c.linkOnly || c.members) return 0.05;
      if (c.headingLevel) return c.headingLevel >= 3 ? 0.45 : 0.3;
      if (c.length >= 15 && c.length <= 260 && c.blocks <= 1) return 0.65;
      return 0.15;
    case "body":
      if (c.part !== "value" || c.headingLevel || c.linkOnly) return 0.05;
      if (c.synthetic) return 0.4;
      if (c.kind === "richtext") return c.blocks >= 2 ? 1 : c.length > 80 ? 0.85 : c.length > 25 ? 0.6 : 0.2;
      if (c.kind === "text") return c.length > 120 ? 0.8 : c.sentence || c.length > 40 ? 0.6 : 0.15;
      return c.kind === "list" ? 0.6 : 0.05;
    case "image":
      return c.part === "src" ? 1 : 0;
    case "link":
      if (c.part !== "href" && c.kind !== "link") return 0;
      return c.isButton ? 1 : c.linkType === "anchor" ? 0.5 : 0.85;
    case "label":
      if (c.part === "label") return c.isButton ? 1 : 0.85;
      if (c.kind === "text" && c.length <= 40 && !c.headingLevel) return 0.3;
      return 0.05;
    case "date":
      return c.kind === "date" ? 1 : 0.05;
    case "author":
      if (c.part !== "value" || c.kind !== "text" || c.headingLevel) return c.part === "alt" && c.personName ? 0.3 : 0.05;
      if (c.personName) return 0.8;
      if (c.length <= 80) return c.inQuote ? 0.6 : 0.4;
      return 0.1;
    case "role":
      if (c.part !== "value" || c.kind !== "text" || c.length > 80 || c.headingLevel) return 0.05;
      return c.personName ? 0.2 : 0.45;
    case "quote":
      if (c.inQuote && c.part === "value" && c.length > 20) return 1;
      return textual && c.length > 40 && c.length < 600 && !c.headingLevel ? 0.45 : 0.05;
    case "items":
      if (c.kind === "list") return 1;
      return c.kind === "richtext" && /<li\b/i.test(c.value) ? 0.6 : 0.05;
    case "alt":
      return c.part === "alt" ? 1 : 0;
    case "price":
      return c.kind === "number" ? 1 : 0.05;
    case "email":
      return c.linkType === "mailto" ? 1 : 0.05;
    case "phone":
      return c.linkType === "tel" ? 1 : 0.05;
    case "category":
      return c.kind === "text" && c.length <= 30 && !c.headingLevel ? 0.45 : 0.05;
    case "seo":
      return c.words.some((w) => ["meta", "og", "document"].includes(w)) ? 0.85 : 0.2;
    case "site":
    case "language":
      return 0.05;
    case "updated":
      return c.kind === "date" ? 0.6 : 0.05;
    case "canonical":
      return c.kind === "link" ? 0.5 : 0.05;
    default:
      return 0.3;
  }
}

/** The facts behind one (target field, candidate) pair. */
export interface PairFeatures {
  compat: number;
  name: number;
  role: number;
  synthetic: number;
  position: number;
  /** The score the assignment maximises. */
  raw: number;
}

export function pairFeatures(slot: TargetSlot, c: Candidate): PairFeatures {
  // Alternative text describes an image; it is content of an "alt" field and rarely of anything else.
  // An instance's whole content fills a definition's one rich-text field, and nothing else.
  const compat = c.sole && !slot.sole ? 0 : conceptAllowed(slot.concept, c) ? typeCompatibility(slot.field.type, c) * (c.part === "alt" && slot.concept !== "alt" ? 0.4 : 1) : 0;
  const name = Math.max(nameSimilarity(slot.words, c.words), 0.6 * nameSimilarity(slot.descriptionWords, c.words));
  const role = roleScore(slot.concept, c);
  const synthetic = c.synthetic ? 1 : 0;
  // Fields are usually defined in the order their content appears: a weak prior that breaks ties
  // between look-alikes (a person's name before their company).
  const position = c.rank === undefined ? 0.5 : 1 - Math.abs(slot.rank - c.rank);
  // Of two text runs that fit equally, the one that leaves less content behind wins; the instance's
  // whole content leaves nothing (its images and headings too).
  const coverage = 0.005 * (c.members?.length ?? 0) + (c.sole ? 0.001 : 0);
  const raw = compat === 0 ? 0 : compat * (0.1 + 0.45 * name + 0.45 * role) + 0.04 * position + coverage - 0.25 * synthetic;
  return { compat, name, role, synthetic, position, raw };
}

/** Human-readable reasons for a pair, shown to reviewers as evidence. */
export function describePair(slot: TargetSlot, c: Candidate, f: PairFeatures): string[] {
  const out: string[] = [];
  if (c.meta) out.push(`from ${c.meta.provenance}`);
  out.push(`source ${c.name} (${c.kind}${c.headingLevel ? `, h${c.headingLevel}` : ""}${c.length ? `, ${c.length} chars` : ""})`);
  if (f.name >= 0.5) out.push(`name matches "${slot.field.name}" (${f.name.toFixed(2)})`);
  if (f.role >= 0.6) out.push(`content looks like a ${slot.concept}`);
  out.push(`type ${c.kind} → ${slot.field.type}${f.compat < 1 ? " (converted)" : ""}`);
  if (c.synthetic) out.push("whole instance used: no narrower source value");
  if (c.sole) out.push(c.name === INSTANCE_CONTENT ? "the instance's whole content: its images and headings stay in it" : "the page's main content, which this instance holds: its images and headings stay in it");
  return out;
}
