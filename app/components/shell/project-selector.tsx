import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import type { SiteDto } from "../../../workers/contracts/sites";
import { ListboxButton, ListboxOption } from "~/components/ui/listbox";
import { TextField } from "~/components/ui/field";
import { CONSTANTS } from "~/lib/constants";
import { MESSAGES } from "~/lib/messages";
import { filterSites } from "~/lib/organization";
import { selectProject } from "~/lib/project-selection";

/** The sidebar's project dropdown (spec §2): search only above 5 projects, list at most 20rem high. */
export function ProjectSelector({ sites, current }: { sites: SiteDto[]; current: SiteDto | null }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const shown = filterSites(sites, query);

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onDoc);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDoc);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <ListboxButton open={open} listId={listId} onClick={() => setOpen((o) => !o)}>
        <span className="truncate">
          <span className="block text-xs text-slate-500 dark:text-slate-400">Project</span>
          <span className="block truncate font-medium">{current?.name ?? "Select a project"}</span>
        </span>
      </ListboxButton>
      {open ? (
        <div className="absolute left-0 right-0 z-30 mt-1 rounded-md border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900">
          {sites.length > CONSTANTS.projectSearchAbove ? (
            <div className="border-b border-slate-200 p-2 dark:border-slate-700">
              <TextField compact hideLabel type="search" label="Search projects" placeholder="Search projects" value={query} autoFocus onChange={(e) => setQuery(e.target.value)} className="w-full" />
            </div>
          ) : null}
          <ul id={listId} role="listbox" aria-label="Projects" className="max-h-[20rem] overflow-y-auto py-1">
            {shown.length === 0 ? (
              <li className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">{query.trim() ? MESSAGES.noSitesMatching(query.trim()) : MESSAGES.noSitesAvailable}</li>
            ) : (
              shown.map((s) => (
                <ListboxOption key={s.id} selected={s.id === current?.id} onSelect={() => selectProject(s)}>
                  <span className="block font-medium">{s.name}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{s.organization.name}</span>
                </ListboxOption>
              ))
            )}
          </ul>
          <div className="border-t border-slate-200 p-1 dark:border-slate-700">
            <Link to="/new-project" className="block rounded px-3 py-2 text-sm font-medium text-brand-600 hover:bg-slate-100 dark:text-brand-100 dark:hover:bg-slate-800">
              Create new project
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
