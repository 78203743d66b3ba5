import type { ReactNode } from "react";

/**
 * The button that shows and hides a panel (an accordion's question): it says whether the panel is open
 * and which panel it controls, and its + turns into × while the panel is open. Put it in the heading
 * that names the panel.
 */
export function DisclosureButton({ id, expanded, controls, onToggle, children }: { id: string; expanded: boolean; controls: string; onToggle: () => void; children: ReactNode }) {
  return (
    <button
      id={id}
      type="button"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
      className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium hover:bg-slate-50 dark:hover:bg-slate-800"
    >
      {children}
      <span aria-hidden="true" className={`text-xl leading-none text-brand-600 transition-transform motion-reduce:transition-none ${expanded ? "rotate-45" : ""}`}>
        +
      </span>
    </button>
  );
}
