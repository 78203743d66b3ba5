import { useEffect, useId, useRef, type ReactNode } from "react";
import { useScrollLock } from "~/lib/scroll-lock";
import { Button } from "./button";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: "danger" | "primary";
  busy?: boolean;
  /** Keeps the confirm button disabled, e.g. until a name is typed. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation on the native `<dialog>`: the browser traps focus, Escape cancels, the page
 * behind is inert and its scrolling is locked while the dialog is open.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = "Cancel", tone = "danger", busy = false, confirmDisabled = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useScrollLock(open);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === ref.current && !busy) onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open ? (
        <form
          method="dialog"
          className="p-5"
          onSubmit={(e) => {
            e.preventDefault();
            if (!confirmDisabled && !busy) onConfirm();
          }}
        >
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {children ? <div className="mt-2 space-y-3 text-sm text-slate-700 dark:text-slate-300">{children}</div> : null}
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant={tone === "danger" ? "danger" : "primary"} loading={busy} disabled={confirmDisabled}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
