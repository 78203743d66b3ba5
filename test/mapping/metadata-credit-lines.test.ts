/** A credit line under the headline: "Text von Christian Seiler   Illustration von Markus Roost". */
import { describe, expect, it } from "vitest";
import { LONG, read, vp } from "./metadata-helpers";

const page = (line: string) => `<!doctype html><html lang="de"><head><title>Purzelbaum in Leipzig</title></head><body>
<article><h1>Purzelbaum in Leipzig</h1><p><em>${line}</em></p>${LONG}${LONG}</article></body></html>`;

describe("a credit line", () => {
  it("reads the writer of 'Text von' and 'Words by', not the illustrator or photographer after them", () => {
    expect(vp(read(page("Text von Christian Seiler &nbsp; &nbsp;Illustration von Markus Roost")).author)).toEqual([["Christian Seiler", "visible byline under the h1"]]);
    expect(vp(read(page("Words by Jane Doe, photos by John Roe")).author)).toEqual([["Jane Doe", "visible byline under the h1"]]);
    expect(vp(read(page("Text: Jane Doe Fotos von John Roe")).author)).toEqual([["Jane Doe", "visible byline under the h1"]]);
  });

  it("reads no writer from a sentence that only starts with the word", () => {
    expect(read(page("Text von gestern ist heute schon alt")).author).toEqual([]);
  });

  it("reads 'Ein Beitrag von', 'Gastbeitrag von' and 'Blog Beitrag von' lines in the article as bylines", () => {
    const inArticle = (line: string) => `<!doctype html><html lang="de"><head><title>Vegetarier sein</title></head><body>
<article><h1>Vegetarier sein</h1>${LONG}<p>${line}</p>${LONG}</article></body></html>`;
    expect(vp(read(inArticle("Blog Beitrag von Margarita Koreneva")).author)).toEqual([["Margarita Koreneva", "visible byline in the article"]]);
    expect(vp(read(inArticle("Gastbeitrag von Jane Doe")).author)).toEqual([["Jane Doe", "visible byline in the article"]]);
    expect(read(inArticle("Ein Beitrag von gestern, den wir heute noch einmal zeigen")).author).toEqual([]);
  });
});

