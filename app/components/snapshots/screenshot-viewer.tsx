import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { HighlightOverlay } from "./highlight-overlay";
import { PAGE_WIDTH, clampBox, highlightText, prefersReducedMotion, type Highlight } from "./highlight";

type Zoom = "fit" | "actual";

/** Space kept around an outline scrolled into view, in screen pixels. */
const SCROLL_MARGIN = 48;

/**
 * The page's screenshot in its own scroll box, at fit width or actual size, with the highlighted
 * element outlined. Overlay positions use container query units of the page-wide wrapper, so they
 * follow any rendered width without measuring it.
 */
export function ScreenshotViewer({ src, alt, highlight, pinned, onClear }: { src: string; alt: string; highlight: Highlight | null; pinned: boolean; onClear: () => void }) {
  const [zoom, setZoom] = useState<Zoom>("fit");
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const outline = useRef<HTMLDivElement>(null);

  const onLoad = () => {
    const img = image.current;
    if (img && img.naturalWidth > 0) setNatural({ width: img.naturalWidth, height: img.naturalHeight });
  };
  // A cached image may finish loading before hydration, when React's onLoad is not attached yet.
  useEffect(() => {
    if (image.current?.complete) onLoad();
  }, [src]);

  // The captured page's height in the boxes' CSS pixels (the JPEG may have another pixel density).
  const pageHeight = natural ? (natural.height * PAGE_WIDTH) / natural.width : null;
  const box = highlight && pageHeight !== null ? clampBox(highlight.box, pageHeight) : null;

  useEffect(() => {
    const el = outline.current;
    const sc = scroller.current;
    if (!el || !sc) return;
    const behavior: ScrollBehavior = prefersReducedMotion() ? "auto" : "smooth";
    const view = sc.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    // A pinned outline whose scroll box is off screen (the stacked layout): bring both into view.
    if (pinned && (view.bottom < 80 || view.top > window.innerHeight - 80)) {
      el.scrollIntoView({ block: "center", inline: "nearest", behavior });
      return;
    }
    const inside = r.top >= view.top && r.bottom <= view.bottom && r.left >= view.left && r.right <= view.right;
    if (inside) return;
    // Only the scroll box moves: scrolling the window would pull the rows away from the pointer.
    sc.scrollTo({ top: Math.max(0, sc.scrollTop + r.top - view.top - SCROLL_MARGIN), left: Math.max(0, sc.scrollLeft + r.left - view.left - SCROLL_MARGIN), behavior });
  }, [highlight?.id, box?.x, box?.y, pinned, zoom]);

  if (failed) return <EmptyState title="The screenshot could not be loaded">Reload the page to try again.</EmptyState>;

  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Zoom" className="inline-flex gap-1">
          <Button size="sm" variant={zoom === "fit" ? "primary" : "secondary"} aria-pressed={zoom === "fit"} onClick={() => setZoom("fit")}>
            Fit width
          </Button>
          <Button size="sm" variant={zoom === "actual" ? "primary" : "secondary"} aria-pressed={zoom === "actual"} onClick={() => setZoom("actual")}>
            100%
          </Button>
        </div>
        {pinned ? (
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear highlight
          </Button>
        ) : null}
        <a href={src} target="_blank" rel="noreferrer" className="ml-auto text-sm text-brand-600 underline dark:text-brand-300">
          Open image<span className="sr-only"> in a new tab</span>
        </a>
      </div>
      <div
        ref={scroller}
        role="region"
        aria-label="Screenshot of the page"
        // Focusable so the keyboard can scroll it.
        tabIndex={0}
        className="max-h-[75vh] overflow-auto overscroll-contain rounded border border-slate-200 bg-slate-100 xl:max-h-[calc(100vh-13rem)] dark:border-slate-800 dark:bg-slate-950"
      >
        <div className="@container relative" style={{ width: zoom === "fit" ? "100%" : `${PAGE_WIDTH}px` }}>
          <img ref={image} src={src} alt={alt} onLoad={onLoad} onError={() => setFailed(true)} className="block w-full" />
          {highlight && box ? <HighlightOverlay ref={outline} highlight={highlight} box={box} /> : null}
        </div>
      </div>
      {highlight && natural && !box ? <p className="mt-2 text-sm text-amber-700 dark:text-amber-300">{highlight.label} lies outside the captured part of the page.</p> : null}
      {/* Announces pinned highlights only: previews follow the pointer and would be noise. */}
      <p className="sr-only" aria-live="polite">
        {pinned && highlight ? highlightText(highlight) : ""}
      </p>
    </div>
  );
}
