import { useEffect, useRef, useState } from "react";
import { COOKIE_BANNER_TEXT, readCookieConsent, setCookieConsent } from "~/lib/cookie-consent";
import type { CookieConsent } from "~/lib/storage-keys";
import { Button } from "~/components/ui/button";

/**
 * The cookie banner (spec §2, §4): shown until the visitor chooses. Accept or Decline stores the choice
 * and fires its event; dismissing (the close button or Escape) counts as Decline.
 */
export function CookieBanner() {
  // The server renders the banner, and the inline script in root.tsx hides it before first paint when
  // the visitor has chosen (the choice lives in the browser); hydration then removes it.
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    setOpen(readCookieConsent() === null);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented && !document.querySelector("dialog[open]")) choose("declined");
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  // The page gets room at its end for the banner, so nothing stays hidden underneath it.
  useEffect(() => {
    const el = ref.current;
    if (!open || !el) return;
    const body = document.body;
    const previous = body.style.paddingBottom;
    const fit = () => {
      body.style.paddingBottom = `${el.offsetHeight + 16}px`;
    };
    fit();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(fit);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = previous;
    };
  }, [open]);

  function choose(choice: CookieConsent) {
    setCookieConsent(choice);
    document.documentElement.setAttribute("data-cookie-consent", choice);
    setOpen(false);
  }

  if (!open) return null;
  return (
    <section
      ref={ref}
      data-cookie-banner=""
      role="region"
      aria-label={COOKIE_BANNER_TEXT.label}
      className="fixed inset-x-2 bottom-2 z-40 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-xl sm:inset-x-auto sm:left-1/2 sm:w-[min(48rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:py-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <p className="min-w-0 flex-1 basis-64 text-slate-700 dark:text-slate-200">
          {COOKIE_BANNER_TEXT.message}{" "}
          <a href="/privacy" className="font-medium text-brand-600 underline dark:text-brand-100">
            {COOKIE_BANNER_TEXT.privacyLink}
          </a>
        </p>
        <div className="flex items-center gap-2">
          <Button variant="secondary" onClick={() => choose("declined")}>
            {COOKIE_BANNER_TEXT.decline}
          </Button>
          <Button onClick={() => choose("accepted")}>{COOKIE_BANNER_TEXT.accept}</Button>
          <Button variant="ghost" size="sm" aria-label={COOKIE_BANNER_TEXT.dismiss} onClick={() => choose("declined")} className="text-lg leading-none">
            ×
          </Button>
        </div>
      </div>
    </section>
  );
}
