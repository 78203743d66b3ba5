import { forwardRef } from "react";
import type { Box } from "../../../workers/contracts/extraction";
import { PAGE_WIDTH, highlightText, type Highlight } from "./highlight";

/** CSS pixels of the rendered page as container query units of the page-wide wrapper. */
const cq = (px: number) => `${(px * 100) / PAGE_WIDTH}cqw`;

/** Boxes this close to the top get their label below, where it is not cut off. */
const LABEL_ROOM = 80;

/** The outline of a highlighted element, with a label saying what it is and where it came from. */
export const HighlightOverlay = forwardRef<HTMLDivElement, { highlight: Highlight; box: Box }>(function HighlightOverlay({ highlight, box }, ref) {
  const below = box.y < LABEL_ROOM;
  return (
    <div
      ref={ref}
      role="img"
      aria-label={highlightText(highlight)}
      data-testid="screenshot-highlight"
      // A white halo keeps the outline visible on dark and on fuchsia-ish pages alike.
      className="pointer-events-none absolute min-h-2 min-w-2 rounded-sm border-[3px] border-fuchsia-600 bg-fuchsia-500/10 shadow-[0_0_0_2px_rgba(255,255,255,0.9),0_0_0_9999px_rgba(15,23,42,0.18)]"
      style={{ left: cq(box.x), top: cq(box.y), width: cq(box.width), height: cq(box.height) }}
    >
      <span
        aria-hidden="true"
        className={`absolute -left-[3px] max-w-[min(28rem,90cqw)] truncate rounded bg-fuchsia-700 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-white shadow ${below ? "top-full mt-1" : "bottom-full mb-1"}`}
      >
        {highlight.label}
        {highlight.provenance ? <span className="font-normal opacity-90"> · {highlight.provenance}</span> : null}
      </span>
    </div>
  );
});
