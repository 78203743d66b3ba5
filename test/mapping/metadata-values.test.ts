/** The metadata layer's values as the mapper gets them: dates, bylines cleaned, shapes. */
import { describe, expect, it } from "vitest";
import { boxOf } from "../../workers/crawl/html";
import { cleanByline, normalizeDate } from "../../workers/crawl/metadata";
import { isoDay } from "../../workers/crawl/metadata/dates";
import { metadataDoubt, metadataEvidence } from "../../workers/mapping/metadata-confidence";
import { isDeskCredit, metaEvidence, valueShape } from "../../workers/mapping/page-candidates";
import { dom, NOW, read, values, vp } from "./metadata-helpers";

describe("values", () => {
  it("normalises dates to ISO and rejects implausible ones", () => {
    expect(normalizeDate("2024-03-05 10:00:00", null, NOW)).toBe("2024-03-05T10:00:00");
    expect(normalizeDate("2024-03-05T10:00:00+0100", null, NOW)).toBe("2024-03-05T10:00:00+01:00");
    expect(normalizeDate("20240305", null, NOW)).toBe("2024-03-05");
    expect(normalizeDate("1709632800", null, NOW)).toBe("2024-03-05T10:00:00Z");
    expect(normalizeDate("05.03.2024", "de", NOW)).toBe("2024-03-05");
    expect(normalizeDate("03/05/2024", "en-US", NOW)).toBe("2024-03-05");
    expect(normalizeDate("05/03/2024", "en-GB", NOW)).toBe("2024-03-05");
    expect(normalizeDate("12 de marzo de 2024", "es", NOW)).toBe("2024-03-12");
    expect(normalizeDate("2024年3月12日", "ja", NOW)).toBe("2024-03-12");
    expect(normalizeDate("1985-01-01", null, NOW)).toBeNull();
    expect(normalizeDate("2025-06-03", null, NOW)).toBeNull();
    expect(normalizeDate("2024-02-31", null, NOW)).toBeNull();
    expect(normalizeDate("3 days ago", "en", NOW)).toBeNull();
    // Spaced as typesetters write it (dtb-tennis.de), which chrono does not read; the first date in the text wins.
    expect(normalizeDate("4. 2. 2022", "de", NOW)).toBe("2022-02-04");
    expect(normalizeDate("Von Deutscher Tennis Bund 4. 2. 2022.", "de", NOW)).toBe("2022-02-04");
    expect(normalizeDate("am 3. März 2021, geändert am 4. 5. 2022", "de", NOW)).toBe("2021-03-03");
    expect(normalizeDate("geändert am 4. 5. 2022, erschienen am 3. März 2021", "de", NOW)).toBe("2022-05-04");
    expect(normalizeDate("Version 4. 13. 2022", "de", NOW)).toBeNull();
    expect([isoDay("2022", "2", "4"), isoDay("2022", "0", "4"), isoDay("2022", "2", "0"), isoDay("2022", "13", "4"), isoDay("2022", "2", "32")]).toEqual(["2022-02-04", null, null, null, null]);
    // German dates without the day's dot (silvias.net) or with a comma before the year (wirtschaftspsychologie-aktuell.de).
    expect(normalizeDate("26 Okt 2018", "de", NOW)).toBe("2018-10-26");
    expect(normalizeDate("Von Christian Thiele, 07 Dezember, 2022", "de", NOW)).toBe("2022-12-07");
    expect(normalizeDate("3 März 2020 um 10:00", "de", NOW)).toBe("2020-03-03T10:00:00");
    expect(normalizeDate("In 12 Augen 2020", "de", NOW)).toBeNull();
    // The month first, as Blogger's German date headers write it (happyface313.com's "Mittwoch, März 7, 2018").
    expect(normalizeDate("Mittwoch, März 7, 2018", "de", NOW)).toBe("2018-03-07");
    expect(normalizeDate("Okt. 10, 2019 um 09:15", "de", NOW)).toBe("2019-10-10T09:15:00");
    expect(normalizeDate("Hamai 10, 2019", "de", NOW)).toBeNull();
    expect(normalizeDate("Juni 19th, 2018", "de", NOW)).toBe("2018-06-19");
  });

  it("cleans bylines", () => {
    expect(cleanByline("By Jane Doe | 5 min read", "en", NOW)).toBe("Jane Doe");
    expect(cleanByline("Written by Jane Doe on March 3, 2024", "en", NOW)).toBe("Jane Doe");
    expect(cleanByline("Por Ana García y Luis Pérez", "es", NOW)).toBe("Ana García y Luis Pérez");
    expect(cleanByline("di Mario Rossi", "it", NOW)).toBe("Mario Rossi");
    expect(cleanByline("Di Maio", "it", NOW)).toBe("Di Maio");
    // A credit's kind before the name: brandeins.de's "Text und Interview:", a recipe card's "Recipe by".
    expect(cleanByline("Text und Interview: Harald Willenbrock", "de", NOW)).toBe("Harald Willenbrock");
    expect(cleanByline("Text: Jane Doe", "en", NOW)).toBe("Jane Doe");
    expect(cleanByline("Recipe by Eat What Tonight", "en", NOW)).toBe("Eat What Tonight");
    expect(cleanByline("Rezept von Anna Schmidt", "de", NOW)).toBe("Anna Schmidt");
    expect(cleanByline("By https://x.example/jane", "en", NOW)).toBeNull();
    expect(cleanByline("jane@x.example", "en", NOW)).toBeNull();
    expect(cleanByline("March 3, 2024", "en", NOW)).toBeNull();
    expect(cleanByline("This article was written by our staff and checked by experts.", "en", NOW)).toBeNull();
    // A charity's press release puts its update stamp in a box classed "author" (caritas.de).
    expect(cleanByline("Zuletzt geändert am: 15.10.2021", "de", NOW)).toBeNull();
    expect(cleanByline("Last updated March 3, 2024", "en", NOW)).toBeNull();
    expect(cleanByline("Von Anna Geändert", "de", NOW)).toBe("Anna Geändert");
    expect(cleanByline("By Jane Doe, AP", "en", NOW)).toBe("Jane Doe");
    expect(cleanByline("By Jane Doe, John Roe", "en", NOW)).toBe("Jane Doe, John Roe");
    // An exclamation or a question is nobody's name, however short.
    expect(cleanByline("Endlich mehr Beschleunigung wagen!", "de", NOW)).toBeNull();
    expect(cleanByline("Wer zahlt?", "de", NOW)).toBeNull();
    expect(cleanByline("Jane Doe Jr.", "en", NOW)).toBe("Jane Doe Jr.");
  });

  it("parses data-box defensively", () => {
    const d = dom(`<div><p data-box="10,20.5,300,40"></p><p data-box="10, 20, -3, 4"></p><p data-box="a,b,c,d"></p><p data-box="1,2,3"></p><p></p></div>`);
    expect(Array.from(d.querySelectorAll("p")).map(boxOf)).toEqual([{ x: 10, y: 20.5, width: 300, height: 40 }, null, null, null, null]);
  });

  it("merges equal values, raising strength per independent source up to 0.99", () => {
    const m = read(`<html><head><meta property="og:site_name" content="Acme"><meta name="application-name" content="ACME "><meta name="apple-mobile-web-app-title" content="acme"><script type="application/ld+json">{"@type":"WebSite","name":"Acme"}</script></head><body></body></html>`, "https://acme.example/", ["Acme"]);
    expect(vp(m.siteName)).toEqual([["Acme", "JSON-LD WebSite.name"]]);
    expect(m.siteName[0].strength).toBe(0.99);
  });

  it("tells a desk's or a team's credit from a person's name", () => {
    for (const desk of ["Redaktion", "PETA-Team", "BBNTEAM", "Letters To The Editor", "Newsdesk", "N-Land Redaktion", "revamp-it Webteam", "Redacción fama", "Editorial Staff", "Redakcja Forsal.pl"]) {
      expect(isDeskCredit(desk), desk).toBe(true);
      expect(valueShape("author", desk)).toContain("author:desk");
    }
    for (const person of ["Jane Doe", "Tim Staffa", "Steffen Teamann", "Jane Doe, Redaktion", "Anna Editorova"]) {
      expect(isDeskCredit(person), person).toBe(false);
      expect(valueShape("author", person)).not.toContain("author:desk");
    }
    // Only an author is a credit: a site named "Redaktion" is a name.
    expect(valueShape("site", "Redaktion")).not.toContain("author:desk");
  });

  it("leaves an author from markup to a person where the byline the page shows names someone else", () => {
    const jsonLd = { value: "Isabell Angele", provenance: "JSON-LD @graph WebPage.author", strength: 0.98, agreeing: ["meta name=author"] };
    const shown = { value: "Matthias Lauerer", provenance: "visible byline in the article", strength: 0.56 };
    const meta = metaEvidence("author", [jsonLd, shown])!;
    expect(meta.shownRival).toEqual({ value: "Matthias Lauerer", provenance: "visible byline in the article" });
    expect(metadataDoubt(meta)).toBe(0.5);
    expect(metadataEvidence(meta)).toContain('visible byline in the article says "Matthias Lauerer"');
    // A shown byline that states the markup's author too: the others it names are co-writers or credits.
    const agreed = metaEvidence("author", [{ ...jsonLd, agreeing: ["visible byline under the h1"] }, { ...shown, value: "Philippe Douroux" }])!;
    expect(agreed.shownRival).toBeNull();
    expect(metadataDoubt(agreed)).toBe(1);
    // Words that are no name ("Donate today", "News"), and a shown value that leads, are no such doubt.
    for (const other of ["Donate today", "News", "medellín"]) expect(metadataDoubt(metaEvidence("author", [jsonLd, { ...shown, value: other }])!), other).toBe(1);
    expect(metaEvidence("author", [{ ...shown, strength: 0.9 }, jsonLd])!.shownRival).toBeNull();
  });
});
