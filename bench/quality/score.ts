/**
 * How the quality benchmark decides whether a value is right. Values are compared the way a reviewer
 * would accept them: text without case, spacing and surrounding punctuation; authors as a set of names;
 * dates by their day; languages by their primary subtag.
 */
import { decodeHTML } from "entities";
import { parseHTML } from "linkedom";
import type { TruthFields } from "./corpus";

export type FieldName = keyof TruthFields;

const norm = (s: string) =>
  s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[‘’‚‛]/g, "'")
    .replace(/[“”„‟«»]/g, '"')
    .replace(/[‐‑‒–—―]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[\s"'.,:;!?-]+|[\s"'.,:;!?-]+$/g, "");

function names(s: string): string[] {
  return s
    .split(/\s*(?:;|,|&|\band\b|\bund\b|\bet\b|\by\b)\s*/i)
    .map(norm)
    .filter(Boolean)
    .sort();
}

/** Whether a proposed value matches the truth. An empty truth means the page has no such value. */
export function sameField(field: FieldName, truth: string, value: string | null): boolean {
  const t = truth.trim();
  const v = (value ?? "").trim();
  if (!t || !v) return !t && !v;
  switch (field) {
    case "author":
      return names(t).join("|") === names(v).join("|");
    case "datePublished":
      return t.slice(0, 10) === v.slice(0, 10);
    case "language":
      return t.toLowerCase().split(/[-_]/)[0] === v.toLowerCase().split(/[-_]/)[0];
    default:
      return norm(t) === norm(v);
  }
}

export interface SnippetCounts {
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}

/**
 * Snippet scoring, as open-source extraction evaluations with `with`/`without` annotations do: a
 * `with` snippet found is a true positive, missed a false negative; a `without` snippet found is a
 * false positive, left out a true negative.
 */
export function snippetCounts(text: string, withSnippets: readonly string[], withoutSnippets: readonly string[]): SnippetCounts {
  const tp = foundSnippets(text, withSnippets).length;
  const fp = foundSnippets(text, withoutSnippets).length;
  return { tp, fn: withSnippets.length - tp, fp, tn: withoutSnippets.length - fp };
}

/** The snippets `text` contains, spaces collapsed on both sides. */
export function foundSnippets(text: string, snippets: readonly string[]): string[] {
  const hay = text.replace(/\s+/g, " ");
  return snippets.filter((s) => hay.includes(s.replace(/\s+/g, " ").trim()));
}

/** Elements that hold a figure's caption or its credit line, by tag or by class. */
const CAPTION = /(?:^|[^a-z])(?:caption|figcaption|credit|credits|bildunterschrift|legende|leyenda|didascalia|imagedescription|image-description|img-desc|photo-credit|copyright)/i;

/**
 * Which of `snippets` the page shows as a figure's caption or credit: the innermost element holding the
 * snippet is, or lies in, a <figcaption> or <caption>, or an element whose class or id names a caption
 * or a credit. The issue keeps captions in the main content; a corpus that marks them "without" disagrees.
 */
export function captionSnippets(html: string, snippets: readonly string[]): string[] {
  if (!snippets.length) return [];
  const { document } = parseHTML(html) as unknown as { document: Document };
  const lower = (x: string) => x.replace(/\s+/g, " ").trim().toLowerCase();
  const all = Array.from(document.querySelectorAll("body *"));
  return snippets.filter((snippet) => {
    const key = lower(snippet).slice(0, 60);
    let inner: Element | null = null;
    for (const el of all) if (lower(el.textContent ?? "").includes(key)) inner = el; // document order: the last holder is the innermost
    for (let el = inner; el && el.tagName !== "BODY"; el = el.parentElement) {
      const tag = el.tagName.toLowerCase();
      if (tag === "figcaption" || tag === "caption") return true;
      if (CAPTION.test(`${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`.replace(/([a-z])([A-Z])/g, "$1-$2").replace(/_/g, "-"))) return true;
    }
    return false;
  });
}

export function prf(tp: number, fp: number, fn: number): { precision: number; recall: number; f1: number } {
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

const LOCALES = ["en", "de", "fr", "es", "it", "nl", "pt"];

/** The ways a page may write a day: numeric forms, and with month names in the corpus's languages. */
function dayForms(iso: string): string[] {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return [iso];
  const [, y, mo, d] = m;
  const D = String(Number(d));
  const M = String(Number(mo));
  const forms = [`${y}-${mo}-${d}`, `${d}.${mo}.${y}`, `${D}.${M}.${y}`, `${d}.${mo}.${y.slice(2)}`, `${d}/${mo}/${y}`, `${D}/${M}/${y}`, `${mo}/${d}/${y}`, `${M}/${D}/${y}`, `${y}/${mo}/${d}`, `${y}${mo}${d}`];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  for (const locale of LOCALES) {
    for (const month of ["long", "short"] as const) {
      const name = new Intl.DateTimeFormat(locale, { month, timeZone: "UTC" }).format(date).replace(/\.$/, "");
      forms.push(`${D}. ${name} ${y}`, `${D} ${name} ${y}`, `${name} ${D}, ${y}`, `${name} ${d}, ${y}`, `${D} de ${name} de ${y}`);
    }
  }
  return forms.map((f) => f.toLowerCase());
}

/**
 * Whether the page's HTML holds a label's value anywhere (text, attributes, structured data): a label
 * the page does not contain was not read off it, and no extractor can reach it. Used to audit the
 * labels behind wrong values, never to score.
 */
export function labelInPage(field: FieldName, truth: string, html: string): boolean {
  const hay = decodeHTML(html).replace(/\s+/g, " ").toLowerCase();
  if (field === "datePublished") return dayForms(truth.trim()).some((f) => hay.includes(f));
  const parts = field === "author" ? truth.split(/\s*;\s*/) : [truth];
  return parts.every((p) => hay.includes(p.replace(/\s+/g, " ").trim().toLowerCase().replace(/[\s.]+$/, "")));
}

/**
 * The article-extraction benchmark's comparison of an extracted body with the truth: both texts cut
 * into word tokens (`\w+`, case kept) and then into shingles of four consecutive tokens, compared as
 * multisets. Returns the shingles in both (tp), only in the extraction (fp) and only in the truth (fn).
 */
export function shingleCounts(extracted: string, truth: string, n = 4): { tp: number; fp: number; fn: number } {
  const shingles = (text: string) => {
    const words = text.match(/[\p{L}\p{N}_]+/gu) ?? [];
    const bag = new Map<string, number>();
    for (let i = 0; i < Math.max(1, words.length - n + 1); i++) {
      const key = words.slice(i, i + n).join(" ");
      if (key) bag.set(key, (bag.get(key) ?? 0) + 1);
    }
    return bag;
  };
  const t = shingles(truth);
  const p = shingles(extracted);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const key of new Set([...t.keys(), ...p.keys()])) {
    const a = t.get(key) ?? 0;
    const b = p.get(key) ?? 0;
    tp += Math.min(a, b);
    fp += Math.max(0, b - a);
    fn += Math.max(0, a - b);
  }
  return { tp, fp, fn };
}

/**
 * Precision and recall averaged over pages, and F1 of the two averages, as the article-extraction
 * benchmark reports them: a page where both texts are empty counts 1; a page where the extraction is
 * empty has no precision, one whose truth is empty has no recall.
 */
export function benchmarkScore(pages: ReadonlyArray<{ tp: number; fp: number; fn: number }>): { precision: number; recall: number; f1: number } {
  const score = (tp: number, wrong: number, fp: number, fn: number) => (fp === 0 && fn === 0 ? 1 : tp === 0 && wrong === 0 ? 0 : tp / (tp + wrong));
  const ps = pages.filter((c) => c.tp + c.fp > 0).map((c) => score(c.tp, c.fp, c.fp, c.fn));
  const rs = pages.filter((c) => c.tp + c.fn > 0).map((c) => score(c.tp, c.fn, c.fp, c.fn));
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const precision = mean(ps);
  const recall = mean(rs);
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}
