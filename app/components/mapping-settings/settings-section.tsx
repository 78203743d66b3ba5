import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import type { LoadedSection } from "~/lib/dashboard-context";
import { MAPPING_SETTINGS_TEXTS as T } from "./texts";

/** One titled part of the AI mapping tab; parts are separated by a rule. */
export function SettingsSection({ id, title, description, aside, children }: { id: string; title: string; description?: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="border-t border-slate-200 pt-6 first:border-t-0 first:pt-0 dark:border-slate-800">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}

/**
 * A section whose data the screen's loader read: a Refresh button once it has data, and the reason with
 * a retry when it could not be read (`failed` says what could not be loaded).
 */
export function LoadedSettingsSection<D>({ id, title, description, loaded, reloading, onReload, failed, children }: { id: string; title: string; description?: string; loaded: LoadedSection<D>; reloading: boolean; onReload: () => void; failed: string; children: ReactNode }) {
  return (
    <SettingsSection
      id={id}
      title={title}
      description={description}
      aside={
        loaded.data ? (
          <Button variant="ghost" size="sm" onClick={onReload} loading={reloading}>
            {T.refresh}
          </Button>
        ) : null
      }
    >
      {loaded.error !== null ? <ErrorState message={`${failed}: ${loaded.error}`} onRetry={onReload} /> : null}
      {children}
    </SettingsSection>
  );
}
