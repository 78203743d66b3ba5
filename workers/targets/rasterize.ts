import puppeteer, { type Browser, type BrowserWorker, type HTTPRequest, type Page } from "@cloudflare/puppeteer";
import type { Fetcher } from "@cloudflare/workers-types";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { Buffer } from "node:buffer";

/**
 * SVG to PNG with the real browser (Browser Rendering), for target platforms that refuse SVG
 * (WordPress): the image is rendered at the size it was shown at on the source page.
 *
 * The SVG is shown as an `<img>` from a `data:` URL in a blank tab, so the browser treats it as an
 * image document: scripts inside it never run and it loads nothing from the network (the tab also
 * refuses every request that is not a `data:` URL). The PNG is a screenshot of exactly the image's box,
 * on a transparent background.
 */

/** The largest SVG rendered. */
export const RASTERIZE_MAX_BYTES = 5 * 1024 * 1024;
/** The longest side of a PNG rendered. */
export const RASTERIZE_MAX_SIDE = 4096;
/** How long the browser may take to decode the image. */
export const RASTERIZE_DECODE_TIMEOUT_MS = 10_000;
/** The size the browser gives a replaced element that has none (CSS 2 §10.3.2). */
const DEFAULT_SIZE = { width: 300, height: 150 } as const;

export interface RasterizedImage {
  bytes: Uint8Array;
  contentType: "image/png";
  width: number;
  height: number;
}

/** CSS pixels per unit of an SVG length (absolute units only; %, em and ex depend on a context an image has not). */
const UNITS: Record<string, number> = { "": 1, px: 1, pt: 96 / 72, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6 };

/** An SVG `width`/`height` attribute in CSS pixels; null when absent, relative (100%, 2em) or not positive. */
function length(value: string | undefined): number | null {
  if (value === undefined) return null;
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  if (!m) return null;
  const unit = UNITS[m[2].toLowerCase()];
  const px = Number(m[1]) * (unit ?? NaN);
  return Number.isFinite(px) && px > 0 ? px : null;
}

/** The width and height of a `viewBox` attribute; null when absent or invalid (the browser ignores such a viewBox). */
function viewBox(value: string | undefined): { width: number; height: number } | null {
  if (value === undefined) return null;
  const parts = value.trim().split(/[\s,]+/).map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [, , width, height] = parts;
  return width > 0 && height > 0 ? { width, height } : null;
}

/** A positive finite number, or null. */
function given(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

/** fast-xml-parser set to read a document's root and its attributes: entities never expanded. */
const rootParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", attributesGroupName: "@", processEntities: false });

/**
 * Checks that these bytes are an SVG document (well-formed XML whose root element is <svg>, with or
 * without a namespace prefix) and returns its root's attributes. Throws, saying why, otherwise.
 */
function readSvg(svg: Uint8Array): Record<string, string> {
  if (svg.byteLength > RASTERIZE_MAX_BYTES) throw new Error(`The SVG is too large to render (${svg.byteLength} bytes, at most ${RASTERIZE_MAX_BYTES})`);
  // Not fatal: an SVG in another 8-bit encoding (declared in its XML declaration) is read by the browser itself.
  const text = new TextDecoder().decode(svg);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`Not an SVG image: it is not well-formed XML (${valid.err.msg.replace(/\.$/, "")}, line ${valid.err.line})`);
  const doc = rootParser.parse(text) as Record<string, unknown>;
  const root = Object.keys(doc).find((k) => !k.startsWith("?"));
  if (!root || !/^(?:[A-Za-z_][\w.-]*:)?svg$/.test(root)) throw new Error(`Not an SVG image: ${root ? `the document's root element is <${root}>, not <svg>` : "it has no root element"}`);
  const node = doc[root];
  return (node && typeof node === "object" && "@" in node ? (node as { "@": Record<string, string> })["@"] : {}) ?? {};
}

/** Whether these bytes are an SVG document (see readSvg), for files a server labelled otherwise. */
export function isSvgDocument(bytes: Uint8Array): boolean {
  // Cheap first: an SVG names its root early; most other files never say "<svg" at all.
  if (!/<(?:[A-Za-z_][\w.-]*:)?svg[\s/>]/.test(new TextDecoder().decode(bytes.subarray(0, 4096)))) return false;
  try {
    readSvg(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The size the PNG is rendered at, in CSS pixels: the size the image was shown at (`opts`) when
 * given, else the SVG's own width and height, else its viewBox, else 300×150. When only one side is
 * known the other follows the image's aspect ratio. Sides are whole pixels from 1 to RASTERIZE_MAX_SIDE;
 * a larger image is scaled down to fit, keeping its aspect ratio.
 */
export function rasterSize(attrs: Record<string, string>, opts: { width?: number | null; height?: number | null }): { width: number; height: number } {
  const box = viewBox(attrs.viewBox);
  let iw = length(attrs.width);
  let ih = length(attrs.height);
  const ratio = iw && ih ? iw / ih : box ? box.width / box.height : null;
  if (iw === null && ih === null && box) ({ width: iw, height: ih } = box);
  if (iw === null) iw = ih !== null && ratio ? ih * ratio : DEFAULT_SIZE.width;
  if (ih === null) ih = ratio ? iw / ratio : DEFAULT_SIZE.height;

  const gw = given(opts.width);
  const gh = given(opts.height);
  let width = gw ?? (gh !== null ? (gh * iw) / ih : iw);
  let height = gh ?? (gw !== null ? (gw * ih) / iw : ih);
  const scale = Math.min(1, RASTERIZE_MAX_SIDE / width, RASTERIZE_MAX_SIDE / height);
  width = Math.min(RASTERIZE_MAX_SIDE, Math.max(1, Math.round(width * scale)));
  height = Math.min(RASTERIZE_MAX_SIDE, Math.max(1, Math.round(height * scale)));
  return { width, height };
}

/** The size an SVG's bytes would be rendered at (see rasterSize); throws when they are not an SVG. */
export function svgRasterSize(svg: Uint8Array, opts: { width?: number | null; height?: number | null }): { width: number; height: number } {
  return rasterSize(readSvg(svg), opts);
}

// Runs in the page. A string, not a function (see workers/crawl/browser.ts: bundlers rewrite functions).
// Shows the image at the given size in the top left corner and waits until it is decoded; returns its box.
const show = (src: string, width: number, height: number) => `(async () => {
  document.documentElement.style.cssText = "margin:0;padding:0;background:transparent";
  document.body.style.cssText = "margin:0;padding:0;background:transparent";
  const img = new Image();
  img.style.cssText = "display:block;margin:0;padding:0;border:0;width:${width}px;height:${height}px";
  img.alt = "";
  img.src = ${JSON.stringify(src)};
  document.body.replaceChildren(img);
  try {
    await img.decode();
  } catch (err) {
    return { error: String(err && err.message || err) };
  }
  const r = img.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
})()`;

/**
 * Renders an SVG into a PNG with the browser at the size the image was shown at (see rasterSize).
 * Throws when the bytes are not an SVG (not well-formed XML with an <svg> root), are over
 * RASTERIZE_MAX_BYTES, or the browser cannot decode the image within RASTERIZE_DECODE_TIMEOUT_MS.
 */
export async function rasterizeSvg(
  browser: Fetcher /* the BROWSER binding */,
  svg: Uint8Array,
  opts: { width?: number | null; height?: number | null },
): Promise<RasterizedImage> {
  const { width, height } = svgRasterSize(svg, opts);
  const src = `data:image/svg+xml;base64,${Buffer.from(svg.buffer, svg.byteOffset, svg.byteLength).toString("base64")}`;

  let session: Browser | null = null;
  let page: Page | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    session = await puppeteer.launch(browser as unknown as BrowserWorker);
    page = await session.newPage();
    // The tab loads nothing but the image itself: any other request (none should happen) is refused.
    await page.setRequestInterception(true);
    page.on("request", (req: HTTPRequest) => {
      const url = req.url();
      (url.startsWith("data:") || url === "about:blank" ? req.continue() : req.abort("blockedbyclient")).catch(() => {});
    });
    await page.setViewport({ width, height, deviceScaleFactor: 1 });

    const decoded = page.evaluate(show(src, width, height)) as Promise<{ error?: string; x: number; y: number; width: number; height: number }>;
    decoded.catch(() => {}); // when the timeout wins, closing the page rejects it
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The browser did not decode the SVG within ${RASTERIZE_DECODE_TIMEOUT_MS / 1000} s`)), RASTERIZE_DECODE_TIMEOUT_MS);
    });
    const box = await Promise.race([decoded, timeout]);
    if (box.error !== undefined) throw new Error(`The browser could not render the SVG (${box.error})`);

    const png = await page.screenshot({ type: "png", omitBackground: true, clip: { x: box.x, y: box.y, width, height } });
    return { bytes: new Uint8Array(png), contentType: "image/png", width, height };
  } finally {
    clearTimeout(timer);
    if (page) await page.close().catch(() => {});
    if (session) await session.close().catch(() => {});
  }
}
