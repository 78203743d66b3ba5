/**
 * An asset the platform refuses (WordPress and SVG) is converted where it can be (SVG into PNG) and
 * otherwise keeps its source URL, with the reason; the page is still written. Every asset says what
 * became of it.
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
    expect(refs[`${SOURCE}/hero.svg`]).toEqual({ sourceUrl: `${SOURCE}/hero.svg`, url: `${SOURCE}/hero.svg`, targetId: null, alt: `Alt of ${SOURCE}/hero.svg`, state: "source", reason: "refused by the platform: No SVG here" });
    expect(refs[`${SOURCE}/photo.png`]).toMatchObject({ url: "https://target.test/media/photo.png", targetId: "42", state: "uploaded" });
    expect(uploads).toEqual([`${SOURCE}/photo.png`]);
  });

  it("converts a refused SVG into a PNG at the size the page showed it, says so, reuses it by hash, and names every other state", async () => {
    const owner = await newOwner("assets-convert");
    const site = await call("POST", "/sites", { token: owner.token, org: owner.orgId, body: { name: "Convert", domain: "www.source.test" } });
    const siteId = site.json.site.id as string;
    const uploads: AssetInput[] = [];
    const rasterized: { width?: number | null; height?: number | null }[] = [];
    const logged: string[] = [];
    const adapter = {
      capabilities: () => ({ output: "api" }),
      async uploadAsset(asset: AssetInput) {
        if (asset.contentType === "image/svg+xml") throw new AssetRefusedError("SVG is not an allowed file type");
        uploads.push(asset);
        return { targetId: String(40 + uploads.length), url: `https://target.test/media/${asset.filename}` };
      },
    } as unknown as TargetAdapter;
    const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const make = () =>
      new AssetResolver({
        db: getDb(env.DB), organizationId: owner.orgId, siteId, platform: "wordpress", mode: "dam", adapter,
        // An SVG served as text/plain is still recognised by its bytes; a missing file is a 404.
        fetch: async (input) => {
          // What the runtime throws when a host cannot be reached. Thrown here, inside the async call, so
          // no rejected promise exists before the caller awaits it.
          if (input.startsWith("https://offline.test/")) throw new Error("internal error; reference = 0a5bh0j9o537eer10v8c4vfd");
          return input.endsWith("/gone.png") ? new Response("no", { status: 404 }) : new Response(input.endsWith(".svg") ? '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"/>' : new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9]), { headers: { "Content-Type": input.endsWith(".svg") ? "text/plain" : "image/png" } });
        },
        bucket: env.BUCKET, bundlePrefix: `targets/${crypto.randomUUID()}/bundle`, onUpload: async () => {},
        rasterize: async (_svg, size) => {
          rasterized.push(size);
          return { bytes: PNG, contentType: "image/png" };
        },
        log: (m) => logged.push(m),
      });
    const refs = await make().resolve(page([`${SOURCE}/logo.svg`, `${SOURCE}/gone.png`, "https://offline.test/photo.jpg"]));
    // An unreachable host is named, not reported as the runtime's opaque internal error.
    expect(refs["https://offline.test/photo.jpg"]).toMatchObject({ state: "source", reason: "the source host offline.test could not be reached" });
    expect(refs[`${SOURCE}/logo.svg`]).toMatchObject({ state: "converted", reason: "converted from SVG to PNG: the platform refuses SVG", targetId: "41", url: expect.stringMatching(/\.png$/) });
    expect(rasterized).toEqual([{ width: 10, height: 10 }]);
    expect(uploads.map((u) => [u.contentType, u.filename.endsWith(".png"), u.bytes.length])).toEqual([["image/png", true, PNG.length]]);
    expect(refs[`${SOURCE}/gone.png`]).toMatchObject({ state: "source", url: `${SOURCE}/gone.png`, reason: "the source answered HTTP 404" });
    expect(logged.join("\n")).toMatch(/converted from SVG to PNG.*logo\.svg/);
    expect(logged.join("\n")).toMatch(/Asset kept at its source URL: .*gone\.png: the source answered HTTP 404/);
    // A later run (a new resolver) finds the converted PNG by its hash: nothing is uploaded twice.
    const again = await make().resolve(page([`${SOURCE}/logo.svg`]));
    expect(again[`${SOURCE}/logo.svg`]).toMatchObject({ state: "converted", targetId: "41" });
    expect(uploads).toHaveLength(1);
  });

  it("says why an asset kept its source URL in mode none, and what was bundled in mode zip", async () => {
    const base = { db: getDb(env.DB), organizationId: "o", siteId: "s", platform: "magnolia", adapter: { capabilities: () => ({ output: "api" }) } as unknown as TargetAdapter, fetch: async () => new Response(new Uint8Array([1, 2, 3]), { headers: { "Content-Type": "image/png" } }), bucket: env.BUCKET, bundlePrefix: `targets/${crypto.randomUUID()}/bundle`, onUpload: async () => {} };
    const none = await new AssetResolver({ ...base, mode: "none" }).resolve(page([`${SOURCE}/a.png`]));
    expect(none[`${SOURCE}/a.png`]).toMatchObject({ state: "source", reason: "the site's asset mode is none" });
    const zip = await new AssetResolver({ ...base, mode: "zip" }).resolve(page([`${SOURCE}/a.png`]));
    expect(zip[`${SOURCE}/a.png`]).toMatchObject({ state: "bundled" });
  });
});
