import type { FocusEvent } from "react";
import { Button } from "~/components/ui/button";
import type { Highlight, Highlighter } from "./highlight";

/** Pins (or unpins) an element's outline on the screenshot. */
export function ShowOnPage({ highlight, highlighter }: { highlight: Highlight; highlighter: Highlighter }) {
  const pressed = highlighter.selectedId === highlight.id;
  return (
    <Button
      size="sm"
      variant={pressed ? "primary" : "secondary"}
      aria-pressed={pressed}
      // Starts with the visible text, so speech input can use it; the rest tells the rows apart.
      aria-label={`Show on page: ${highlight.label}`}
      onClick={() => highlighter.toggle(highlight)}
      className="shrink-0"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="1.6">
        <rect x="2" y="3" width="12" height="10" rx="1.5" strokeDasharray="2.5 1.5" />
        <rect x="5" y="6" width="6" height="4" rx="0.5" />
      </svg>
      Show on page
    </Button>
  );
}

/** Hover and focus handlers that preview an element's outline while the pointer or focus is on its row. */
export function previewHandlers(highlight: Highlight | null, highlighter: Highlighter | null | undefined) {
  if (!highlight || !highlighter) return {};
  return {
    onMouseEnter: () => highlighter.preview(highlight),
    onMouseLeave: () => highlighter.preview(null),
    onFocus: () => highlighter.preview(highlight),
    onBlur: (e: FocusEvent) => {
      // Focus moving between controls of the same row keeps the preview.
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) highlighter.preview(null);
    },
  };
}
