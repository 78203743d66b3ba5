/**
 * linkedom parses with htmlparser2, pinned to version 12 by package.json `overrides`: version 10, which
 * linkedom asks for, reads an SVG `<title>` as raw text, as if it were the document's `<title>`. A
 * page whose icon's title holds elements (an unclosed `<path>` in the source, which the browser keeps
 * open: everything after it lands inside the title) was then read as 62 elements instead of 513, and
 * its headline and body were lost (a real page of the quality corpus, mitvergnuegen.com).
 * The product reads what Chromium serialises, so the HTML below is that form.
 */
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { extractPage } from "../../workers/crawl/extract";

const PAGE =
  `<!DOCTYPE html><html lang="de"><head><title>Ausflüge | Mit Vergnügen</title></head><body>` +
  `<nav><a href="/tiktok"><svg viewBox="0 0 512 512"><title><path d="M256,0C114.6,0,0,114.6,0,256">` +
  `<article><div class="authors"><a href="/author/marina/">Marina Beuerle</a></div><h1>11 schöne Ausflugsziele</h1>` +
  `<p>Zugegeben, wir vermissen den Sommer auch schon wieder, dabei gibt es genügend Dinge, für die wir dem Herbst dankbar sein können.</p></article>` +
  `</path></title></svg></a></nav></body></html>`;

describe("linkedom's HTML parser", () => {
  it("reads the elements inside an SVG title as elements, and the document's title as text", () => {
    const { document } = parseHTML(PAGE) as unknown as { document: Document };
    expect(document.title).toBe("Ausflüge | Mit Vergnügen");
    expect(document.querySelector("svg title path article h1")?.textContent).toBe("11 schöne Ausflugsziele");
    expect(document.querySelectorAll("p")).toHaveLength(1);
  });

  it("lets extraction find the body of such a page", () => {
    const page = extractPage(PAGE, "https://mitvergnuegen.example/ausflug/");
    expect(page.mainText).toContain("wir vermissen den Sommer");
  });

  it("lets metadata and extraction read a page whose <body> linkedom's getter misses (a script between </head> and <body>)", () => {
    const html =
      `<!DOCTYPE html><html lang="es"><head><title>Asamblea exige a periodistas | El Faro</title></head><script>var a = 1;</script><body>` +
      `<article><h1>Asamblea exige a periodistas</h1><p class="byline">Por Rebeca Monge</p><time>21 de abril de 2022</time>` +
      `<p>El presidente de la Asamblea Legislativa pidió a los periodistas que abandonaran el salón durante la sesión plenaria del jueves.</p>` +
      `<img src="/foto.jpg" alt="La sesión"></article></body></html>`;
    const { document } = parseHTML(html) as unknown as { document: Document };
    expect(document.body.childNodes).toHaveLength(0);
    const page = extractPage(html, "https://elfaro.example/asamblea/");
    expect(page.metadata!.author.map((v) => v.value)).toContain("Rebeca Monge");
    expect(page.metadata!.datePublished.map((v) => v.value)).toContain("2022-04-21");
    expect(page.headings).toEqual([{ level: 1, text: "Asamblea exige a periodistas" }]);
    expect(page.images.map((i) => i.src)).toEqual(["https://elfaro.example/foto.jpg"]);
    expect(page.audit?.headings.map((h) => h.text)).toEqual(["Asamblea exige a periodistas"]);
  });
});
