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
    // The same tree with the label as plain text: the list under it is no value.
    expect(read(page(`<ul><li><span>Autoren</span><ul><li>Mitschreiben</li></ul></li></ul>`)).author).toEqual([]);
  });
});

describe("a date after its label beside the article", () => {
  it("reads 'Datum' and 'Mise en ligne' over a date of their own, in a box beside the article", () => {
    expect(read(page(FACTS)).datePublished[0]).toMatchObject({ value: "2022-01-31", provenance: "visible date after its label" });
    const credits = `<ul class="podcast-sidebar"><li><p>Réalisation</p><p>Kristen Falc'hon</p></li><li><p>Mise en ligne</p><p>23 mai 2019</p></li></ul>`;
    expect(read(page(credits)).datePublished[0]).toMatchObject({ value: "2019-05-23", provenance: "visible date after its label" });
  });

  it("reads no comment's date, however it is labelled", () => {
    const comments = `<ol class="comment-list"><li><span>Posted on</span><span>12.03.2022</span><p>Great article!</p></li></ol>`;
    expect(read(page(comments)).datePublished).toEqual([]);
  });
});
