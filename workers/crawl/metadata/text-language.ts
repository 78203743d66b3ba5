/**
 * The language a page's text is written in, read from the text itself (franc's trigram model of the
 * most spoken languages). Pages often declare a language their text is not in: a German article under
 * a theme's `<html lang="en-US">`, or no declaration at all. The detected language is one more source
 * of the `language` field: it corroborates a declaration in the same language and rivals one in another.
 */
import { franc } from "franc-min";
import { iso6393To1 } from "iso-639-3";
import { type Collector, primaryLanguage } from "./collect";

/** The provenance of the language read from the text, for readers that tell it from a declaration. */
export const TEXT_LANGUAGE_PROVENANCE = "the main text's language (detected)";

/** Below this many letters a trigram guess is unreliable: no source. */
const MIN_LETTERS = 200;
/** From this many letters, a guess that no declaration shares outranks the declarations. */
const CONTRADICTS_LETTERS = 500;
/** How far behind the text's language the declarations of another one rank. */
const DECLARED_BEHIND = 0.1;
/** Enough for a stable guess; longer texts only cost time. */
const SAMPLE_CHARS = 4000;

/**
 * The languages franc names by an individual code inside a macrolanguage that has an ISO 639-1 code
 * (ISO 639-3's macrolanguage mappings): Mandarin "cmn" is written "zh" on the web, Standard Arabic
 * "arb" "ar", Iranian Persian "pes" "fa". Without them a Chinese page had no language from its text.
 * Only these, in scripts of their own: the Latin-script members (Malay "zlm", Quechua "qug", …) are what
 * franc-min guesses for languages it does not know (a Finnish text read as Malay or Quechua), no source.
 */
const MACROLANGUAGE: Record<string, string> = { cmn: "zh", arb: "ar", pes: "fa" };

/** The ISO 639-1 code of the language `text` is written in, or null when it is too short to tell. */
export function textLanguage(text: string): { code: string; letters: number } | null {
  const sample = text.replace(/\s+/g, " ").trim().slice(0, SAMPLE_CHARS);
  // Marks count: an Indic script writes its vowels as marks on the letters ("কুষ্টিয়া").
  const letters = sample.match(/[\p{L}\p{M}]/gu)?.length ?? 0;
  if (letters < MIN_LETTERS) return null;
  const iso3 = franc(sample, { minLength: MIN_LETTERS });
  const code = iso6393To1[iso3] ?? MACROLANGUAGE[iso3];
  return code ? { code, letters } : null;
}

/**
 * Adds the main text's language as a `language` source. Weaker than a declaration on short texts,
 * stronger on long ones; a declaration in the same language merges with it (two independent
 * sources), one in another language is its rival. Returns the language a text of some length is
 * written in (null for a short one).
 */
export function readTextLanguage(col: Collector, mainText: string | undefined): string | null {
  if (!mainText) return null;
  const found = textLanguage(mainText);
  if (!found) return null;
  // On a long text the guess is surer than many declarations (themes ship `lang="en-US"`).
  let strength = found.letters >= 1500 ? 0.88 : found.letters >= 600 ? 0.75 : 0.62;
  // A declaration of the same language stays the value ("en-GB" says more than "en"); the guess corroborates it.
  const all = col.list("language");
  const declared = all.filter((c) => primaryLanguage(c.value) === found.code);
  if (declared.length) strength = Math.min(strength, Math.max(...declared.map((c) => c.strength)) - 0.01);
  // No declaration names the language a text of some length is written in: they are a template's
  // (a German article under a theme's lang="en-US", og:locale and JSON-LD inLanguage alike), and rank
  // behind the text's own.
  else if (found.letters >= CONTRADICTS_LETTERS && all.length) {
    col.replace(
      "language",
      all.map((c) => ({ ...c, strength: Math.min(c.strength, strength - DECLARED_BEHIND), provenance: `${c.provenance} (the text is in another language)` })),
    );
  }
  col.add("language", found.code, TEXT_LANGUAGE_PROVENANCE, strength, "text");
  return found.letters >= CONTRADICTS_LETTERS ? found.code : null;
}
