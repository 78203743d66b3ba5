import { guardedFetch, type GuardOptions } from "./ssrf";
import { parseXml, XmlSyntaxError, type XmlElement } from "./xml";

/**
 * Sitemaps (sitemaps.org protocol): `<urlset>` files, `<sitemapindex>` files that list other sitemaps,
 * and gzip-compressed variants of both (`.xml.gz`, or any body starting with the gzip magic bytes).
 */

/** The protocol's own limits: 50,000 URLs and 50 MB (uncompressed) per file. */
export const SITEMAP_LIMITS = {
  maxBytes: 50 * 1024 * 1024,
  maxUrls: 50_000,
  /** Sitemap files fetched per run, index files included. */
  maxFiles: 500,
  /** Index files nested in index files (the protocol allows none; some sites do it anyway). */
  maxDepth: 3,
} as const;

export interface SitemapProblem {
  url: string;
  message: string;
}

export interface SitemapResult {
  /** Page URLs as listed (not yet normalised or filtered), in order. */
  urls: string[];
  /** Sitemap files read. */
  files: string[];
  /** Files that could not be read or parsed; the others are still used. */
  problems: SitemapProblem[];
  truncated: boolean;
}

export class SitemapError extends Error {
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = "SitemapError";
  }
}

function tooLarge(url: string, limit: number, when = ""): SitemapError {
  return new SitemapError(`Sitemap ${url} is larger than ${Math.round(limit / 1024 / 1024)} MB${when}`, url);
}

/** Reads a stream up to `limit` bytes; past it, cancels the stream and throws what `onTooLarge` makes. */
async function readLimited(body: ReadableStream<Uint8Array>, limit: number, onTooLarge: () => Error): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  // A failing stream also rejects `closed`; nothing else waits on it.
  reader.closed.catch(() => {});
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw onTooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Decodes a sitemap body: gunzips it when it is gzip data. The limit applies to the inflated size and is
 * checked while inflating, so a small "gzip bomb" cannot exhaust the run's memory.
 */
export async function decodeSitemapBody(bytes: Uint8Array<ArrayBuffer>, url: string, limit: number = SITEMAP_LIMITS.maxBytes): Promise<string> {
  let data = bytes;
  if (isGzip(bytes)) {
    const gunzip = new DecompressionStream("gzip");
    const writer = gunzip.writable.getWriter();
    // Broken gzip data fails the readable side, which is where it is reported; the writable side fails too.
    writer.closed.catch(() => {});
    writer.ready.catch(() => {});
    writer.write(bytes).then(() => writer.close()).catch(() => {});
    try {
      data = await readLimited(gunzip.readable, limit, () => tooLarge(url, limit, " when inflated"));
    } catch (err) {
      if (err instanceof SitemapError) throw err;
      throw new SitemapError(`Sitemap ${url} is not valid gzip data`, url);
    }
  }
  return new TextDecoder("utf-8").decode(data);
}

/** What one sitemap file lists. */
export type SitemapFile = { kind: "urlset"; urls: string[] } | { kind: "index"; sitemaps: string[] };

/** Parses one sitemap document. Throws SitemapError naming the file and the XML error's position. */
export function parseSitemap(xml: string, url: string): SitemapFile {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (err) {
    if (err instanceof XmlSyntaxError) throw new SitemapError(`Sitemap ${url} is not valid XML: ${err.message}`, url);
    throw err;
  }
  const locs = (parent: string) =>
    root.children
      .filter((c) => c.name === parent)
      .map((c) => c.children.find((x) => x.name === "loc")?.text.trim() ?? "")
      .filter((loc) => loc !== "");
  if (root.name === "urlset") return { kind: "urlset", urls: locs("url") };
  if (root.name === "sitemapindex") return { kind: "index", sitemaps: locs("sitemap") };
  throw new SitemapError(`Sitemap ${url} is not a sitemap: its root element is <${root.name}>, expected <urlset> or <sitemapindex>`, url);
}

async function fetchSitemap(url: string, guard: GuardOptions): Promise<SitemapFile> {
  let res: Response;
  try {
    ({ response: res } = await guardedFetch(url, { ...guard, headers: { accept: "application/xml, text/xml, application/gzip, */*" } }));
  } catch (err) {
    throw new SitemapError(`Could not fetch sitemap ${url}: ${err instanceof Error ? err.message : String(err)}`, url);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new SitemapError(`Could not fetch sitemap ${url}: HTTP ${res.status}`, url);
  }
  const bytes = res.body ? await readLimited(res.body, SITEMAP_LIMITS.maxBytes, () => tooLarge(url, SITEMAP_LIMITS.maxBytes)) : new Uint8Array();
  return parseSitemap(await decodeSitemapBody(bytes, url), url);
}

/**
 * Reads a sitemap and, through index files, every sitemap it lists (breadth first, each file once).
 * A broken root sitemap throws; a broken child is reported in `problems` and skipped.
 */
export async function collectSitemapUrls(rootUrl: string, guard: GuardOptions, maxUrls: number = SITEMAP_LIMITS.maxUrls): Promise<SitemapResult> {
  const result: SitemapResult = { urls: [], files: [], problems: [], truncated: false };
  const queue: { url: string; depth: number }[] = [{ url: rootUrl, depth: 0 }];
  const seen = new Set([rootUrl]);
  while (queue.length && !result.truncated) {
    const { url, depth } = queue.shift()!;
    if (result.files.length >= SITEMAP_LIMITS.maxFiles) {
      result.problems.push({ url, message: `Sitemap ${url} skipped: more than ${SITEMAP_LIMITS.maxFiles} sitemap files` });
      continue;
    }
    let file: SitemapFile;
    try {
      file = await fetchSitemap(url, guard);
    } catch (err) {
      if (depth === 0) throw err;
      result.problems.push({ url, message: err instanceof Error ? err.message : String(err) });
      continue;
    }
    result.files.push(url);
    if (file.kind === "index") {
      if (depth >= SITEMAP_LIMITS.maxDepth) {
        result.problems.push({ url, message: `Sitemap index ${url} skipped: nested deeper than ${SITEMAP_LIMITS.maxDepth} levels` });
        continue;
      }
      for (const child of file.sitemaps) {
        let abs: string;
        try {
          abs = new URL(child, url).toString();
        } catch {
          result.problems.push({ url, message: `Sitemap index ${url} lists an invalid URL: ${child}` });
          continue;
        }
        if (!seen.has(abs)) {
          seen.add(abs);
          queue.push({ url: abs, depth: depth + 1 });
        }
      }
      continue;
    }
    for (const page of file.urls) {
      if (result.urls.length >= maxUrls) {
        result.truncated = true;
        break;
      }
      result.urls.push(page);
    }
  }
  return result;
}
