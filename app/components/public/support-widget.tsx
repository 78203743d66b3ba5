import { useLocation } from "@remix-run/react";
import { CloseButton, FloatingButton } from "~/components/ui/button";
import { Suspense, lazy, useEffect, useId, useRef, useState, type RefObject } from "react";
import { Spinner } from "~/components/ui/spinner";
import { hasSupportWidget } from "~/lib/public-site";

/**
 * The contact form (and its validator) loads when the panel first opens, or when the visitor points at or
 * focuses the button: the pages that carry the widget do not download it for visitors who never ask.
 */
const loadContactForm = () => import("./public-forms");
const ContactForm = lazy(() =>
  loadContactForm().then(
    (m) => ({ default: m.ContactForm }),
    // Not loaded (offline, or a new release replaced the files): the contact page has the same form.
    () => ({ default: ContactPageLink }),
  ),
);

function ContactPageLink(_: { compact?: boolean }) {
  return (
    <a href="/contact" className="font-medium text-brand-700 underline dark:text-brand-100">
      Open the contact form
    </a>
  );
}

/** Moves focus into the panel's first field once the form is there (it may still be loading when the panel opens). */
function FocusFirstField({ panel }: { panel: RefObject<HTMLDivElement> }) {
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>("input:not([tabindex='-1']), select, textarea")?.focus();
  }, [panel]);
  return null;
}

/**
 * The self-hosted support widget of the marketing pages (spec §2: chat and support widgets load only on
 * /, /request-demo, /book-demo, /contact, /privacy and /terms, so only those routes render it). A button
 * in the corner opens a panel with the contact form; it loads nothing from another site.
 */
export function SupportWidget() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  // Only the spec's marketing paths: a route outside them that rendered the widget by mistake still gets none.
  if (!hasSupportWidget(pathname)) return null;
  return (
    <div data-support-widget className="fixed bottom-4 right-4 z-40 flex flex-col items-end gap-3">
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-label="Support"
          className="max-h-[calc(100vh-6rem)] w-[min(22rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-slate-200 bg-white p-5 text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <div className="mb-3 flex items-start justify-between gap-3">
            <div>
              <h2 className="font-semibold">How can we help?</h2>
              <p className="text-sm text-slate-600 dark:text-slate-400">Send us a message; we reply by e-mail within one business day.</p>
            </div>
            <CloseButton label="Close support" onClick={() => setOpen(false)} className="text-slate-500" />
          </div>
          <Suspense fallback={<Spinner size="sm" label="Loading the form…" />}>
            <ContactForm compact />
            <FocusFirstField panel={panelRef} />
          </Suspense>
        </div>
      ) : null}
      <FloatingButton
        ref={buttonRef}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((v) => !v)}
        onPointerEnter={() => void loadContactForm()}
        onFocus={() => void loadContactForm()}
      >
        Support
      </FloatingButton>
    </div>
  );
}
