/**
 * The browser's part of the fidelity check: the written page rendered from the target (its HTML, its
 * images and whether each loaded, a screenshot as the crawler takes them) and the difference of two
 * screenshots per region, computed on canvases in a blank tab.
 */
import type { Browser } from "@cloudflare/puppeteer";
import { Buffer } from "node:buffer";
import type { RegionDifference } from "../../contracts/fidelity";
import { RenderTab, VIEWPORT, type LoadedPage } from "../../crawl/browser";
import type { RenderedImage } from "./compare";

/** How long lazy images of the target page may take to load once asked to (they are below the fold). */
const LAZY_IMAGES_MS = 4_000;

// Runs in the page (a string, as READ in crawl/browser.ts). Lazy images below the fold are asked to load
// (the page is read without scrolling), then every image is listed with the URLs it may load from.
const IMAGES = `(async () => {
  const images = Array.from(document.images);
  for (const img of images) if (img.loading === "lazy") img.loading = "eager";
  const settle = images.filter((img) => !img.complete).map((img) => new Promise((r) => { img.addEventListener("load", r, { once: true }); img.addEventListener("error", r, { once: true }); }));
  await Promise.race([Promise.all(settle), new Promise((r) => setTimeout(r, ${LAZY_IMAGES_MS}))]);
  return images.map((img) => {
    const urls = new Set();
    if (img.currentSrc) urls.add(img.currentSrc);
    if (img.src) urls.add(img.src);
    for (const candidate of (img.getAttribute("srcset") || "").split(",")) {
      const u = candidate.trim().split(/\\s+/)[0];
      if (u) { try { urls.add(new URL(u, document.baseURI).href); } catch (e) {} }
    }
    return { urls: Array.from(urls), loaded: img.complete && img.naturalWidth > 0 };
  });
})()`;

export interface RenderedTarget {
  loaded: LoadedPage;
  images: RenderedImage[];
  screenshot: Uint8Array;
}

/** Renders a written page from the target in a tab of its own, kept to the target's host. */
export async function renderTarget(browser: Browser, targetUrl: string): Promise<RenderedTarget> {
  const tab = await RenderTab.open(browser, new URL(targetUrl).host);
  try {
    const loaded = await tab.load(targetUrl);
    const images = await tab.evaluate<RenderedImage[]>(IMAGES);
    const screenshot = await tab.screenshot(loaded.height);
    return { loaded, images, screenshot };
  } finally {
    await tab.close();
  }
}

/** Width the screenshots are compared at: three columns of 64 pixels. */
const COMPARE_WIDTH = 192;
const COLUMNS = ["left", "middle", "right"];
/** At most this many bands of one viewport's height are compared (the crawler's screenshots are at most four). */
const MAX_BANDS = 4;

function differenceScript(a: string, b: string): string {
  return `(async () => {
    const load = (b64) => new Promise((resolve, reject) => { const img = new Image(); img.onload = () => resolve(img); img.onerror = () => reject(new Error("The screenshot could not be decoded")); img.src = "data:image/jpeg;base64," + b64; });
    const [a, b] = await Promise.all([load(${JSON.stringify(a)}), load(${JSON.stringify(b)})]);
    const W = ${COMPARE_WIDTH};
    const draw = (img) => {
      const h = Math.max(1, Math.round(img.naturalHeight * W / img.naturalWidth));
      const canvas = document.createElement("canvas");
      canvas.width = W; canvas.height = h;
      const ctx = canvas.getContext("2d");
      ctx.drawImage(img, 0, 0, W, h);
      return { h, data: ctx.getImageData(0, 0, W, h).data };
    };
    const A = draw(a), B = draw(b);
    const band = Math.round(${VIEWPORT.height} * W / ${VIEWPORT.width});
    const height = Math.min(A.h, B.h);
    const bands = Math.min(${MAX_BANDS}, Math.max(1, Math.ceil(height / band)));
    const columns = ${JSON.stringify(COLUMNS)};
    const colWidth = W / columns.length;
    const out = [];
    for (let r = 0; r < bands; r++) {
      for (let c = 0; c < columns.length; c++) {
        let sum = 0, n = 0;
        for (let y = r * band; y < Math.min((r + 1) * band, height); y++) {
          for (let x = c * colWidth; x < (c + 1) * colWidth; x++) {
            const i = (y * W + x) * 4;
            const la = 0.299 * A.data[i] + 0.587 * A.data[i + 1] + 0.114 * A.data[i + 2];
            const lb = 0.299 * B.data[i] + 0.587 * B.data[i + 1] + 0.114 * B.data[i + 2];
            sum += Math.abs(la - lb); n++;
          }
        }
        const where = r === 0 ? "Top" : "Screen " + (r + 1);
        out.push({ label: where + " " + columns[c], difference: n ? Math.round((sum / n / 255) * 1000) / 1000 : 0 });
      }
    }
    return out;
  })()`;
}

/**
 * The mean brightness difference of two JPEG screenshots (the source's and the target's), per region:
 * bands of one viewport's height from the top, in three columns, both scaled to the same width.
 */
export async function compareScreenshots(browser: Browser, a: Uint8Array, b: Uint8Array): Promise<RegionDifference[]> {
  const page = await browser.newPage();
  try {
    return (await page.evaluate(differenceScript(Buffer.from(a).toString("base64"), Buffer.from(b).toString("base64")))) as RegionDifference[];
  } finally {
    await page.close().catch(() => {});
  }
}
