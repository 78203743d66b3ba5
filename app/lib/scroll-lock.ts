import { useEffect } from "react";

/** What the lock needs of the page: the element whose overflow is switched off (normally `<body>`). */
export interface ScrollTarget {
  style: { overflow: string; paddingRight: string };
}

export interface ScrollLock {
  /** Locks scrolling; returns the release for exactly this lock (calling it twice has no effect). */
  lock(): () => void;
  /** How many locks are held. */
  count(): number;
}

/**
 * Nested scroll lock (spec §4): a dialog opened from the mobile menu keeps the page locked after the
 * dialog closes, and the page's own overflow comes back only when the last lock is released.
 * `scrollbarWidth` keeps the layout from jumping when the scrollbar disappears.
 */
export function createScrollLock(target: () => ScrollTarget | null, scrollbarWidth: () => number = () => 0): ScrollLock {
  let held = 0;
  let saved: { overflow: string; paddingRight: string } | null = null;
  return {
    lock() {
      const el = target();
      if (held === 0 && el) {
        saved = { overflow: el.style.overflow, paddingRight: el.style.paddingRight };
        const gap = scrollbarWidth();
        el.style.overflow = "hidden";
        if (gap > 0) el.style.paddingRight = `${gap}px`;
      }
      held++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held = Math.max(0, held - 1);
        if (held === 0 && saved) {
          const t = target();
          if (t) {
            t.style.overflow = saved.overflow;
            t.style.paddingRight = saved.paddingRight;
          }
          saved = null;
        }
      };
    },
    count: () => held,
  };
}

/** The page's one lock on `<body>`. */
export const pageScrollLock = createScrollLock(
  () => (typeof document === "undefined" ? null : document.body),
  () => (typeof window === "undefined" ? 0 : window.innerWidth - document.documentElement.clientWidth),
);

/** Holds the page's scroll lock while `active` is true. */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    return pageScrollLock.lock();
  }, [active]);
}
