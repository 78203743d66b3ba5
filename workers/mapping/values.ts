import type { FieldType } from "../contracts/definitions";
import type { ProposalValue } from "../contracts/mapping";
import type { Candidate } from "./candidates";
import { isoDay } from "../crawl/metadata/dates";
import { escapeText } from "../lib/escape";
import { normalizeSpace, stripTags } from "./text";

function absolute(url: string, base: string): string {
  try {
    return new URL(url, base).toString();
  } catch {
    return url;
  }
}

function parseList(c: Candidate): string[] {
  if (c.kind === "list") {
    try {
      const parsed: unknown = JSON.parse(c.value);
      if (Array.isArray(parsed)) return parsed.map((v) => (typeof v === "string" ? normalizeSpace(v) : JSON.stringify(v)));
    } catch {
      // Not JSON: one item per line.
    }
    return c.value.split(/\n+/).map(normalizeSpace).filter(Boolean);
  }
  const items = [...c.value.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => stripTags(m[1]));
  return items.length ? items : [stripTags(c.value)].filter(Boolean);
}

/**
 * Day-first or month-first for a numeric date like 03/01/2024: unambiguous when one part is above 12;
 * otherwise month-first only for US English pages ("en-US", or plain "en"), day-first everywhere else.
 */
function numericDate(v: string, language: string | null | undefined): string | null {
  const m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(v);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const monthFirst = b > 12 || (a <= 12 && /^en(-us)?$/i.test(language ?? ""));
  const [month, day] = monthFirst ? [a, b] : [b, a];
  return isoDay(String(year), String(month), String(day));
}

/** Normalises a date to YYYY-MM-DD when it can be read, else keeps the text. */
export function normalizeDate(value: string, language?: string | null): string {
  const v = normalizeSpace(value.replace(/^(published|posted|updated|on)\s*:?\s*/i, ""));
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(v);
  if (iso) return iso[1];
  const numeric = numericDate(v, language);
  if (numeric) return numeric;
  const t = Date.parse(v.replace(/(\d)(st|nd|rd|th)\b/, "$1"));
  if (!Number.isNaN(t)) {
    const d = new Date(t);
    // Date.parse reads "March 3, 2024" in local time; rebuild the calendar day without a zone shift.
    const y = d.getFullYear();
    const m = String(d.getMonth() + 1).padStart(2, "0");
    const day = String(d.getDate()).padStart(2, "0");
    return `${y}-${m}-${day}`;
  }
  return v;
}

/** The value a candidate gives a field of the target type (URLs made absolute against the page). */
export function convertValue(c: Candidate, type: FieldType, pageUrl: string, language?: string | null): ProposalValue {
  switch (type) {
    case "text":
      return c.kind === "richtext" ? stripTags(c.value) : normalizeSpace(c.kind === "list" ? parseList(c).join(", ") : c.value);
    case "richtext":
      if (c.kind === "richtext") return c.value.trim();
      if (c.kind === "list") return `<ul>${parseList(c).map((i) => `<li>${escapeText(i)}</li>`).join("")}</ul>`;
      return `<p>${escapeText(normalizeSpace(c.value))}</p>`;
    case "image":
    case "link":
    case "reference":
      return absolute(c.value.trim(), pageUrl);
    case "list":
      return parseList(c);
    case "date":
      return normalizeDate(c.kind === "richtext" ? stripTags(c.value) : c.value, language);
    case "number": {
      const n = Number(normalizeSpace(c.value).replace(/[^\d.-]/g, ""));
      return Number.isFinite(n) ? n : null;
    }
    case "boolean":
      return /^(true|yes|1|on)$/i.test(c.value.trim());
  }
}

/** Whether a value fits a field type: the gate every layer's answer passes (the LLM's above all). */
export function valueMatchesType(type: FieldType, value: ProposalValue): boolean {
  if (value === null) return true;
  switch (type) {
    case "text":
    case "richtext":
      return typeof value === "string";
    case "image":
    case "link":
    case "reference":
      return typeof value === "string" && /^(https?:\/\/|\/|mailto:|tel:|#)\S*$/i.test(value.trim());
    case "list":
      return Array.isArray(value);
    case "date":
      return typeof value === "string" && !Number.isNaN(Date.parse(value));
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
  }
}
