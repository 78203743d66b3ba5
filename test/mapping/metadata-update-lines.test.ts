/** A page whose only date is its update line: "Last updated: 13 July 2020", "Aktualisiert am 17.01.2021." */
import { describe, expect, it } from "vitest";
import nationalrail from "../fixtures/real/pages/nationalrail.co.uk.disruptions.html?raw";
import { LONG, read, vp } from "./metadata-helpers";

const STANDS_IN = "visible update date line (the page shows no other date)";
const page = (lines: string) => `<!doctype html><html lang="en"><head><title>Rail replacement services</title></head><body>
<main><h1>Rail replacement services</h1>${LONG}${LONG}${lines}</main></body></html>`;

describe("a page's update line", () => {
  it("is the page's update date, and its publication date when the page shows no other", () => {
    const m = read(page(`<p class="lastupdated"><strong>Last updated: </strong> 13 July 2020</p>`));
    expect(vp(m.dateModified)).toEqual([["2020-07-13", "visible update date line"]]);
    expect(vp(m.datePublished)).toEqual([["2020-07-13", STANDS_IN]]);
    // Labelled so in the article, without a class that names a date.
    const german = read(page(`<p><b>Aktualisiert am </b>17.01.2021.</p>`));
    expect(vp(german.datePublished)).toEqual([["2021-01-17", STANDS_IN]]);
    // Every word of the one vocabulary labels a line in the article ("Modified on").
    for (const line of ["Modified on 17 January 2021"]) expect(vp(read(page(`<p>${line}</p>`)).datePublished), line).toEqual([["2021-01-17", STANDS_IN]]);
  });

  it("stands back where the page states a publication date, and where two update lines disagree", () => {
    const both = read(page(`<p class="meta">Published on 2 July 2020</p><p class="lastupdated">Last updated: 13 July 2020</p>`));
    expect(vp(both.datePublished)).toEqual([["2020-07-02", "visible date element"]]);
    const two = read(page(`<p class="lastupdated">Last updated: 13 July 2020</p><p class="lastupdated">Last updated: 14 July 2020</p>`));
    expect(two.datePublished).toEqual([]);
    // A sentence that mentions an update is no update line.
    const sentence = read(page(`<p class="meta">The timetable was updated on 13 July 2020 after the works were extended by the operator.</p>`));
    expect(sentence.datePublished).toEqual([]);
  });

  it("dates a real page that shows only when it was last updated (nationalrail.co.uk)", () => {
    const m = read(nationalrail, "https://www.nationalrail.co.uk/service_disruptions/rail-replacement.aspx");
    expect(vp(m.datePublished)[0]).toEqual(["2020-07-13", STANDS_IN]);
  });
});
