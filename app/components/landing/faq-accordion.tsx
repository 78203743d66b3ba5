import { useId, useState } from "react";
import { DisclosureButton } from "~/components/ui/disclosure";
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
              <DisclosureButton id={buttonId} expanded={expanded} controls={panelId} onToggle={() => setOpen(expanded ? null : i)}>
                {item.q}
              </DisclosureButton>
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
