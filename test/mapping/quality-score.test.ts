import { describe, expect, it } from "vitest";
import { parseRanges, textBlocks } from "../../bench/quality/blocks";
import { benchmarkScore, captionSnippets, labelInPage, sameField, shingleCounts } from "../../bench/quality/score";

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
  it("scores a body as the article-extraction benchmark does: four-token shingles, case kept, precision and recall averaged over pages", () => {
    const truth = "The council voted on Tuesday to close the old bridge for repairs.";
    // All of the truth plus four words of boilerplate: every truth shingle found, four shingles too many.
    const extra = shingleCounts(`${truth} Share this on Facebook`, truth);
    expect(extra).toEqual({ tp: 9, fp: 4, fn: 0 });
    // Case is kept, as the benchmark's tokenizer keeps it: a lower-cased copy shares only the 4 shingles
    // that hold neither "The" nor "Tuesday".
    expect(shingleCounts(truth.toLowerCase(), truth).tp).toBe(4);
    // Punctuation and spacing do not matter; a text shorter than four words is one shingle.
    expect(shingleCounts("close  the old, bridge!", "close the old bridge")).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(shingleCounts("Bridge closed", "Bridge closed")).toEqual({ tp: 1, fp: 0, fn: 0 });
    // Page means: a perfect page, a page with extra text, and a page with nothing extracted (recall 0, no precision).
    const score = benchmarkScore([{ tp: 9, fp: 0, fn: 0 }, extra, { tp: 0, fp: 0, fn: 9 }]);
    expect(score.precision).toBeCloseTo((1 + 9 / 13) / 2, 6);
    expect(score.recall).toBeCloseTo(2 / 3, 6);
    expect(score.f1).toBeCloseTo((2 * score.precision * score.recall) / (score.precision + score.recall), 9);
  });
  it("cuts a page into the numbered text blocks a labeller reads, hidden and script text left out", () => {
    const page = `<html><head><title>T</title></head><body><header><nav><ul><li><a href="/">Home</a></li><li>News</li></ul></nav></header>
      <main><article class="post"><h1>Bridge closed</h1><p>The council voted <b>on Tuesday</b> to close<br>the old bridge.</p>
      <script>var x = 1;</script><div hidden>Hidden text</div><p style="display: none">Also hidden</p><figure><img src="a.jpg"><figcaption>The bridge</figcaption></figure></article></main></body></html>`;
    const blocks = textBlocks(page);
    expect(blocks.map((b) => b.text)).toEqual(["Home", "News", "Bridge closed", "The council voted on Tuesday to close", "the old bridge.", "The bridge"]);
    expect(blocks[0].hint).toBe("header>nav>li");
    expect(blocks[3].hint).toBe("main>article.post>p");
    expect(blocks.map((b) => b.n)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(parseRanges("4-5, 2", 6)).toEqual([2, 4, 5]);
    expect(() => parseRanges("5-7", 6)).toThrow(/outside 1-6/);
    expect(() => parseRanges("two", 6)).toThrow(/Not a block range/);
  });
});
