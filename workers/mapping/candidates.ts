import type { Box, ComponentInstance, PageExtraction, SourceField } from "../contracts/extraction";
import { tokens } from "../crawl/main-content/tokens";
import { isLinkOnly, proseCandidates } from "./prose-candidates";
import { looksLikeDate, looksLikeNumber, normalizeSpace, stripTags, words } from "./text";

/** The part of a source field a candidate stands for: a link gives its address and its label. */
export type CandidatePart = "value" | "href" | "label" | "src" | "alt";

/** The effective shape of a candidate's value. */
export type CandidateKind = SourceField["kind"];

/**
 * One value a target field could take, with the facts the deterministic mapper scores:
 * names and classes, what the content looks like, and where it sits.
 */
export interface Candidate {
  /** Index of the source field in the instance; -1 for values of the instance or the page itself. */
  sourceIndex: number;
  part: CandidatePart;
  kind: CandidateKind;
  value: string;
  /** Source name with the part: "cta#label". */
  name: string;
  selector: string;
  /** Words of the name, selector classes and attributes. */
  words: string[];
  /** Position among the instance's candidates, in document order. */
  order: number;
  headingLevel: number | null;
  /** Length of the plain text. */
  length: number;
  /** Number of block elements (paragraphs, list items) in rich text. */
  blocks: number;
  isButton: boolean;
  linkType: "internal" | "external" | "mailto" | "tel" | "anchor" | null;
  inQuote: boolean;
  /** A synthetic candidate (the whole instance, the page body) is a fallback. */
  synthetic: boolean;
  /** A paragraph that only holds links: a call to action, not prose. */
  linkOnly?: boolean;
  /** Reads as a sentence (ends with . ! or ?, several words): body text rather than a title or label. */
  sentence?: boolean;
  /** Looks like a person's name: two to four capitalised words, nothing else. */
  personName?: boolean;
  /** Position among the candidates, 0 (first) to 1 (last). */
  rank?: number;
  /** Candidates this one contains (the paragraphs of a text run): they cannot be used beside it. */
  members?: number[];
  /** Fixed role scores by concept, for page-level values whose role is known (the meta description). */
  roleHint?: Record<string, number>;
  /** A page-level value from the metadata layer: how much its sources say for it. */
  meta?: MetaEvidence;
  /** The value itself is doubtful, whatever it is mapped to: no proposal of it claims more than `maxConfidence`. */
  doubt?: { maxConfidence: number; why: string };
  /**
   * The instance's whole content (see wholeContent): offered only to a definition whose one field is
   * rich text, which then carries everything the instance holds, images and headings included.
   */
  sole?: boolean;
  /** Doubtful only as a value of one field type (a page's one-line description as its rich-text body). */
  doubtAs?: Partial<Record<string, { maxConfidence: number; why: string }>>;
}

/**
 * A confidence within what the candidate's own doubt allows (see Candidate.doubt and doubtAs, for a
 * field of `fieldType`), with the reason to add to the evidence when the doubt lowered it. Every layer
 * that proposes or backs a value applies it.
 */
export function withinDoubt(c: Candidate | null | undefined, confidence: number, fieldType?: string): { confidence: number; why: string | null } {
  const doubts = [c?.doubt, fieldType ? c?.doubtAs?.[fieldType] : undefined].filter((d): d is { maxConfidence: number; why: string } => d !== undefined);
  const tightest = doubts.sort((a, b) => a.maxConfidence - b.maxConfidence)[0];
  if (!tightest || confidence <= tightest.maxConfidence) return { confidence, why: null };
  return { confidence: tightest.maxConfidence, why: tightest.why };
}

/** What the metadata layer found for one page-level value (workers/crawl/metadata.ts). */
export interface MetaEvidence {
  /** The concept the value stands for: a title never fills a site name (see scoring.ts). */
  concept: string;
  provenance: string;
  /** Strength of the best source, 0..1. */
  strength: number;
  /** Other, independent sources that state the same value. */
  agreeing: string[];
  /** The strongest source that states another value, if any. */
  rival: { value: string; provenance: string; strength: number } | null;
  /**
   * For an author from the page's markup: the byline the page shows, where it names someone else
   * ("Von Matthias Lauerer" under a JSON-LD author "Isabell Angele", the writer and the uploader).
   */
  shownRival: { value: string; provenance: string } | null;
  /** The strongest source that states a longer or shorter form of the value (a headline with its kicker), if any. */
  variant: { value: string; provenance: string; strength: number; longer: boolean } | null;
  box: Box | null;
  /** What the value looks like, where that says something about it ("author:account"): see valueShape. */
  shape: string[];
}

const BUTTON_WORDS = new Set(["btn", "button", "cta", "action"]);

function attrString(attrs: SourceField["attrs"], key: string): string {
  const v = attrs?.[key];
  return typeof v === "string" ? v : "";
}

function attrNumber(attrs: SourceField["attrs"], key: string): number | null {
  const v = attrs?.[key];
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^\d+$/.test(v)) return Number(v);
  return null;
}

function headingLevelOf(field: SourceField): number | null {
  const level = attrNumber(field.attrs, "level") ?? attrNumber(field.attrs, "headingLevel");
  if (level) return level;
  const tag = attrString(field.attrs, "tag").toLowerCase();
  const m = /^h([1-6])$/.exec(tag) ?? /(?:^|[\s>])h([1-6])(?:[.#:\[\s]|$)/.exec(field.selector.split(">").pop() ?? "");
  return m ? Number(m[1]) : null;
}

function linkTypeOf(href: string, attrs: SourceField["attrs"]): Candidate["linkType"] {
  if (/^mailto:/i.test(href)) return "mailto";
  if (/^tel:/i.test(href)) return "tel";
  if (href.startsWith("#")) return "anchor";
  const internal = attrs?.internal;
  if (typeof internal === "boolean") return internal ? "internal" : "external";
  return /^https?:\/\//i.test(href) ? "external" : "internal";
}

export function blockCount(html: string): number {
  return (html.match(/<(p|li|h[1-6]|blockquote|tr|dd|dt)\b/gi) ?? []).length;
}

function attrWords(attrs: SourceField["attrs"]): string[] {
  if (!attrs) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(attrs)) {
    // Attribute values that are prose (alt text, link text) would flood the name words.
    if (["role", "tag", "class", "itemprop", "property", "type", "name", "rel"].includes(k) && typeof v === "string") out.push(...words(v));
  }
  return out;
}

function selectorWords(selector: string): string[] {
  // The last two steps of the path describe the element; earlier steps describe the instance.
  const steps = selector.split(/\s*>\s*|\s+/).slice(-2).join(" ");
  // "p.d-grid.gap-2" → "p d-grid gap-2": classes one by one, so utility classes can be told apart.
  return words(steps.replace(/:nth-(child|of-type)\(\d+\)/g, "").replace(/[.#]/g, " "));
}

/** The name of the candidate that proposes a page's main content as a body (of a template, or of the component that holds it). */
export const MAIN_CONTENT_BODY = "main content body";

/** The name of the candidate that proposes an instance's whole markup as the one rich-text field of its component. */
export const INSTANCE_CONTENT = "(instance content)";

/** What of its page an instance's candidates may use: the page's main content, where the instance holds it. */
export type InstancePage = Pick<PageExtraction, "mainHtml" | "mainText">;

/**
 * Turns an instance's source fields into candidates: links and images give two each. With the page,
 * the instance's whole content is a candidate too, for a definition whose one field is rich text.
 */
export function instanceCandidates(instance: ComponentInstance, page?: InstancePage): Candidate[] {
  const out: Candidate[] = [];
  const inQuoteInstance = /<blockquote\b/i.test(instance.html);
  instance.fields.forEach((field, sourceIndex) => {
    const base = [...words(field.name), ...selectorWords(field.selector), ...attrWords(field.attrs)];
    const isButton = base.some((w) => BUTTON_WORDS.has(w));
    const common = {
      sourceIndex,
      selector: field.selector,
      order: 0,
      headingLevel: headingLevelOf(field),
      isButton,
      inQuote: inQuoteInstance && /blockquote|quote/i.test(field.selector + " " + field.name),
      synthetic: false,
    };
    if (field.kind === "link") {
      const label = attrString(field.attrs, "text") || attrString(field.attrs, "label") || attrString(field.attrs, "title");
      const type = linkTypeOf(field.value, field.attrs);
      out.push({ ...common, part: "href", kind: "link", value: field.value, name: `${field.name}#href`, words: [...base, "href", "url"], length: field.value.length, blocks: 0, linkType: type });
      if (label) out.push({ ...common, part: "label", kind: "text", value: label, name: `${field.name}#label`, words: [...base, "label"], length: label.length, blocks: 0, linkType: type, headingLevel: null });
      return;
    }
    if (field.kind === "image") {
      const alt = attrString(field.attrs, "alt");
      out.push({ ...common, part: "src", kind: "image", value: field.value, name: `${field.name}#src`, words: [...base, "src"], length: 0, blocks: 0, linkType: null, headingLevel: null });
      if (alt) out.push({ ...common, part: "alt", kind: "text", value: alt, name: `${field.name}#alt`, words: [...base, "alt"], length: alt.length, blocks: 0, linkType: null, headingLevel: null });
      return;
    }
    const plain = field.kind === "richtext" ? stripTags(field.value) : normalizeSpace(field.value);
    const kind = refineKind(field.kind, plain);
    out.push({ ...common, part: "value", kind, value: field.value, name: field.name, words: base, length: plain.length, blocks: field.kind === "richtext" ? blockCount(field.value) : 0, linkType: null });
  });
  out.forEach((c, i) => {
    c.order = i;
    c.rank = out.length > 1 ? i / (out.length - 1) : 0;
    if (c.sourceIndex >= 0 && c.part === "value") {
      c.linkOnly = isLinkOnly(instance.fields, c.sourceIndex);
      c.sentence = isSentence(c.kind === "richtext" ? stripTags(c.value) : c.value);
      c.personName = c.kind === "text" && PERSON_NAME.test(normalizeSpace(c.value));
    }
  });
  out.push(...proseCandidates(instance.fields, out));
  // The whole instance is a candidate only when nothing narrower holds text (a bare text block).
  const hasText = out.some((c) => c.part === "value" && (c.kind === "text" || c.kind === "richtext" || c.kind === "list"));
  if (instance.html && !hasText) {
    out.push({
      sourceIndex: -1,
      part: "value",
      kind: "richtext",
      value: instance.html,
      name: "(instance)",
      selector: instance.path,
      words: ["content"],
      order: out.length,
      headingLevel: null,
      length: instance.text.length,
      blocks: blockCount(instance.html),
      isButton: false,
      linkType: null,
      inQuote: false,
      synthetic: true,
    });
  }
  const whole = wholeContent(instance, page, out);
  if (whole) out.push(whole);
  return out;
}

/** At least this share of the main text's words must be in the instance for it to hold the main content. */
const HOLDS_MAIN = 0.9;
/** A main text shorter than this (in words) is no article to prefer over the instance's own markup. */
const MIN_MAIN_WORDS = 30;
/**
 * An instance with no more than this many words per word of the main content is the main content: its
 * own markup is the value, as the site defines it, with nothing an extraction could have got wrong.
 */
const SAME_AS_MAIN = 1.1;

/** The main text's words, read once per page however many instances it has. */
const mainWords = new WeakMap<InstancePage, string[]>();

/**
 * Whether an instance holds the page's main content and more besides (sidebars, share bars, teasers):
 * nearly every word of the main text is in it, and it has a tenth more words than the main text.
 */
function holdsMainContent(instance: Pick<ComponentInstance, "text">, page: InstancePage): boolean {
  let main = mainWords.get(page);
  if (!main) mainWords.set(page, (main = tokens(page.mainText)));
  if (main.length < MIN_MAIN_WORDS) return false;
  const own = tokens(instance.text);
  if (own.length <= SAME_AS_MAIN * main.length) return false;
  const set = new Set(own);
  return main.filter((w) => set.has(w)).length >= HOLDS_MAIN * main.length;
}

/**
 * The instance's whole content as one rich-text value, for a definition whose one field is rich text
 * (an "Article" of a body, a "Rich text" block): its images, headings, lists and tables stay in it, in
 * their order, which a run of paragraphs loses. Where the instance holds the page's main content and more
 * (a <main> with a sidebar), the main content is the value: the instance's content without what the
 * main-content filter dropped; it carries the main content's doubt (see componentCandidates in
 * page-candidates.ts). Elsewhere (an article that is the main content, a rich-text block inside it) the
 * instance's own markup is the value. It contains every other candidate, so none is used beside it.
 */
function wholeContent(instance: ComponentInstance, page: InstancePage | undefined, cands: readonly Candidate[]): Candidate | null {
  if (!page || !instance.html || !instance.text.trim()) return null;
  const main = Boolean(page.mainHtml) && holdsMainContent(instance, page);
  const value = main ? page.mainHtml : instance.html;
  const members = cands.flatMap((c, i) => (c.sourceIndex >= 0 ? [i] : []));
  if (members.length === 0) return null;
  return {
    sourceIndex: -1,
    part: "value",
    kind: "richtext",
    value,
    name: main ? MAIN_CONTENT_BODY : INSTANCE_CONTENT,
    selector: instance.path,
    // Named like a run of its paragraphs, by what its parts are named by.
    words: [...new Set(["text", "body", "content", ...members.flatMap((m) => cands[m].words)])],
    order: cands.length,
    headingLevel: null,
    length: main ? page.mainText.length : instance.text.length,
    blocks: blockCount(value),
    isButton: false,
    linkType: null,
    inQuote: false,
    synthetic: false,
    sole: true,
    members,
  };
}

const PERSON_NAME = /^(dr\.?\s+|prof\.?\s+)?[A-ZÀ-Ý][a-zà-ÿ'’-]+(\s+(van|de|da|von|del|la|le|[A-ZÀ-Ý]\.?|[A-ZÀ-Ý][a-zà-ÿ'’.-]+)){1,3}$/;

export function isSentence(text: string): boolean {
  const t = normalizeSpace(text);
  return /[.!?…]["”’)]?$/.test(t) && t.split(" ").length >= 4;
}

/** Text values that are really dates or numbers are scored as such. */
export function refineKind(kind: CandidateKind, plain: string): CandidateKind {
  if (kind !== "text") return kind;
  if (looksLikeDate(plain)) return "date";
  if (looksLikeNumber(plain)) return "number";
  return kind;
}
