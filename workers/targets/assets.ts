/**
 * Asset handling for a run, by the site's asset processing mode (spec §3):
 * - none: pages keep the source URLs;
 * - zip: pages keep the source URLs and the files go into the run's downloadable ZIP;
 * - dam: files are uploaded into the target once per content hash, across runs.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { targetAssets } from "../db/schema-targets";
import { sha256Hex } from "../lib/crypto";
import { newId } from "../lib/ids";
import { assetFileName } from "./fields";
import type { FetchLike } from "./http-client";
import type { AssetInput, MappedPage, ResolvedAsset, TargetAdapter } from "./types";
import { parseFragment } from "./richtext/dom";

export type AssetMode = "none" | "zip" | "dam";

/**
 * The platform does not take this kind of file (WordPress and SVG, say). Not a failure of the page:
 * the image keeps its source URL, as in mode "none", and the page is written.
 */
export class AssetRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AssetRefusedError";
  }
}

export interface AssetContext {
  db: Db;
  organizationId: string;
  siteId: string;
  platform: string;
  mode: AssetMode;
  adapter: TargetAdapter;
  fetch: FetchLike;
  bucket: R2Bucket;
  /** R2 prefix of the run's bundle (assets/ below it). */
  bundlePrefix: string;
  /** Called for every asset the target did not hold before, so rollback can remove it. */
  onUpload: (asset: { targetId: string; url: string; contentHash: string }) => Promise<void>;
}

/** Every image URL a mapped page references: its asset list, image fields and images inside rich text. */
export function imageUrlsOf(page: MappedPage): Map<string, string> {
  const urls = new Map<string, string>();
  const add = (raw: string, alt: string) => {
    try {
      const abs = new URL(raw, page.sourceUrl).toString();
      if (!urls.has(abs) || (!urls.get(abs) && alt)) urls.set(abs, alt);
    } catch {
      // Not a URL: nothing to upload.
    }
  };
  for (const a of page.assets) add(a.url, a.alt);
  const fields = [...Object.values(page.fields ?? {}), ...page.components.flatMap((c) => Object.values(c.fields))];
  for (const f of fields) {
    if (f.type === "image" && typeof f.value === "string" && f.value) add(f.value, f.alt ?? "");
    if (f.type === "richtext" && typeof f.value === "string" && f.value.includes("<img")) {
      for (const img of Array.from(parseFragment(f.value).querySelectorAll("img[src]"))) add(img.getAttribute("src") ?? "", img.getAttribute("alt") ?? "");
    }
  }
  const og = page.seo.openGraph["og:image"];
  if (og) add(og, page.title);
  return urls;
}

async function download(fetcher: FetchLike, url: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string } | null> {
  try {
    const res = await fetcher(url, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) return null;
    const contentType = (res.headers.get("Content-Type") ?? "application/octet-stream").split(";")[0].trim();
    return { bytes: new Uint8Array(await res.arrayBuffer()), contentType };
  } catch {
    return null;
  }
}

/** Resolves the assets of pages, memoising by source URL within the run. */
export class AssetResolver {
  private readonly memo = new Map<string, Promise<ResolvedAsset>>();
  /** Bundle paths by content hash: one file per distinct image. */
  private readonly bundledByHash = new Map<string, string>();

  constructor(private readonly ctx: AssetContext) {}

  async resolve(page: MappedPage): Promise<Record<string, ResolvedAsset>> {
    const out: Record<string, ResolvedAsset> = {};
    for (const [url, alt] of imageUrlsOf(page)) {
      let pending = this.memo.get(url);
      if (!pending) {
        const resolving = this.resolveOne(url, alt);
        this.memo.set(url, resolving);
        // A failed download or upload is not remembered: the page's retry tries the asset again.
        resolving.catch(() => {
          if (this.memo.get(url) === resolving) this.memo.delete(url);
        });
        pending = resolving;
      }
      out[url] = { ...(await pending), alt: alt || (await pending).alt };
    }
    return out;
  }

  private async resolveOne(url: string, alt: string): Promise<ResolvedAsset> {
    const keep: ResolvedAsset = { sourceUrl: url, url, targetId: null, alt };
    if (this.ctx.mode === "none") return keep;
    const file = await download(this.ctx.fetch, url);
    if (!file) return keep;
    const contentHash = await sha256Hex(file.bytes);
    const filename = assetFileName(url, contentHash, file.contentType);
    if (this.ctx.mode === "zip") {
      // One file per content hash: the first name seen for these bytes is the one kept.
      let path = this.bundledByHash.get(contentHash);
      if (!path) {
        path = `assets/${filename}`;
        await this.ctx.bucket.put(`${this.ctx.bundlePrefix}/${path}`, file.bytes, { httpMetadata: { contentType: file.contentType }, customMetadata: { sourceUrl: url } });
        this.bundledByHash.set(contentHash, path);
      }
      return { ...keep, url: this.ctx.platform && this.ctx.adapter.capabilities().output === "bundle" ? path : url };
    }
    const { db, siteId, platform } = this.ctx;
    const known = await db.query.targetAssets.findFirst({
      where: and(eq(targetAssets.siteId, siteId), eq(targetAssets.platform, platform), eq(targetAssets.contentHash, contentHash)),
    });
    if (known) return { sourceUrl: url, url: known.targetUrl, targetId: known.targetId, alt };
    const input: AssetInput = { sourceUrl: url, bytes: file.bytes, contentType: file.contentType, filename, alt, contentHash };
    let uploaded: Awaited<ReturnType<TargetAdapter["uploadAsset"]>>;
    try {
      uploaded = await this.ctx.adapter.uploadAsset(input);
    } catch (err) {
      if (!(err instanceof AssetRefusedError)) throw err;
      console.warn("Asset kept at its source URL", url, err.message);
      return keep;
    }
    await db
      .insert(targetAssets)
      .values({ id: newId(), organizationId: this.ctx.organizationId, siteId, platform, contentHash, sourceUrl: url, targetId: uploaded.targetId, targetUrl: uploaded.url })
      .onConflictDoNothing();
    await this.ctx.onUpload({ ...uploaded, contentHash });
    return { sourceUrl: url, url: uploaded.url, targetId: uploaded.targetId, alt };
  }
}
