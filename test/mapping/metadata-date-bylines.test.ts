/** A date line by the headline that goes on with the byline: "06.11.2023 13:30 von Olga". */
import { describe, expect, it } from "vitest";
import { LONG, read, vp } from "./metadata-helpers";

const page = (line: string) => `<!doctype html><html lang="de"><head><title>Ehezoff der Pochers eskaliert</title></head><body>
<div class="content"><h1>Ehezoff der Pochers eskaliert</h1><h2>Stars <span class="when">${line}</span></h2>${LONG}${LONG}</div></body></html>`;

describe("a byline after the date", () => {
  it("reads the name after the date and its time, without the section after it", () => {
    expect(vp(read(page("06.11.2023 13:30 von Olga")).author)).toEqual([["Olga", "visible byline under the h1"]]);
    expect(vp(read(page("Freitag | 14. Juni 2019 | 15:49 VON Sina Giebel IN Fashion")).author)).toEqual([["Sina Giebel", "visible byline under the h1"]]);
    expect(vp(read(page("Freitag | 14. Juni 2019 | 15:49 VON Sina Giebel IN Fashion | 0 COMMENTS")).author)).toEqual([["Sina Giebel", "visible byline under the h1"]]);
  });

  it("reads no sentence that goes on after a date", () => {
    expect(read(page("06.11.2023 von Montag an gilt die neue Regel für alle")).author).toEqual([]);
  });
});

describe("a publication label on a line of its own in a longer paragraph", () => {
  const footer = (lines: string) => `<!doctype html><html lang="de"><head><title>Vom Boden aus gedacht</title></head><body>
<div class="content"><h1>Vom Boden aus gedacht</h1>${LONG}${LONG}<div class="rez_footer">${lines}</div></div></body></html>`;

  it("reads the day after 'Erschienen am:' between line breaks, and not the update before it", () => {
    const page = footer("<p>Letzte Änderung: 31.10.2023 - 14:49:39<br>Erschienen am: 01.11.2023<br> Lesungen: 61<br> © bei der Autorin und bei der Redaktion</p>");
    expect(vp(read(page).datePublished)).toEqual([["2023-11-01", "visible date line after its label"]]);
  });

  it("reads none where several paragraphs carry such a line (a list of teasers)", () => {
    const teaser = (day: string) => `<p>Ein anderer Artikel über etwas ganz anderes als diesen hier<br>Erschienen am: ${day}<br>Lesungen: 12</p>`;
    expect(read(footer(teaser("01.11.2023") + teaser("02.11.2023"))).datePublished).toEqual([]);
  });
});
