import { useEffect } from "react";
import { useToasts } from "~/components/app/app-context";
import { takeFlashToast } from "~/lib/flash-toast";

/** Shows the toast queued before the last full page load. */
export function FlashToastOnLoad() {
  const toasts = useToasts();
  useEffect(() => {
    const t = takeFlashToast();
    if (t) toasts.show(t);
  }, [toasts]);
  return null;
}
