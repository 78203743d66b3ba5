/** Which heading heads the post, where the page has an h1 that the <title> does not state. */
import { describe, expect, it } from "vitest";
import { LONG, read, values, vp } from "./metadata-helpers";

const page = (title: string, h1: string, h2: string) => `<!doctype html><html lang="de"><head><title>${title}</title></head><body>
<div class="album"><h1>${h1}</h1><p>Album, 12 Titel</p></div>
<div class="news"><h2>${h2}</h2><p>von Jana Weber</p>${LONG}${LONG}</div></body></html>`;

describe("the headline, where the h1 is not the post's", () => {
  it("is the h2 that states the <title> when the <title> does not state the h1", () => {
    const m = read(page("Leslie Clio präsentiert das Album 'Brave New Woman'", "Leslie Clio Brave New Woman", "Leslie Clio präsentiert das Album 'Brave New Woman'"));
    expect(vp(m.author)).toEqual([["Jana Weber", "visible byline under the h2"]]);
    expect(values(m.title)[0]).toBe("Leslie Clio präsentiert das Album 'Brave New Woman'");
  });

  it("stays the h1 where the h2 states only a part of the <title>, and where the <title> states the h1", () => {
    const misspelt = read(page("Il Climate Clock ha iniziato a scorrere: sette anni è il tempo che ci rimane", "ll Climate Clock ha iniziato a scorrere: sette anni è il tempo che ci rimane", "Il Climate Clock"));
    expect(vp(misspelt.author)).toEqual([["Jana Weber", "visible byline under the h1"]]);
    const stated = read(page("Brave New Woman: Leslie Clio präsentiert das Album", "Brave New Woman", "Brave New Woman: Leslie Clio präsentiert das Album"));
    expect(vp(stated.author)).toEqual([["Jana Weber", "visible byline under the h1"]]);
  });

  it("is the h2 that is a whole part of the <title> of two words or more, not a one-word part", () => {
    const part = read(page("Ear Candy! | Novalanalove", "Ear Candy allert", "Ear Candy!"));
    expect(vp(part.author)).toEqual([["Jana Weber", "visible byline under the h2"]]);
    const oneWord = read(page("Ohrschmuck | Novalanalove Fashion Blog", "Ear Candy allert", "Ohrschmuck"));
    expect(vp(oneWord.author)).toEqual([["Jana Weber", "visible byline under the h1"]]);
  });
});
