/** An author label cell outside the article: the article's facts in a box beside it, not a listing's or a menu's. */
import { describe, expect, it } from "vitest";
import { LONG, read, vp } from "./metadata-helpers";

const page = (aside: string) => `<!doctype html><html lang="de"><head><title>Hallenmeisterschaften</title></head><body>
<div class="content"><h1>Joana Herrmann fliegt über 1,78 Meter</h1>${LONG}${LONG}</div>
<div class="sidebar">${aside}</div></body></html>`;
const FACTS = `<ul class="info-tools"><li><div>Datum</div><div>31.01.2022</div></li><li><div>Autor</div><div>Peter Middel</div></li></ul>`;

describe("an author label cell beside the article", () => {
  it("reads the one label cell the page has, below a byline's strength", () => {
    const m = read(page(FACTS));
    expect(vp(m.author)).toEqual([["Peter Middel", "visible author label beside the article"]]);
    expect(m.author[0]!.strength).toBe(0.5);
  });

  it("reads none where two boxes name authors (a listing's teasers)", () => {
    const m = read(page(FACTS + FACTS.replace("Peter Middel", "Anna Berg")));
    expect(m.author).toEqual([]);
  });

  it("reads no page tree: a link that says 'Autoren' and the list of pages under it", () => {
    const m = read(page(`<ul><li><a href="/autoren">Autoren</a><ul><li><a href="/autoren/mitschreiben">Mitschreiben</a></li></ul></li></ul>`));
    expect(m.author).toEqual([]);
  });
});
