import { Button } from "~/components/ui/button";
import { useStopImpersonation } from "./use-impersonation";

/** Replaces the impersonate control while impersonating (spec §6). */
export function StopImpersonation({ email }: { email: string }) {
  const { stop, stopping: busy } = useStopImpersonation();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <span>Impersonating {email}</span>
      <Button size="sm" variant="secondary" loading={busy} onClick={stop}>
        Stop impersonating
      </Button>
    </div>
  );
}
