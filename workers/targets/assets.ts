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
import { isSvgDocument, type RasterizedImage } from "./rasterize";

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
  /** Converts an SVG the platform refuses into a PNG; absent, such an image keeps its source URL. */
  rasterize?: Rasterizer;
  /** Says what happened to an asset that did not simply upload (the run's log). */
  log?: (message: string) => void;
}

/**
 * Linked documents that travel with a page into the target's asset store: the office and PDF formats
 * every platform's media library takes (WordPress's default allowed types among them).
 */
export const DOCUMENT_EXTENSIONS = /\.(?:pdf|docx?|xlsx?|pptx?|ppsx?|odt|ods|odp|rtf|csv)$/i;

/** Whether a URL names a linked document (by its path's extension). */
export function isDocumentUrl(raw: string, base: string): boolean {
  try {
    return DOCUMENT_EXTENSIONS.test(new URL(raw, base).pathname);
  } catch {
    return false;
  }
}

/**
 * Every asset URL a mapped page references, with its text alternative: its asset list, image fields,
 * images inside rich text, the social image, and linked documents (PDF and office files) in rich text
 * and link fields.
 */
export function assetUrlsOf(page: MappedPage): Map<string, string> {
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
    if (f.type === "link" && typeof f.value === "string" && isDocumentUrl(f.value, page.sourceUrl)) add(f.value, f.alt ?? "");
    if (f.type === "richtext" && typeof f.value === "string" && (f.value.includes("<img") || f.value.includes("<a"))) {
      const body = parseFragment(f.value);
      for (const img of Array.from(body.querySelectorAll("img[src]"))) add(img.getAttribute("src") ?? "", img.getAttribute("alt") ?? "");
      for (const a of Array.from(body.querySelectorAll("a[href]"))) {
        const href = a.getAttribute("href") ?? "";
        if (isDocumentUrl(href, page.sourceUrl)) add(href, (a.textContent ?? "").replace(/\s+/g, " ").trim());
      }
    }
  }
  const og = page.seo.openGraph["og:image"];
  if (og) add(og, page.title);
  return urls;
}

type Downloaded = { bytes: Uint8Array<ArrayBuffer>; contentType: string } | { error: string };

async function download(fetcher: FetchLike, url: string): Promise<Downloaded> {
  try {
    const res = await fetcher(url, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) return { error: `the source answered HTTP ${res.status}` };
    const contentType = (res.headers.get("Content-Type") ?? "application/octet-stream").split(";")[0].trim();
    return { bytes: new Uint8Array(await res.arrayBuffer()), contentType };
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    // The runtime reports an unreachable host (no DNS answer, refused connection) as an opaque "internal
    // error" with a reference number, which tells a reader nothing: name the host instead.
    if (/^internal error\b/i.test(detail) || /^network connection lost/i.test(detail)) return { error: `the source host ${new URL(url).host} could not be reached` };
    return { error: `the download failed (${detail})` };
  }
}

/** Types under which servers send SVG files they do not call image/svg+xml. */
const MISLABELLED = /^(?:text\/(?:plain|xml|html)|application\/(?:xml|octet-stream))$/i;

/** Renders an SVG into a PNG at a given size (the browser, in the product: rasterize.ts). */
export type Rasterizer = (svg: Uint8Array, size: { width?: number | null; height?: number | null }) => Promise<Pick<RasterizedImage, "bytes" | "contentType">>;

/** The size each image was shown at on its page, by absolute URL (from the page's asset list). */
function displayedSizes(page: MappedPage): Map<string, { width?: number | null; height?: number | null }> {
  const out = new Map<string, { width?: number | null; height?: number | null }>();
  for (const a of page.assets) {
    try {
      out.set(new URL(a.url, page.sourceUrl).toString(), { width: a.width, height: a.height });
    } catch {
      // Not a URL.
    }
  }
  return out;
}

/** Resolves the assets of pages, memoising by source URL within the run. */
export class AssetResolver {
  private readonly memo = new Map<string, Promise<ResolvedAsset>>();
  /** Bundle paths by content hash: one file per distinct image. */
  private readonly bundledByHash = new Map<string, string>();

  constructor(private readonly ctx: AssetContext) {}

  async resolve(page: MappedPage): Promise<Record<string, ResolvedAsset>> {
    const out: Record<string, ResolvedAsset> = {};
    const sizes = displayedSizes(page);
    for (const [url, alt] of assetUrlsOf(page)) {
      let pending = this.memo.get(url);
      if (!pending) {
        const resolving = this.resolveOne(url, alt, sizes.get(url) ?? {});
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

  private async resolveOne(url: string, alt: string, size: { width?: number | null; height?: number | null }): Promise<ResolvedAsset> {
    const keep = (reason: string): ResolvedAsset => ({ sourceUrl: url, url, targetId: null, alt, state: "source", reason });
    if (this.ctx.mode === "none") return keep("the site's asset mode is none");
    const file = await download(this.ctx.fetch, url);
    if ("error" in file) {
      this.ctx.log?.(`Asset kept at its source URL: ${url}: ${file.error}`);
      return keep(file.error);
    }
    // A server that calls an SVG text/plain or octet-stream: the bytes say what it is.
    if (MISLABELLED.test(file.contentType) && isSvgDocument(file.bytes)) file.contentType = "image/svg+xml";
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
      return { sourceUrl: url, targetId: null, alt, url: this.ctx.platform && this.ctx.adapter.capabilities().output === "bundle" ? path : url, state: "bundled" };
    }
    const known = await this.known(contentHash);
    if (known) return { sourceUrl: url, url: known.targetUrl, targetId: known.targetId, alt, state: "reused" };
    try {
      return { ...(await this.upload(url, { sourceUrl: url, bytes: file.bytes, contentType: file.contentType, filename, alt, contentHash })), state: "uploaded" };
    } catch (err) {
      if (!(err instanceof AssetRefusedError)) throw err;
      if (!this.ctx.rasterize || file.contentType !== "image/svg+xml") {
        this.ctx.log?.(`Asset kept at its source URL: ${url}: ${err.message}`);
        return keep(`refused by the platform: ${err.message}`);
      }
      // The platform refuses SVG: the image as the page showed it, rendered by the browser into a PNG.
      const png = await this.ctx.rasterize(file.bytes, size);
      const bytes = new Uint8Array(png.bytes) as Uint8Array<ArrayBuffer>;
      const pngHash = await sha256Hex(bytes);
      const reason = "converted from SVG to PNG: the platform refuses SVG";
      this.ctx.log?.(`Asset ${reason}: ${url}`);
      const again = await this.known(pngHash);
      if (again) return { sourceUrl: url, url: again.targetUrl, targetId: again.targetId, alt, state: "converted", reason };
      const pngName = filename.replace(/\.svgz?$/i, "").replace(/(\.[a-z0-9]+)?$/i, ".png");
      return { ...(await this.upload(url, { sourceUrl: url, bytes, contentType: "image/png", filename: pngName, alt, contentHash: pngHash })), state: "converted", reason };
    }
  }

  private known(contentHash: string) {
    const { db, siteId, platform } = this.ctx;
    return db.query.targetAssets.findFirst({
      where: and(eq(targetAssets.siteId, siteId), eq(targetAssets.platform, platform), eq(targetAssets.contentHash, contentHash)),
    });
  }

  /** Uploads into the target, remembers the bytes for later runs and records the upload for rollback. */
  private async upload(url: string, input: AssetInput): Promise<Pick<ResolvedAsset, "sourceUrl" | "url" | "targetId" | "alt">> {
    const { db, siteId, platform } = this.ctx;
    const uploaded = await this.ctx.adapter.uploadAsset(input);
    await db
      .insert(targetAssets)
      .values({ id: newId(), organizationId: this.ctx.organizationId, siteId, platform, contentHash: input.contentHash, sourceUrl: url, targetId: uploaded.targetId, targetUrl: uploaded.url })
      .onConflictDoNothing();
    await this.ctx.onUpload({ ...uploaded, contentHash: input.contentHash });
    return { sourceUrl: url, url: uploaded.url, targetId: uploaded.targetId, alt: input.alt };
  }
}
