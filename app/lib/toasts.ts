import { CONSTANTS } from "./constants";

export type ToastType = "info" | "success" | "error" | "warning";

export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  /** Migration toasts have a length-dependent lifetime and are hidden on the migration page. */
  kind: "general" | "migration";
  onClick?: () => void;
  /** True while fading out. */
  leaving: boolean;
}

export interface ShowToast {
  message: string;
  type?: ToastType;
  kind?: "general" | "migration";
  onClick?: () => void;
}

/** Lifetime of a migration toast: 3200 ms + 40 ms per character, clamped to 2.5–7 s (spec §4). */
export function migrationToastLifetime(message: string): number {
  const raw = CONSTANTS.migrationToastBaseMs + CONSTANTS.migrationToastPerCharMs * message.length;
  return Math.min(CONSTANTS.migrationToastMaxMs, Math.max(CONSTANTS.migrationToastMinMs, raw));
}

export interface ToastStoreOptions {
  now?: () => number;
  pathname?: () => string;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

/** Toast state with the spec's rules: lifetimes, fade-out, duplicate suppression, session-expiry silence. */
export function createToastStore(options: ToastStoreOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const pathname = options.pathname ?? (() => (typeof location === "undefined" ? "/" : location.pathname));
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let toasts: Toast[] = [];
  let nextId = 1;
  const lastShown = new Map<string, number>();
  let onlyAllowed: string | null = null;
  const listeners = new Set<(t: Toast[]) => void>();

  const publish = () => {
    for (const l of listeners) l(toasts);
  };

  function dismiss(id: number) {
    const t = toasts.find((x) => x.id === id);
    if (!t || t.leaving) return;
    toasts = toasts.map((x) => (x.id === id ? { ...x, leaving: true } : x));
    publish();
    setTimer(() => {
      toasts = toasts.filter((x) => x.id !== id);
      publish();
    }, CONSTANTS.toastFadeMs);
  }

  /** Shows a toast unless a rule suppresses it; returns its id or null. */
  function show(input: ShowToast): number | null {
    const kind = input.kind ?? "general";
    const type = input.type ?? "success";
    if (onlyAllowed !== null && input.message !== onlyAllowed) return null;
    if (kind === "migration" && pathname().endsWith("/migration")) return null;
    const last = lastShown.get(input.message);
    if (last !== undefined && now() - last < CONSTANTS.toastDuplicateWindowMs) return null;
    lastShown.set(input.message, now());
    const toast: Toast = { id: nextId++, message: input.message, type, kind, onClick: input.onClick, leaving: false };
    toasts = [...toasts, toast];
    publish();
    const lifetime = kind === "migration" ? migrationToastLifetime(input.message) : CONSTANTS.generalToastMs;
    setTimer(() => dismiss(toast.id), lifetime);
    return toast.id;
  }

  return {
    show,
    dismiss,
    /** After the session expired, only this message may still be shown. */
    suppressAllExcept(message: string | null) {
      onlyAllowed = message;
    },
    subscribe(listener: (t: Toast[]) => void) {
      listeners.add(listener);
      listener(toasts);
      return () => listeners.delete(listener);
    },
    list: () => toasts,
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;
