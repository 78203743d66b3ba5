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

  it("is a lesser heading that states a part of the <title> on a page with no h1 or h2 headline, and no other", () => {
    const minor = (h4: string) => `<!doctype html><html lang="en"><head><title>ATLANTIS DONATES MEDICAL SUPPLIES TO BAARK | Nassau | Bahamas Local News</title></head><body>
<div class="newspost"><h4>${h4}</h4><p><small>April 21, 2022</small></p><p class="by">By Jane Doe</p>${LONG}${LONG}</div></body></html>`;
    const stated = read(minor("ATLANTIS DONATES MEDICAL SUPPLIES TO BAARK"));
    expect(vp(stated.author)).toEqual([["Jane Doe", "visible byline under the h4"]]);
    expect(stated.datePublished[0]).toMatchObject({ value: "2022-04-21", provenance: "visible date line under the h4" });
    expect(read(minor("Latest news from Nassau")).author).toEqual([]);
  });

  it("reads no advertisement's label as the author of a post", () => {
    const ad = (name: string) => `<!doctype html><html lang="de"><head><title>Forums-Regeln</title></head><body>
<article><h1>Forums-Regeln</h1><div class="author">${name}</div>${LONG}${LONG}</article></body></html>`;
    expect(read(ad("Gesponserte Inhalte")).author).toEqual([]);
    expect(read(ad("Sponsored content")).author).toEqual([]);
    expect(values(read(ad("Jana Weber")).author)).toEqual(["Jana Weber"]);
  });

  it("takes the text's block as the article where the headline stands in a title bar of its own beside it, without landmarks (internetchemie.info)", () => {
    const bar = (title: string) => `<!doctype html><html lang="de"><head><title>Heliumkerne entdeckt</title></head><body>
<div id="nav"><a href="/">Start</a></div>${title}
<div class="main"><div id="haupttext">${LONG}${LONG}<hr><p><b>Erstellt am </b>17.01.2021.</p></div></div>
<div id="footer"><p>Erstellt am 02.02.2020</p></div></body></html>`;
    const beside = read(bar(`<div id="titel"><h1>Heliumkerne entdeckt</h1></div>`));
    // The footer's line, outside that block, is not the article's.
    expect(vp(beside.datePublished)).toEqual([["2021-01-17", "visible date element"]]);
  });
});

describe("a <time> without datetime", () => {
  it("reads the day where the page writes it twice, long and short, for wide and narrow screens", () => {
    const m = read(`<!doctype html><html lang="es"><head><title>Asamblea exige a periodistas</title></head><body><article>
<h1>Asamblea exige a periodistas</h1><h3><time><span class="hidden-xs">Jueves, 21 de <span>Abril</span> de 2022</span><span class="hidden-lg">21/04/2022</span></time></h3>
${LONG}${LONG}</article></body></html>`);
    expect(vp(m.datePublished)).toEqual([["2022-04-21", "<time> text in the article"]]);
  });
});

