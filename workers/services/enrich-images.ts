/**
 * The images a vision model looks at to write their alt text: the page's images that have none, read
 * from the source site through the egress guard, a few per page, each bounded in size. Formats a model
 * cannot read (SVG, anything not a raster image) are left to the text context alone.
 */
import type { Env } from "../env";
import { egressFetch, egressPolicy, type FetchLike } from "../lib/egress";
import type { PageImage } from "../enrich/ai";

/** At most this many images of one page are shown to the model. */
export const VISION_IMAGES_PER_PAGE = 4;
/** An image larger than this is not sent (a model's request has a size limit too). */
export const VISION_MAX_BYTES = 3 * 1024 * 1024;
const TIMEOUT_MS = 8_000;
const RASTER = /^image\/(jpeg|png|gif|webp)$/i;

async function readImage(env: Env, src: string, transport?: FetchLike): Promise<PageImage | null> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  try {
    const { response } = await egressFetch(src, { signal: abort.signal }, { policy: egressPolicy(env), fetch: transport });
    const mediaType = (response.headers.get("Content-Type") ?? "").split(";")[0]!.trim();
    const declared = Number(response.headers.get("Content-Length") ?? 0);
    if (!response.ok || !RASTER.test(mediaType) || declared > VISION_MAX_BYTES) {
      await response.body?.cancel().catch(() => {});
      return null;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.byteLength && bytes.byteLength <= VISION_MAX_BYTES ? { src, bytes, mediaType } : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The first VISION_IMAGES_PER_PAGE of `sources` that can be read as raster images, in order. */
export async function imagesForVision(env: Env, sources: readonly string[], transport?: FetchLike): Promise<PageImage[]> {
  const read = await Promise.all(sources.slice(0, VISION_IMAGES_PER_PAGE).map((src) => readImage(env, src, transport)));
  return read.filter((i): i is PageImage => i !== null);
}
