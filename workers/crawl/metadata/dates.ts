/**
 * Dates of page metadata as ISO 8601: "YYYY-MM-DD" when only the day is known, else the date-time as
 * the source gives it. Free text ("5. März 2024", "12 février 2024") is read with chrono in the
 * page's language.
 */
import * as chrono from "chrono-node";

/** Earliest plausible publication year: older dates are template defaults or birthdays. */
const MIN_YEAR = 1990;
const DAY_MS = 86_400_000;

interface DateParser {
  parse(text: string, ref?: Date, option?: chrono.ParsingOption): chrono.ParsedResult[];
}

const LOCALE_PARSERS: Record<string, DateParser> = {
  de: chrono.de.casual, fr: chrono.fr.casual, es: chrono.es.casual, nl: chrono.nl.casual, pt: chrono.pt.casual,
  ja: chrono.ja.casual, it: chrono.it.casual, ru: chrono.ru.casual, sv: chrono.sv.casual, fi: chrono.fi.casual,
  zh: chrono.zh.casual, uk: chrono.uk.casual,
};

/**
 * A page that declares no language: English first, then the languages whose month names the readers
 * know ("24. Juli 2017" on an Austrian page without a lang attribute).
 */
const UNDECLARED: DateParser[] = [chrono.en.casual, ...(["de", "fr", "es", "it", "nl", "pt"] as const).map((code) => LOCALE_PARSERS[code]!)];

/**
 * The language(s) free text is read in: a language tag, or several, first the one the page declares,
 * then the one its text is written in where that differs (a theme's lang="en" over a Spanish article).
 */
export type DateLanguage = string | readonly string[] | null;

/** Day-first English outside the US and Canada ("03/01/2024" is 3 January in en-GB). */
function parsersFor(language: DateLanguage): DateParser[] {
  if (typeof language !== "string" && language !== null) return [...new Set(language.flatMap((l) => parsersFor(l)))];
  if (!language) return UNDECLARED;
  const [primary = "en", region = ""] = language.toLowerCase().split("-");
  if (primary === "en") return [region && region !== "us" && region !== "ca" ? chrono.en.GB : chrono.en.casual];
  const local = LOCALE_PARSERS[primary];
  // Pages in other languages still print English dates often enough to try it second.
  return local ? [local, chrono.en.casual] : [chrono.en.GB];
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function offset(minutes: number): string {
  if (minutes === 0) return "Z";
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** ISO and near-ISO forms ("2024-03-05 10:00:00", "+0100"), kept as precise as given. */
function fromIso(raw: string): string | null {
  // A time zone's name in place of the T: "2018-11-28CET11:59:00+0100".
  const m = ISO.exec(raw.replace(/^(\d{4}-\d{2}-\d{2})[A-Z]{2,5}(?=\d{2}:\d{2})/, "$1T"));
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, tz] = m;
  const day = `${y}-${mo}-${d}`;
  if (h === undefined) return day;
  const zone = tz ? (tz.toUpperCase() === "Z" ? "Z" : tz.replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2")) : "";
  return `${day}T${h}:${mi}${s !== undefined ? `:${s}${frac ?? ""}` : ""}${zone}`;
}

/** Unix time in seconds or milliseconds, and compact "YYYYMMDD", which some meta tags carry. */
function fromNumber(raw: string): string | null {
  if (/^\d{8}$/.test(raw)) return `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6)}`;
  if (/^\d{10}$|^\d{13}$/.test(raw)) {
    const ms = raw.length === 10 ? Number(raw) * 1000 : Number(raw);
    return new Date(ms).toISOString().replace(/\.000Z$/, "Z");
  }
  return null;
}

/**
 * A chrono result as ISO. The year must be written in the text: relative or year-less dates
 * ("2 days ago", "March 5") depend on when the page was rendered, not when it was published.
 */
function fromChrono(result: chrono.ParsedResult): string | null {
  const c = result.start;
  const year = c.get("year");
  if (!year || !result.text.includes(String(year)) || !c.isCertain("month") || !c.isCertain("day")) return null;
  const day = `${pad(year, 4)}-${pad(c.get("month") ?? 1)}-${pad(c.get("day") ?? 1)}`;
  if (!c.isCertain("hour")) return day;
  const time = `T${pad(c.get("hour") ?? 0)}:${pad(c.get("minute") ?? 0)}:${pad(c.get("second") ?? 0)}`;
  const tz = c.isCertain("timezoneOffset") ? c.get("timezoneOffset") : null;
  return day + time + (tz === null || tz === undefined ? "" : offset(tz));
}

/**
 * "02.11.2021" is the 2nd of November wherever dots separate the parts (no locale writes the month
 * first with dots), though chrono's English parser reads it month first; with a time after it
 * ("12.10.2015, 19:16") too, which keeps its time.
 */
function dayFirst(result: chrono.ParsedResult): string | null {
  const m = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})(?!\d)(.*)$/.exec(result.text.trim());
  const day = m ? isoDay(m[3]!, m[2]!, m[1]!) : null;
  if (!day) return null;
  const full = m![4] ? fromChrono(result) : null;
  return full && full.length > 10 ? day + full.slice(10) : day;
}

/** "YYYY-MM-DD" of a day written as numbers, or null when the day or month is out of range. */
export function isoDay(year: string, month: string, day: string): string | null {
  if (Number(day) < 1 || Number(day) > 31 || Number(month) < 1 || Number(month) > 12) return null;
  return `${year}-${pad(Number(month))}-${pad(Number(day))}`;
}

/** The value's instant for plausibility checks (UTC when it has no zone). */
function instant(iso: string): number {
  const t = Date.parse(/T.*(Z|[+-]\d{2}:\d{2})$/.test(iso) || iso.length === 10 ? iso : `${iso}Z`);
  return t;
}

/** Not before 1990 and not more than a day after `now`, and a real calendar day. */
export function plausibleDate(iso: string, now: Date): boolean {
  const year = Number(iso.slice(0, 4));
  if (year < MIN_YEAR) return false;
  const t = instant(iso);
  if (Number.isNaN(t) || t > now.getTime() + DAY_MS) return false;
  // Date.parse rolls "2024-02-31" over; the calendar day must survive the round trip.
  return new Date(Date.UTC(year, Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)))).toISOString().slice(0, 10) === iso.slice(0, 10);
}

/**
 * A date stated by a meta tag, JSON-LD or a datetime attribute, as ISO; chrono reads the odd
 * formats. Null when unreadable or implausible.
 */
export function normalizeDate(raw: string | null | undefined, language: DateLanguage, now: Date): string | null {
  const text = (raw ?? "").trim();
  if (!text) return null;
  const iso = fromIso(text) ?? fromNumber(text) ?? dateInText(text, language, now);
  return iso && plausibleDate(iso, now) ? iso : null;
}

/** Day, month and year between dots, spaced as typesetters write them: "4. 2. 2022", which chrono does not read. */
const SPACED_DOTS = /(?<![\d.])(\d{1,2})\.\s(\d{1,2})\.\s(\d{4})(?!\d)/u;

const GERMAN_MONTH = "(?:jan(?:uar)?|jän(?:ner)?|feb(?:ruar)?|mär(?:z)?|mrz|apr(?:il)?|mai|jun(?:i)?|jul(?:i)?|aug(?:ust)?|sep(?:t(?:ember)?)?|okt(?:ober)?|nov(?:ember)?|dez(?:ember)?)\\.?";
/** "26 Okt 2018", "07 Dezember, 2022": German dates without the day's dot, or with a comma before the year. */
const GERMAN_UNDOTTED = new RegExp(`(?<![\\d.])(\\d{1,2})\\s(?=${GERMAN_MONTH},?\\s+\\d{4}(?!\\d))`, "giu");
const GERMAN_YEAR_COMMA = new RegExp(`(?<=\\d{1,2}\\.?\\s?${GERMAN_MONTH}),(?=\\s+\\d{4}(?!\\d))`, "giu");

/**
 * "Mai 10, 2017": the month first, as Blogger's German date headers write it ("Mittwoch, Mai 10, 2017"),
 * also with an English ordinal ("Juni 19th, 2018", a theme's English date format in German).
 */
const GERMAN_MONTH_FIRST = new RegExp(`(?<!\\p{L})(${GERMAN_MONTH}) (\\d{1,2})(?:st|nd|rd|th)?, (?=\\d{4}(?!\\d))`, "giu");

/**
 * The text as chrono's German parser reads it: the day's dot added in place of the space after it, a
 * comma before the year made a space, a month written first put after its day. Each change keeps the
 * text's length, so positions still hold.
 */
function germanForms(text: string): string {
  return text
    .replace(GERMAN_MONTH_FIRST, (whole: string, month: string, day: string) => `${day}. ${month} `.padEnd(whole.length))
    .replace(GERMAN_UNDOTTED, "$1.")
    .replace(GERMAN_YEAR_COMMA, " ");
}

/** The first plausible date written in free text, with where it stands in the text. */
export function findDate(text: string, language: DateLanguage, now: Date): { iso: string; index: number; text: string } | null {
  const m = SPACED_DOTS.exec(text);
  const spaced = m ? isoDay(m[3]!, m[2]!, m[1]!) : null;
  const found = spaced && plausibleDate(spaced, now) ? { iso: spaced, index: m!.index, text: m![0] } : null;
  for (const parser of parsersFor(language)) {
    for (const result of parser.parse(parser === LOCALE_PARSERS.de ? germanForms(text) : text, now)) {
      if (found && result.index >= found.index) return found;
      const iso = dayFirst(result) ?? fromChrono(result);
      if (iso && plausibleDate(iso, now)) return { iso, index: result.index, text: text.slice(result.index, result.index + result.text.length) };
    }
  }
  return found;
}

/** The first date written in free text ("Von Max Mustermann, 5. März 2024"), as ISO, or null. */
export function dateInText(text: string, language: DateLanguage, now: Date): string | null {
  return findDate(text, language, now)?.iso ?? null;
}

/** Whether a short text is nothing but a date (a byline candidate that is really the date line). */
export function isDateOnly(text: string, language: DateLanguage, now: Date): boolean {
  for (const parser of parsersFor(language)) {
    const [first] = parser.parse(text, now);
    if (first && first.text.length >= text.replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "").length - 3) return true;
  }
  return false;
}
