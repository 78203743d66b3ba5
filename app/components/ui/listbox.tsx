import type { ReactNode } from "react";

/**
 * The button that opens a list to choose from (the sidebar's project selector): it says that it opens a
 * listbox, whether it is open and which list it controls, and shows a ▾ after its content.
 */
export function ListboxButton({ open, listId, onClick, children }: { open: boolean; listId: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-haspopup="listbox"
      aria-expanded={open}
      aria-controls={listId}
      onClick={onClick}
      className="flex w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm dark:border-slate-700 dark:bg-slate-900"
    >
      {children}
      <span aria-hidden="true">▾</span>
    </button>
  );
}

/** One choice of a listbox: the option, marked when it is the current one, and the button that picks it. */
export function ListboxOption({ selected, onSelect, children }: { selected: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <li role="option" aria-selected={selected}>
      <button type="button" onClick={onSelect} className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
        {children}
      </button>
    </li>
  );
}
