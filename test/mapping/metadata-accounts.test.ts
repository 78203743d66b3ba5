/** A login that the theme links with rel=author: a name for review, below a written name's strength. */
import { describe, expect, it } from "vitest";
import { LONG, read } from "./metadata-helpers";

const page = (name: string) => `<!doctype html><html lang="de"><head><title>Intendanten-Wechsel</title></head><body>
<article><h1>Intendanten-Wechsel am Theater</h1><p class="meta">Veröffentlicht von <a rel="author" href="/author/x/">${name}</a></p>${LONG}</article></body></html>`;

describe("rel=author", () => {
  it("proposes a written name at 0.8 and a login ('eseppelt') at 0.72", () => {
    expect(read(page("Eva Seppelt")).author[0]).toMatchObject({ value: "Eva Seppelt", provenance: "link rel=author", strength: 0.8 });
    expect(read(page("eseppelt")).author[0]).toMatchObject({ value: "eseppelt", provenance: "link rel=author", strength: 0.72 });
  });
});
