import { useId, useState } from "react";
import { FAQ } from "./landing-texts";

/** The six-question FAQ (spec §2): opening one question closes the one that was open. */
export function FaqAccordion() {
  const [open, setOpen] = useState<number | null>(0);
  const base = useId();
  return (
    <div className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {FAQ.map((item, i) => {
        const expanded = open === i;
        const buttonId = `${base}-q${i}`;
        const panelId = `${base}-a${i}`;
        return (
          <div key={item.q}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium hover:bg-slate-50 dark:hover:bg-slate-800"
              >
                {item.q}
                <span aria-hidden="true" className={`text-xl leading-none text-brand-600 transition-transform motion-reduce:transition-none ${expanded ? "rotate-45" : ""}`}>
                  +
                </span>
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className="px-5 pb-5 text-slate-700 dark:text-slate-300">
              {item.a}
            </div>
          </div>
        );
      })}
    </div>
  );
}
