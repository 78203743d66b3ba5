import { documentToHtmlString } from "@contentful/rich-text-html-renderer";
import { BLOCKS, validateRichTextDocument } from "@contentful/rich-text-types";
import { renderRichText } from "@storyblok/richtext";
import { parse as parseBlocks } from "@wordpress/block-serialization-default-parser";
import { toPlainText } from "@portabletext/toolkit";
import { describe, expect, it } from "vitest";
import { htmlToContentfulRichText } from "../../workers/targets/richtext/contentful";
import { htmlToGutenberg } from "../../workers/targets/richtext/gutenberg";
import { htmlToPortableTextBlocks } from "../../workers/targets/richtext/portable-text";
import { htmlToStoryblokRichText } from "../../workers/targets/richtext/storyblok";
import { setImageAlt } from "../../workers/targets/image-alt";

/** Rich text with every structure the issue names: headings, nested lists, a table, links and an inline image. */
export const FIDELITY_HTML = `
<h2>Our <em>services</em></h2>
<p>Read the <a href="/guides/start">getting started guide</a> or <strong>call us</strong>.
 Inline logo: <img src="https://cdn.example.com/logo.png" alt="Logo" data-asset-id="asset-logo"> here.</p>
<h3>Steps</h3>
<ol>
  <li>Plan
    <ul><li>Audit <a href="https://example.com/audit">pages</a></li><li>Map fields</li></ul>
  </li>
  <li>Migrate</li>
</ol>
<table>
  <thead><tr><th>Plan</th><th>Price</th></tr></thead>
  <tbody><tr><td>Basic</td><td>$10</td></tr><tr><td>Pro</td><td><a href="/pricing/pro">$20</a></td></tr></tbody>
</table>
<p><img src="https://cdn.example.com/team.jpg" alt="The team" data-asset-id="asset-team"></p>`;

describe("rich text fidelity", () => {
  it("Contentful: a valid Rich Text document with headings, nested lists, table, links and assets", () => {
    const doc = htmlToContentfulRichText(FIDELITY_HTML);
    expect(validateRichTextDocument(doc)).toEqual([]);
    const types = doc.content.map((n) => n.nodeType);
    expect(types).toEqual([
      BLOCKS.HEADING_2, BLOCKS.PARAGRAPH, BLOCKS.EMBEDDED_ASSET, BLOCKS.HEADING_3, BLOCKS.OL_LIST, BLOCKS.TABLE, BLOCKS.EMBEDDED_ASSET,
    ]);
    const html = documentToHtmlString(doc, {
      renderNode: { [BLOCKS.EMBEDDED_ASSET]: (node) => `<img data-id="${node.data.target.sys.id}">` },
    });
    expect(html).toContain("<h2>Our <i>services</i></h2>");
    expect(html).toContain('<a href="/guides/start">getting started guide</a>');
    expect(html).toContain("<ol><li><p>Plan</p><ul><li><p>Audit <a href=\"https://example.com/audit\">pages</a></p></li><li><p>Map fields</p></li></ul></li><li><p>Migrate</p></li></ol>");
    expect(html).toContain("<th><p>Plan</p></th>");
    expect(html).toContain('<td><p><a href="/pricing/pro">$20</a></p></td>');
    expect(html).toContain('<img data-id="asset-logo">');
    expect(html).toContain('<img data-id="asset-team">');
  });

  it("Storyblok: rich text that Storyblok's resolver renders back to the same structure", () => {
    const doc = htmlToStoryblokRichText(FIDELITY_HTML);
    expect(doc.type).toBe("doc");
    const html = renderRichText(doc as never);
    expect(html).toMatch(/<h2[^>]*>Our <em>services<\/em><\/h2>/);
    expect(html).toMatch(/<a href="\/guides\/start"[^>]*>getting started guide<\/a>/);
    expect(html).toMatch(/<ol[^>]*><li><p>Plan<\/p><ul><li><p>Audit <a href="https:\/\/example.com\/audit"[^>]*>pages<\/a><\/p><\/li><li><p>Map fields<\/p><\/li><\/ul><\/li><li><p>Migrate<\/p><\/li><\/ol>/);
    expect(html).toMatch(/<table[^>]*>.*<th[^>]*>.*Plan.*<\/th>.*<td[^>]*>.*\$10.*<\/td>/s);
    expect(html).toMatch(/<img[^>]*src="https:\/\/cdn.example.com\/logo.png"[^>]*>/);
    expect(html).toContain("team.jpg");
  });

  it("WordPress: Gutenberg block markup that WordPress's block parser reads as core blocks", () => {
    const markup = htmlToGutenberg(FIDELITY_HTML);
    const blocks = parseBlocks(markup).filter((b) => b.blockName);
    expect(blocks.map((b) => b.blockName)).toEqual([
      "core/heading", "core/paragraph", "core/heading", "core/list", "core/table", "core/image",
    ]);
    expect(blocks[2].attrs).toEqual({ level: 3 });
    expect(blocks[3].attrs).toEqual({ ordered: true });
    expect(blocks[3].innerHTML).toContain("<ol><li>Plan<ul><li>Audit <a href=\"https://example.com/audit\">pages</a></li><li>Map fields</li></ul></li><li>Migrate</li></ol>");
    expect(blocks[4].innerHTML).toContain("<thead><tr><th>Plan</th><th>Price</th></tr></thead>");
    expect(blocks[1].innerHTML).toContain('<img src="https://cdn.example.com/logo.png" alt="Logo" class="wp-image-asset-logo"/>');
    expect(blocks[5].innerHTML).toContain('alt="The team"');
  });

  it("Sanity: Portable Text with styles, nested list levels, link annotations, a table and image references", () => {
    const blocks = htmlToPortableTextBlocks(FIDELITY_HTML, (src) => (src.includes("team") ? "image-abc-10x10-jpg" : null));
    const styles = blocks.filter((b) => b._type === "block").map((b) => [b.style, b.listItem ?? null, b.level ?? null]);
    expect(styles).toContainEqual(["h2", null, null]);
    expect(styles).toContainEqual(["h3", null, null]);
    expect(styles).toContainEqual(["normal", "number", 1]);
    expect(styles).toContainEqual(["normal", "bullet", 2]);
    const linkDefs = blocks.flatMap((b) => (b.markDefs as { href?: string }[] | undefined) ?? []).map((d) => d.href);
    expect(linkDefs).toEqual(expect.arrayContaining(["/guides/start", "https://example.com/audit"]));
    const table = blocks.find((b) => b._type === "table");
    expect(table).toBeTruthy();
    expect(JSON.stringify(table)).toContain("$20");
    // Block images are top-level objects, inline ones children of their block: look in both.
    const nodes = blocks.flatMap((b) => [b, ...((b.children as Record<string, unknown>[] | undefined) ?? [])]);
    const image = nodes.find((b) => b._type === "image" && (b.asset as { _ref?: string } | undefined)?._ref === "image-abc-10x10-jpg");
    expect(image).toMatchObject({ alt: "The team" });
    expect(nodes.find((b) => b._type === "image" && b.src === "https://cdn.example.com/logo.png")).toMatchObject({ alt: "Logo" });
    expect(toPlainText(blocks as never)).toContain("Map fields");
    // Deterministic keys: converting twice gives identical output (unchanged pages compare equal).
    expect(htmlToPortableTextBlocks(FIDELITY_HTML)).toEqual(htmlToPortableTextBlocks(FIDELITY_HTML));
  });
});

describe("a table inside a table cell", () => {
  // A booking calendar: a layout table whose cell holds a month's table. Each cell's text is written once.
  const NESTED = `<table><tbody><tr><td><table><thead><tr><th>October 2020</th></tr></thead><tbody><tr><td>Mo</td><td>Tu</td></tr></tbody></table></td><td>Free days</td></tr></tbody></table>`;
  const count = (text: string, word: string) => text.split(word).length - 1;

  it("keeps the inner table's rows in its cell, not as rows of the outer table, in every converter", () => {
    const gutenberg = htmlToGutenberg(NESTED);
    expect(count(gutenberg, "October 2020")).toBe(1);
    expect(count(gutenberg, "Free days")).toBe(1);
    const outer = parseBlocks(gutenberg).find((b) => b.blockName === "core/table")!;
    expect(outer.innerHTML.trim()).toMatch(/^<figure class="wp-block-table"><table><tbody><tr><td><table>.*October 2020.*<\/table><\/td><td>Free days<\/td><\/tr><\/tbody><\/table><\/figure>$/s);

    const contentful = documentToHtmlString(htmlToContentfulRichText(NESTED));
    expect(count(contentful, "October 2020")).toBe(1);
    expect(count(contentful, "Mo")).toBe(1);

    const storyblok = renderRichText(htmlToStoryblokRichText(NESTED) as never);
    expect(count(storyblok, "October 2020")).toBe(1);

    const sanity = htmlToPortableTextBlocks(NESTED).find((b) => b._type === "table") as unknown as { rows: { cells: string[] }[] };
    expect(sanity.rows).toHaveLength(1);
    expect(sanity.rows[0].cells).toEqual(["October 2020 Mo Tu", "Free days"]);
  });
});

describe("setImageAlt", () => {
  const html = `<p>Fish &amp; chips</p><img data-src="/a.png" src="/b.png" alt="old"><img class="x wp-image-3" src="/c.png"><img src="/a.png">`;

  it("sets the alt of the tags picked by their attributes, escaped, and leaves every other byte as it was", () => {
    const set = setImageAlt(html, (attr) => attr("src") === "/a.png" || /(?:^|\s)wp-image-3(?:\s|$)/.test(attr("class") ?? ""), `Fish & "chips" <hot>`);
    expect(set.count).toBe(2);
    expect(set.html).toBe(
      `<p>Fish &amp; chips</p><img data-src="/a.png" src="/b.png" alt="old">` +
        `<img alt="Fish &amp; &quot;chips&quot; &lt;hot&gt;" class="x wp-image-3" src="/c.png">` +
        `<img alt="Fish &amp; &quot;chips&quot; &lt;hot&gt;" src="/a.png">`,
    );
  });

  it("replaces an alt in place, and reads src apart from data-src", () => {
    expect(setImageAlt(html, (attr) => attr("src") === "/b.png", "New").html).toContain(`<img data-src="/a.png" src="/b.png" alt="New">`);
    expect(setImageAlt(html, () => false, "New")).toEqual({ html, count: 0 });
  });
});
