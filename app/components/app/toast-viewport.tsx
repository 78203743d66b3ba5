import { useEffect, useState } from "react";
import { Button, CloseButton } from "~/components/ui/button";
import type { Toast } from "~/lib/toasts";
import { useToasts } from "./app-context";

const TONE: Record<Toast["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  warning: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  info: "border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100",
};

/** Toasts at the bottom right (spec §2), announced politely to screen readers. */
export function ToastViewport() {
  const store = useToasts();
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    const unsubscribe = store.subscribe(setToasts);
    return () => {
      unsubscribe();
    };
  }, [store]);
  return (
    <div aria-live="polite" className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.type === "error" || t.type === "warning" ? "alert" : "status"}
          data-toast-type={t.type}
          className={`pointer-events-auto flex items-start justify-between gap-3 rounded-md border px-4 py-3 text-sm shadow-lg transition-opacity duration-[800ms] ${TONE[t.type]} ${t.leaving ? "opacity-0" : "opacity-100"}`}
        >
          {t.onClick ? (
            <Button variant="text" onClick={t.onClick}>
              {t.message}
            </Button>
          ) : (
            <p>{t.message}</p>
          )}
          <CloseButton label="Dismiss notification" onClick={() => store.dismiss(t.id)} />
        </div>
      ))}
    </div>
  );
}
