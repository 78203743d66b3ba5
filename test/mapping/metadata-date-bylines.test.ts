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
