import { describe, expect, it } from "vitest";
import { Collector } from "../../workers/crawl/metadata/collect";
import { readTextLanguage, textLanguage } from "../../workers/crawl/metadata/text-language";

const GERMAN =
  "Die Anlage mit einem geplanten Anfangsdurchsatz von 4.000 Tonnen Altbatterien soll die erste in Europa sein, die einen industriellen Maßstab erreicht. Seit etwa acht Jahren widmet sich das Unternehmen den Herausforderungen gebrauchter Akkus und hat dafür bereits viel Geld investiert.";
const ENGLISH =
  "Black voters in South Carolina are crucial for Democratic candidates, and the campaigns know it. With the primary only days away, the candidates crossed the state to speak in churches, diners and union halls, asking for the support of voters who decided the race four years ago.";

describe("the main text's language", () => {
  it("is read from the text, as an ISO 639-1 code", () => {
    expect(textLanguage(GERMAN)?.code).toBe("de");
    expect(textLanguage(ENGLISH)?.code).toBe("en");
  });
  it("is not guessed from a text too short to tell", () => {
    expect(textLanguage("Kontakt Impressum Datenschutz")).toBeNull();
    expect(textLanguage("")).toBeNull();
  });
  it("rivals a declaration of another language, and corroborates one of its own without taking its place", () => {
    const other = new Collector();
    other.add("language", "en-US", "<html lang>", 0.85, "html lang");
    readTextLanguage(other, GERMAN);
    expect(other.finish().language.map((v) => [v.value, v.provenance])).toEqual([["en-US", "<html lang>"], ["de", "the main text's language (detected)"]]);

    const same = new Collector();
    same.add("language", "de-DE", "<html lang>", 0.85, "html lang");
    readTextLanguage(same, GERMAN);
    const [language, ...rest] = same.finish().language;
    expect(language).toMatchObject({ value: "de-DE", provenance: "<html lang>", agreeing: ["the main text's language (detected)"] });
    // Two independent sources: a little stronger than the declaration alone.
    expect(language!.strength).toBeGreaterThan(0.85);
    expect(rest).toEqual([]);
  });
  it("outweighs a declaration of another language on a long text", () => {
    const col = new Collector();
    col.add("language", "en", "<html lang>", 0.85, "html lang");
    readTextLanguage(col, `${GERMAN} ${GERMAN} ${GERMAN} ${GERMAN} ${GERMAN} ${GERMAN} ${GERMAN}`);
    expect(col.finish().language[0]).toMatchObject({ value: "de", provenance: "the main text's language (detected)" });
  });
});
