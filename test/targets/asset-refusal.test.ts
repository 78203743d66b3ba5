/**
 * An asset the platform refuses (WordPress and SVG) keeps its source URL; the page is still written.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../workers/db/client";
import { AssetRefusedError, AssetResolver } from "../../workers/targets/assets";
import { createWordPressAdapter } from "../../workers/targets/adapters/wordpress";
import type { AssetInput, MappedPage, TargetAdapter } from "../../workers/targets/types";
import { LOCAL_EGRESS } from "../fixtures/egress";
import { call, newOwner } from "../helpers";

const SOURCE = "https://www.source.test";

function page(images: string[]): MappedPage {
  return {
    sourceUrl: `${SOURCE}/about`,
    canonicalUrl: null,
    targetPath: "/about",
    slug: "about",
    template: { definition: "page", targetId: "page" },
    title: "About",
    seo: { title: "About", description: "", openGraph: {}, canonical: null, language: "en" },
    components: [],
    assets: images.map((url) => ({ url, alt: `Alt of ${url}`, width: 10, height: 10 })),
    internalLinks: [],
    contentHash: "h",
  };
}

describe("assets the platform refuses", () => {
  it("WordPress refuses SVG uploads before sending anything", async () => {
    const sent: string[] = [];
    const adapter = createWordPressAdapter({
      config: { restUrl: "http://wp.test/wp-json", username: "admin", applicationPassword: "secret" },
      siteSlug: "site",
      egress: LOCAL_EGRESS,
      fetch: async (input) => {
        sent.push(input);
        return Response.json([]);
      },
    });
    const svg: AssetInput = { sourceUrl: `${SOURCE}/logo.svg`, bytes: new TextEncoder().encode("<svg/>"), contentType: "image/svg+xml", filename: "logo-1.svg", alt: "Logo", contentHash: "1" };
    await expect(adapter.uploadAsset(svg)).rejects.toBeInstanceOf(AssetRefusedError);
    expect(sent).toEqual([]);
  });

  it("keeps the source URL of a refused asset and uploads the others", async () => {
    const owner = await newOwner("assets");
    const site = await call("POST", "/sites", { token: owner.token, org: owner.orgId, body: { name: "Assets", domain: "www.source.test" } });
    const siteId = site.json.site.id as string;
    const uploads: string[] = [];
    const adapter = {
      capabilities: () => ({ output: "api" }),
      async uploadAsset(asset: AssetInput) {
        if (asset.contentType === "image/svg+xml") throw new AssetRefusedError("No SVG here");
        uploads.push(asset.sourceUrl);
        return { targetId: "42", url: "https://target.test/media/photo.png" };
      },
    } as unknown as TargetAdapter;
    const resolver = new AssetResolver({
      db: getDb(env.DB),
      organizationId: owner.orgId,
      siteId,
      platform: "wordpress",
      mode: "dam",
      adapter,
      fetch: async (input) => new Response(input.endsWith(".svg") ? "<svg/>" : new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { "Content-Type": input.endsWith(".svg") ? "image/svg+xml" : "image/png" } }),
      bucket: env.BUCKET,
      bundlePrefix: `targets/${crypto.randomUUID()}/bundle`,
      onUpload: async () => {},
    });
    const refs = await resolver.resolve(page([`${SOURCE}/hero.svg`, `${SOURCE}/photo.png`]));
    expect(refs[`${SOURCE}/hero.svg`]).toEqual({ sourceUrl: `${SOURCE}/hero.svg`, url: `${SOURCE}/hero.svg`, targetId: null, alt: `Alt of ${SOURCE}/hero.svg` });
    expect(refs[`${SOURCE}/photo.png`]).toMatchObject({ url: "https://target.test/media/photo.png", targetId: "42" });
    expect(uploads).toEqual([`${SOURCE}/photo.png`]);
  });
});
