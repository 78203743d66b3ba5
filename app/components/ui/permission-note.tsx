/**
 * Says why a control is disabled for the caller's role. Give the control `aria-describedby={id}`
 * (and the same text as its title) so the reason is announced with it.
 */
export function PermissionNote({ id, reason, className = "" }: { id: string; reason: string | null; className?: string }) {
  if (!reason) return null;
  return (
    <p id={id} data-testid="permission-note" className={`flex items-start gap-1.5 text-xs text-slate-600 dark:text-slate-400 ${className}`}>
      <LockIcon />
      <span>{reason}</span>
    </p>
  );
}

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="mt-px h-3.5 w-3.5 shrink-0 fill-current">
      <path d="M8 1a3.5 3.5 0 0 0-3.5 3.5V6H4a1.5 1.5 0 0 0-1.5 1.5v6A1.5 1.5 0 0 0 4 15h8a1.5 1.5 0 0 0 1.5-1.5v-6A1.5 1.5 0 0 0 12 6h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 5H6V4.5a2 2 0 1 1 4 0V6Z" />
    </svg>
  );
}

/** The props a control gets when a role does not allow it: disabled, described by the note, titled with the reason. */
export function deniedProps(id: string, reason: string | null): { disabled?: true; title?: string; "aria-describedby"?: string } {
  return reason ? { disabled: true, title: reason, "aria-describedby": id } : {};
}
