import { describe, expect, it } from "vitest";
import { captionSnippets, labelInPage, sameField } from "../../bench/quality/score";

/** How bench:quality judges a value against a label, and audits the labels behind wrong values. */
describe("the quality benchmark's scoring", () => {
  it("compares values as a reviewer would accept them", () => {
    expect(sameField("title", "“Gute Löhne” – alleine reichen nicht.", '"gute löhne" - alleine reichen nicht')).toBe(true);
    expect(sameField("author", "Jane Doe; John Roe", "John Roe and Jane Doe")).toBe(true);
    expect(sameField("datePublished", "2022-02-02", "2022-02-02T18:15:00+01:00")).toBe(true);
    expect(sameField("datePublished", "", "2022-02-02")).toBe(false);
    expect(sameField("author", "", null)).toBe(true);
  });
  it("finds a label's value in the page's HTML in the forms pages write it, and says when the page holds it nowhere", () => {
    const page = `<html><body><h1>Zuschauerr&uuml;ckkehr bei den Proficlubs</h1><p class="date">Ver&ouml;ffentlicht am 2. Februar 2022 von Jane&nbsp;Doe</p><time datetime="2021-03-05">March 5, 2021</time></body></html>`;
    expect(labelInPage("title", "Zuschauerrückkehr bei den Proficlubs", page)).toBe(true);
    expect(labelInPage("author", "Jane Doe", page)).toBe(true);
    expect(labelInPage("datePublished", "2022-02-02", page)).toBe(true);
    expect(labelInPage("datePublished", "2021-03-05", page)).toBe(true);
    expect(labelInPage("datePublished", "2022-02-03", page)).toBe(false);
    expect(labelInPage("author", "Jane Doe; Max Muster", page)).toBe(false);
  });
  it("tells which included snippets a page shows as a figure's caption or credit (bondyblog.fr, biobiochile.cl)", () => {
    const page = `<html><body><article><p>Le piquet de grève tient depuis lundi, et la présidence a promis de recevoir les étudiants.</p>
      <div class="wp-caption aligncenter"><img src="a.jpg"><p class="wp-caption-text">Le piquet de grève dans le hall de l’université</p></div>
      <figure><img src="b.jpg"><figcaption>Le hall, <em>mardi matin</em></figcaption></figure>
      <div class="post-image-credits">Hector Andrade | Agencia Uno</div><aside>Lire aussi : la grève continue</aside></article></body></html>`;
    expect(captionSnippets(page, ["Le piquet de grève dans le hall", "mardi matin", "Hector Andrade", "Lire aussi", "la présidence a promis"])).toEqual(["Le piquet de grève dans le hall", "mardi matin", "Hector Andrade"]);
  });
});
