/**
 * Layout signals from the browser: the capture step writes `data-box="x,y,w,h"` (CSS px, document
 * coordinates) on visible elements and `data-fixed` on those inside fixed-position layers. The main
 * text sits in one wide column of dense paragraphs; side columns, fixed layers and 1-pixel
 * (visually hidden) elements are page furniture.
 */
import type { Box } from "../../contracts/extraction";
import { boxOf, tagOf } from "../html";
import { INLINE_TAGS, linkRatio, ownLinkRatio, type PageStats } from "./stats";

export interface Column {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Whether the page was annotated by the browser. */
export const hasBoxes = (body: Element) => body.querySelector("[data-box]") !== null;

/** The element's box, or the nearest annotated ancestor's (cells and terms are not annotated). */
function nearBox(el: Element): Box | null {
  let cur: Element | null = el;
  for (let i = 0; cur && i < 4; i++, cur = cur.parentElement) {
    const box = boxOf(cur);
    if (box) return box;
  }
  return null;
}

const isFixed = (el: Element) => el.closest("[data-fixed]") !== null;
const tiny = (box: Box) => box.width <= 2 || box.height <= 2;
const overlap = (box: Box, col: Column) => Math.max(0, Math.min(box.x + box.width, col.right) - Math.max(box.x, col.left));
/** Horizontally beside the column rather than in it. */
const offColumn = (box: Box, col: Column) => overlap(box, col) < 0.15 * box.width;

function weightedMedian(values: [number, number][]): number {
  const sorted = [...values].sort((a, b) => a[0] - b[0]);
  const half = sorted.reduce((s, [, w]) => s + w, 0) / 2;
  let acc = 0;
  for (const [v, w] of sorted) if ((acc += w) >= half) return v;
  return sorted.at(-1)?.[0] ?? 0;
}

/** Blocks of dense prose with their boxes: the evidence for where the text column is. */
function denseBlocks(blocks: readonly Element[], stats: PageStats): { el: Element; box: Box; weight: number }[] {
  const out: { el: Element; box: Box; weight: number }[] = [];
  for (const el of blocks) {
    const s = stats.get(el);
    if (s.own < 80 || ownLinkRatio(s) >= 0.3) continue;
    const box = nearBox(el);
    if (box && !tiny(box) && !isFixed(el)) out.push({ el, box, weight: s.own });
  }
  return out;
}

/** The column of dense text among `blocks` (weighted medians of left and right edges). */
export function textColumn(blocks: readonly Element[], stats: PageStats): Column | null {
  const dense = denseBlocks(blocks, stats);
  if (dense.reduce((s, d) => s + d.weight, 0) < 200) return null;
  const left = weightedMedian(dense.map((d) => [d.box.x, d.weight]));
  const right = weightedMedian(dense.map((d) => [d.box.x + d.box.width, d.weight]));
  if (right <= left) return null;
  const inside = dense.filter((d) => !offColumn(d.box, { left, right, top: 0, bottom: 0 }));
  const top = Math.min(...inside.map((d) => d.box.y));
  const bottom = Math.max(...inside.map((d) => d.box.y + d.box.height));
  return { left, right, top, bottom };
}

/**
 * Why the layout says `el` is not content: a fixed layer, a visually hidden element, or (when
 * `strictSides`, or when it is link-heavy) a text block beside the text column.
 */
export function layoutReason(el: Element, stats: PageStats, column: Column | null, strictSides: boolean): string | null {
  if (el.hasAttribute("data-fixed")) return "fixed layer";
  const box = boxOf(el);
  if (!box) return null;
  if (tiny(box)) return "visually hidden";
  if (!column || INLINE_TAGS.has(tagOf(el))) return null;
  const s = stats.get(el);
  if (s.chars > 0 && offColumn(box, column) && (strictSides || linkRatio(s) >= 0.25)) return "side column";
  return null;
}

const MEDIA = new Set(["img", "picture", "figure", "table", "video"]);
/** A gap this tall between dense blocks separates the article from what follows it (comments, teasers). */
const SEGMENT_GAP = 1000;

/**
 * The layout candidate: the blocks of the text column around its largest run of dense paragraphs,
 * with the images and tables drawn there. Null when the page carries no boxes or no dense text.
 */
export function layoutPick(body: Element, stats: PageStats): Element[] | null {
  const column = textColumn(stats.blocks, stats);
  if (!column) return null;
  const dense = denseBlocks(stats.blocks, stats)
    .filter((d) => !offColumn(d.box, column))
    .sort((a, b) => a.box.y - b.box.y);
  const runs: { top: number; bottom: number; weight: number }[] = [];
  for (const d of dense) {
    const last = runs.at(-1);
    if (last && d.box.y - last.bottom <= SEGMENT_GAP) {
      last.bottom = Math.max(last.bottom, d.box.y + d.box.height);
      last.weight += d.weight;
    } else runs.push({ top: d.box.y, bottom: d.box.y + d.box.height, weight: d.weight });
  }
  const best = runs.reduce((a, b) => (b.weight > a.weight ? b : a));
  // Room above the first paragraph for the headline and lead.
  const top = best.top - 500;
  const bottom = best.bottom + 50;
  const inRun = (box: Box) => box.y + box.height > top && box.y < bottom && !offColumn(box, column) && !tiny(box);
  const kept: Element[] = [];
  for (const el of stats.blocks) {
    const box = nearBox(el);
    const s = stats.get(el);
    if (box && inRun(box) && !isFixed(el) && (ownLinkRatio(s) < 0.5 || /^h[1-6]$/.test(tagOf(el)))) kept.push(el);
  }
  for (const el of Array.from(body.querySelectorAll("img, picture, figure, table"))) {
    const box = boxOf(el);
    if (MEDIA.has(tagOf(el)) && box && inRun(box) && !isFixed(el)) kept.push(el);
  }
  return kept.length ? kept : null;
}
