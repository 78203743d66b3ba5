import { useCallback, useMemo, useState } from "react";
import type { Box } from "../../../workers/contracts/extraction";

/** Width in CSS pixels of the page the crawler rendered: boxes and the screenshot share its coordinates. */
export const PAGE_WIDTH = 1280;

/** An element of the page to outline on the screenshot. */
export interface Highlight {
  id: string;
  box: Box;
  /** What the element stands for: "hero.title", "Page metadata: Author". */
  label: string;
  provenance: string | null;
}

/** What rows need to show their element on the screenshot. Absent when there is no screenshot. */
export interface Highlighter {
  /** The highlight pinned with "Show on page". */
  selectedId: string | null;
  /** The one drawn now: a hovered or focused row previews over the pinned one. */
  activeId: string | null;
  /** Pins the highlight, or unpins it when it is already pinned. */
  toggle: (h: Highlight) => void;
  preview: (h: Highlight | null) => void;
}

/** The accessible name of the outline. */
export function highlightText(h: Highlight): string {
  return `Highlighted: ${h.label}${h.provenance ? ` from ${h.provenance}` : ""}`;
}

/** Pinned and previewed highlights of one snapshot screen. */
export function useHighlights() {
  const [selected, setSelected] = useState<Highlight | null>(null);
  const [preview, setPreview] = useState<Highlight | null>(null);
  const toggle = useCallback((h: Highlight) => {
    setSelected((cur) => (cur?.id === h.id ? null : h));
    // The pressed row is focused and would keep previewing what was just unpinned.
    setPreview(null);
  }, []);
  const clear = useCallback(() => {
    setSelected(null);
    setPreview(null);
  }, []);
  const shown = preview ?? selected;
  const highlighter = useMemo<Highlighter>(
    () => ({ selectedId: selected?.id ?? null, activeId: shown?.id ?? null, toggle, preview: setPreview }),
    [selected, shown, toggle],
  );
  return { highlighter, shown, pinned: shown !== null && shown.id === selected?.id, clear };
}

/** Keeps a box inside the captured part of the page; null when it lies wholly below it. */
export function clampBox(box: Box, pageHeight: number): Box | null {
  const x = Math.max(0, Math.min(box.x, PAGE_WIDTH));
  const y = Math.max(0, box.y);
  if (y >= pageHeight || x >= PAGE_WIDTH) return null;
  const width = Math.max(0, Math.min(box.x + box.width, PAGE_WIDTH) - x);
  const height = Math.max(0, Math.min(box.y + box.height, pageHeight) - y);
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}
