/**
 * Runs of an instance's paragraphs, lists and sub-headings joined into one rich-text candidate, for
 * body text that has no wrapper the extractor could call rich text (see `instanceCandidates`).
 */
import type { SourceField } from "../contracts/extraction";
import { escapeText } from "../lib/escape";
import type { Candidate } from "./candidates";
import { normalizeSpace, stripTags } from "./text";

/** Whether a paragraph's text is nothing but the links inside it ("Learn more", two buttons). */
export function isLinkOnly(fields: readonly SourceField[], index: number): boolean {
  const field = fields[index];
  if (field.kind !== "richtext" && field.kind !== "text") return false;
  const text = normalizeSpace(field.kind === "richtext" ? stripTags(field.value) : field.value);
  if (!text) return false;
  const inner = `${field.selector} >`;
  const labels: string[] = [];
  for (let k = index + 1; k < fields.length && fields[k].selector.startsWith(inner); k++) {
    if (fields[k].kind === "link") labels.push(normalizeSpace(String(fields[k].attrs?.text ?? "")));
  }
  return labels.length > 0 && normalizeSpace(labels.join(" ")) === text;
}

const PROSE_TAGS = new Set(["p", "ul", "ol", "blockquote", "pre", "h2", "h3", "h4", "h5", "h6", "table", "dl"]);

function fieldTag(field: SourceField): string {
  const tag = field.attrs?.tag;
  return typeof tag === "string" ? tag.toLowerCase() : "";
}

function proseHtml(field: SourceField, tag: string): string {
  if (field.kind === "list") {
    let items: unknown = [];
    try {
      items = JSON.parse(field.value);
    } catch {
      items = [field.value];
    }
    const lis = (Array.isArray(items) ? items : []).map((i) => `<li>${escapeText(String(i))}</li>`).join("");
    return `<${tag === "ol" ? "ol" : "ul"}>${lis}</${tag === "ol" ? "ol" : "ul"}>`;
  }
  const inner = field.kind === "richtext" ? field.value : escapeText(field.value);
  if (/^h[2-6]$/.test(tag)) return `<${tag}>${inner}</${tag}>`;
  if (tag === "blockquote") return `<blockquote><p>${inner}</p></blockquote>`;
  return `<p>${inner}</p>`;
}

/**
 * Body text is often several sibling paragraphs, lists and sub-headings with no wrapper the
 * extractor could call rich text. This joins them into one rich-text candidate. Paragraphs that
 * are only a link (a call to action) stay out. A heading before the first paragraph is either the
 * component's title or the start of its text: both versions are offered, and the assignment picks
 * the one that fits the definition (a title field takes the heading, else the text keeps it).
 */
export function proseCandidates(fields: readonly SourceField[], cands: readonly Candidate[]): Candidate[] {
  const members: number[] = [];
  const parts: string[] = [];
  let length = 0;
  let seenParagraph = false;
  let lead: { member: number; html: string; length: number } | null = null;
  fields.forEach((field, sourceIndex) => {
    const tag = fieldTag(field);
    if (!PROSE_TAGS.has(tag) || !["text", "richtext", "list"].includes(field.kind)) return;
    const isHeading = /^h[2-6]$/.test(tag);
    const text = field.kind === "richtext" ? stripTags(field.value) : normalizeSpace(field.value);
    if (isLinkOnly(fields, sourceIndex)) return;
    const ci = cands.findIndex((c) => c.sourceIndex === sourceIndex && c.part === "value");
    if (isHeading && !seenParagraph) {
      if (!lead && members.length === 0 && ci >= 0) lead = { member: ci, html: proseHtml(field, tag), length: text.length };
      return;
    }
    if (!isHeading) seenParagraph = true;
    if (ci >= 0) members.push(ci);
    parts.push(proseHtml(field, tag));
    length += text.length;
  });
  const out: Candidate[] = [];
  const make = (name: string, ms: number[], html: string, len: number): Candidate => ({
    sourceIndex: -1,
    part: "value",
    kind: "richtext",
    value: html,
    name,
    selector: cands[ms[0]].selector,
    // A run is named by what its paragraphs are named by (a Drupal "field--name-field-answer" wrapper).
    words: [...new Set(["text", "body", ...ms.flatMap((m) => cands[m].words)])],
    order: cands.length + out.length,
    headingLevel: null,
    length: len,
    blocks: ms.length,
    isButton: false,
    linkType: null,
    inQuote: false,
    synthetic: false,
    members: ms,
  });
  if (members.length >= 2) out.push(make("(text blocks)", members, parts.join(""), length));
  if (lead && members.length >= 1) {
    const l: { member: number; html: string; length: number } = lead;
    out.push(make("(heading and text blocks)", [l.member, ...members], l.html + parts.join(""), l.length + length));
  }
  return out;
}
