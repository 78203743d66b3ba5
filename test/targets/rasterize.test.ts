import puppeteer, { type BrowserWorker } from "@cloudflare/puppeteer";
import { env } from "cloudflare:workers";
import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { RASTERIZE_MAX_BYTES, rasterizeSvg, svgRasterSize } from "../../workers/targets/rasterize";

const binding = env.BROWSER;
const bytes = (text: string) => new TextEncoder().encode(text);
const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';

/** A PNG's width and height from its IHDR chunk, after checking the signature. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  expect(Array.from(png.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(new TextDecoder().decode(png.subarray(12, 16))).toBe("IHDR");
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * RGBA of pixels of a PNG, read back by the browser: the PNG is drawn into a canvas and read with
 * getImageData (no PNG decoder is a dependency of the project).
 */
async function pixels(png: Uint8Array, points: [number, number][]): Promise<number[][]> {
  const browser = await puppeteer.launch(binding as unknown as BrowserWorker);
  try {
    const page = await browser.newPage();
    const src = `data:image/png;base64,${Buffer.from(png).toString("base64")}`;
    return (await page.evaluate(`(async () => {
      const img = new Image();
      img.src = ${JSON.stringify(src)};
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext("2d");
      ctx.drawImage(img, 0, 0);
      return ${JSON.stringify(points)}.map(([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data));
    })()`)) as number[][];
  } finally {
    await browser.close().catch(() => {});
  }
}

const RED = [255, 0, 0, 255];
const red40x20 = bytes(`<svg ${SVG_NS} width="40" height="20"><rect width="100%" height="100%" fill="#ff0000"/></svg>`);

describe("rasterizeSvg", () => {
  it("renders an SVG at its own size, and at the displayed size keeping the aspect ratio", async () => {
    const own = await rasterizeSvg(binding, red40x20, {});
    expect(own).toMatchObject({ contentType: "image/png", width: 40, height: 20 });
    expect(pngSize(own.bytes)).toEqual({ width: 40, height: 20 });

    const wider = await rasterizeSvg(binding, red40x20, { width: 80 });
    expect(wider).toMatchObject({ width: 80, height: 40 });
    expect(pngSize(wider.bytes)).toEqual({ width: 80, height: 40 });

    const both = await rasterizeSvg(binding, red40x20, { width: 33, height: 7 });
    expect(pngSize(both.bytes)).toEqual({ width: 33, height: 7 });
  }, 60_000);

  it("takes the size from the viewBox when the SVG has no width and height", async () => {
    const svg = bytes(`<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<svg ${SVG_NS} viewBox="0 0 64 32"><circle cx="32" cy="16" r="10" fill="blue"/></svg>`);
    const png = await rasterizeSvg(binding, svg, { width: null, height: null });
    expect(png).toMatchObject({ width: 64, height: 32 });
    expect(pngSize(png.bytes)).toEqual({ width: 64, height: 32 });
  }, 60_000);

  it("draws the image's pixels on a transparent background", async () => {
    const halfRed = bytes(`<svg ${SVG_NS} width="40" height="20"><rect width="20" height="20" fill="red"/></svg>`);
    const png = await rasterizeSvg(binding, halfRed, {});
    const [inside, middleOfSolid, outside] = [
      ...(await pixels(png.bytes, [[10, 10]])),
      ...(await pixels((await rasterizeSvg(binding, red40x20, {})).bytes, [[20, 10]])),
      ...(await pixels(png.bytes, [[30, 10]])),
    ];
    expect(inside).toEqual(RED);
    expect(middleOfSolid).toEqual(RED);
    expect(outside[3]).toBe(0);
  }, 90_000);

  it("never runs a script inside the SVG", async () => {
    // Run, the script would paint the rectangle green and cover the tab with a green page.
    const svg = bytes(`<svg ${SVG_NS} width="40" height="20">
      <rect id="r" width="100%" height="100%" fill="red"/>
      <script><![CDATA[
        document.getElementById("r").setAttribute("fill", "lime");
        try { top.document.body.innerHTML = '<div style="position:fixed;inset:0;background:lime"></div>'; } catch (e) {}
      ]]></script>
    </svg>`);
    const png = await rasterizeSvg(binding, svg, {});
    expect(pngSize(png.bytes)).toEqual({ width: 40, height: 20 });
    expect(await pixels(png.bytes, [[20, 10], [1, 1]])).toEqual([RED, RED]);
  }, 60_000);

  it("renders an SVG of several megabytes (the image goes to the browser in one message)", async () => {
    const rects = Array.from({ length: 35_000 }, (_, i) => `<rect x="${i % 40}" y="${i % 20}" width="1" height="1" fill="#ff0000"/>`).join("\n");
    const svg = bytes(`<svg ${SVG_NS} width="40" height="20"><rect width="40" height="20" fill="red"/><!-- ${"x".repeat(2_000_000)} -->${rects}</svg>`);
    expect(svg.byteLength).toBeGreaterThan(4_000_000);
    expect(svg.byteLength).toBeLessThan(RASTERIZE_MAX_BYTES);
    const png = await rasterizeSvg(binding, svg, {});
    expect(pngSize(png.bytes)).toEqual({ width: 40, height: 20 });
    expect(await pixels(png.bytes, [[20, 10]])).toEqual([RED]);
  }, 60_000);

  it("refuses what is not an SVG, and an SVG that is too large", async () => {
    const png = (await rasterizeSvg(binding, red40x20, {})).bytes;
    await expect(rasterizeSvg(binding, png, {})).rejects.toThrow(/^Not an SVG image/);
    await expect(rasterizeSvg(binding, bytes("<!DOCTYPE html><html><body><svg></svg></body></html>"), {})).rejects.toThrow(
      "Not an SVG image: the document's root element is <html>, not <svg>",
    );
    await expect(rasterizeSvg(binding, bytes(`<svg ${SVG_NS} width="4"><rect></svg>`), {})).rejects.toThrow(/^Not an SVG image: it is not well-formed XML/);
    // Well-formed, but outside the SVG namespace: the browser cannot draw it, and says so.
    await expect(rasterizeSvg(binding, bytes(`<svg width="4" height="4"><rect width="4" height="4"/></svg>`), {})).rejects.toThrow(/^The browser could not render the SVG/);
    const huge = new Uint8Array(RASTERIZE_MAX_BYTES + 1).fill(0x20);
    huge.set(red40x20);
    await expect(rasterizeSvg(binding, huge, {})).rejects.toThrow(/too large/);
  }, 60_000);

  it("sizes from units, one side and the limits", () => {
    const size = (root: string, opts: { width?: number | null; height?: number | null } = {}) => svgRasterSize(bytes(`${root}</svg>`), opts);
    expect(size(`<svg ${SVG_NS}>`)).toEqual({ width: 300, height: 150 });
    expect(size(`<svg ${SVG_NS} width="1in" height="72pt">`)).toEqual({ width: 96, height: 96 });
    expect(size(`<svg ${SVG_NS} width="100%" height="100%" viewBox="0,0,20,10">`)).toEqual({ width: 20, height: 10 });
    expect(size(`<svg ${SVG_NS} width="50" viewBox="0 0 20 10">`)).toEqual({ width: 50, height: 25 });
    expect(size(`<svg ${SVG_NS} viewBox="0 0 20 10">`, { height: 30 })).toEqual({ width: 60, height: 30 });
    expect(size(`<svg ${SVG_NS} width="40" height="20">`, { width: 0, height: Number.NaN })).toEqual({ width: 40, height: 20 });
    expect(size(`<svg ${SVG_NS} width="40" height="20">`, { width: 10_000 })).toEqual({ width: 4096, height: 2048 });
    expect(size(`<svg ${SVG_NS} width="40" height="20">`, { width: 0.2, height: 0.1 })).toEqual({ width: 1, height: 1 });
    const prefixed = `\uFEFF<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY ns "x">]><svg:svg xmlns:svg="http://www.w3.org/2000/svg" width='7' height='9' ></svg:svg>`;
    expect(svgRasterSize(bytes(prefixed), {})).toEqual({ width: 7, height: 9 });
  });
});
