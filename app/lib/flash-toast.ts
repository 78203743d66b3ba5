import type { ShowToast, ToastType } from "./toasts";

/** Session-storage key of a toast to show after the next full page load. */
export const FLASH_TOAST_KEY = "flashToast";

export interface FlashToast {
  message: string;
  type: ToastType;
}

function session(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps a toast for the page a full load is about to open: impersonation and organization changes
 * reload the app, and their success message (spec §8) must survive the reload.
 */
export function queueFlashToast(toast: FlashToast): void {
  try {
    session()?.setItem(FLASH_TOAST_KEY, JSON.stringify(toast));
  } catch {
    /* storage blocked: the message is lost, the action itself succeeded */
  }
}

/** Takes the queued toast, once. */
export function takeFlashToast(): ShowToast | null {
  const store = session();
  const raw = store?.getItem(FLASH_TOAST_KEY) ?? null;
  if (!raw) return null;
  store?.removeItem(FLASH_TOAST_KEY);
  try {
    const v = JSON.parse(raw) as Partial<FlashToast>;
    if (typeof v.message !== "string" || !v.message) return null;
    const type: ToastType = v.type === "error" || v.type === "warning" || v.type === "info" ? v.type : "success";
    return { message: v.message, type };
  } catch {
    return null;
  }
}
