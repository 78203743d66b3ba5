/**
 * The fields a detected structure would have, read from its instances' markup: headings become a
 * title (and subtitle), images an image, paragraphs text (rich text when there are several), links a
 * link and its label, dates a date, lists a list.
 */
import type { FieldDefinition, FieldType } from "../../contracts/definitions";
import type { StructureKind } from "../../contracts/mapping";

const SKIP = new Set(["script", "style", "noscript", "template", "svg", "iframe", "nav"]);
const BUTTON = /(^|[\s_-])(btn|button|cta|action)([\s_-]|$)/i;

export interface Observed {
  headings: number;
  images: number;
  paragraphs: number;
  links: number;
  buttons: number;
  dates: number;
  lists: number;
  quotes: number;
  summaries: number;
  inputs: string[];
  textLength: number;
}

const tagOf = (el: Element) => el.tagName.toLowerCase();

/** Counts what an instance holds. */
export function observe(root: Element): Observed {
  const o: Observed = { headings: 0, images: 0, paragraphs: 0, links: 0, buttons: 0, dates: 0, lists: 0, quotes: 0, summaries: 0, inputs: [], textLength: 0 };
  const visit = (el: Element) => {
    const tag = tagOf(el);
    if (SKIP.has(tag)) return;
    if (/^h[1-6]$/.test(tag)) o.headings++;
    else if (tag === "img") o.images++;
    else if (tag === "p") o.paragraphs++;
    else if (tag === "a" && el.getAttribute("href")) {
      o.links++;
      if (BUTTON.test(el.getAttribute("class") ?? "")) o.buttons++;
    } else if (tag === "time") o.dates++;
    else if (tag === "ul" || tag === "ol") o.lists++;
    else if (tag === "blockquote") o.quotes++;
    else if (tag === "summary") o.summaries++;
    else if (tag === "input" || tag === "textarea" || tag === "select") {
      const type = (el.getAttribute("type") ?? "").toLowerCase();
      if (!["hidden", "submit", "button", "reset"].includes(type)) o.inputs.push(el.getAttribute("name") || el.getAttribute("id") || type || tag);
    }
    for (const child of Array.from(el.children)) visit(child);
  };
  visit(root);
  o.textLength = (root.textContent ?? "").replace(/\s+/g, " ").trim().length;
  return o;
}

function field(name: string, type: FieldType, required: boolean, description = ""): FieldDefinition {
  return { name, type, required, description };
}

function fieldName(raw: string): string {
  const cleaned = raw.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : "")).replace(/^[^A-Za-z]+/, "");
  return cleaned ? cleaned[0].toLowerCase() + cleaned.slice(1) : "field";
}

/**
 * Fields for a structure kind from what all instances hold: a part every instance has is required,
 * a part only some have is optional.
 */
export function fieldsFor(kind: StructureKind, all: readonly Observed[]): FieldDefinition[] {
  const every = (k: keyof Omit<Observed, "inputs" | "textLength">, n = 1) => all.every((o) => o[k] >= n);
  const some = (k: keyof Omit<Observed, "inputs" | "textLength">, n = 1) => all.some((o) => o[k] >= n);
  const out: FieldDefinition[] = [];
  switch (kind) {
    case "accordion":
      out.push(field("question", "text", true), field("answer", "richtext", true));
      break;
    case "quote":
      out.push(field("quote", "text", true), field("author", "text", false, "Who said it"));
      if (some("images")) out.push(field("photo", "image", false));
      break;
    case "form":
      out.push(field("title", "text", false));
      for (const name of [...new Set(all.flatMap((o) => o.inputs))].slice(0, 20)) out.push(field(fieldName(name), "text", false, `Form input "${name}"`));
      break;
    case "list":
      if (some("headings")) out.push(field("title", "text", every("headings")));
      out.push(field("items", "list", true));
      break;
    case "gallery":
      out.push(field("image", "image", true), field("caption", "text", false));
      break;
    case "text":
      if (some("headings")) out.push(field("heading", "text", false));
      out.push(field("body", "richtext", true));
      break;
    default: {
      // hero, card, teaser, text-media, cta
      if (some("images") && kind !== "cta") out.push(field("image", "image", every("images")));
      if (some("headings")) out.push(field("title", "text", every("headings")));
      if (some("headings", 2) || (kind === "hero" && some("paragraphs") && !some("paragraphs", 3))) out.push(field("subtitle", "text", false));
      if (some("dates")) out.push(field("date", "date", every("dates")));
      if (some("paragraphs", 2) || kind === "text-media") out.push(field("text", "richtext", every("paragraphs")));
      else if (some("paragraphs") && kind !== "hero") out.push(field("text", "text", every("paragraphs")));
      if (some("lists")) out.push(field("items", "list", false));
      if (some("links")) {
        out.push(field(kind === "hero" || kind === "cta" ? "ctaLabel" : "linkText", "text", false));
        out.push(field(kind === "hero" || kind === "cta" ? "ctaLink" : "link", "link", every("links")));
      }
    }
  }
  return out;
}
