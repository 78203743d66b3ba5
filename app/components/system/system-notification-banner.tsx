import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { CloseButton } from "~/components/ui/button";
import type { SystemNotificationDto, SystemNotificationResponse } from "../../../workers/contracts/admin";
import { useApi } from "~/components/app/app-context";
import { CONSTANTS } from "~/lib/constants";
import { APP_EVENTS, emit } from "~/lib/events";
import { isNotificationVisible, readDismissals, storeDismissals, withDismissal, type Dismissals } from "~/lib/notification-dismissal";

/** The CSS variable layouts use to make room for the banner (and to offset their sticky bars). */
export const NOTIFICATION_HEIGHT_VAR = "--system-notification-height";

export const BANNER_TEXT = {
  region: "System notification",
  dismiss: "Dismiss system notification",
} as const;

const TONE = {
  info: "border-blue-200 bg-blue-50 text-blue-950 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-50 [&_a]:text-blue-800 dark:[&_a]:text-blue-200",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50 [&_a]:text-amber-900 dark:[&_a]:text-amber-200",
} as const;

/**
 * The sanitizer (DOMPurify) is loaded once there is a notification to show: most visits have none, and the
 * public pages then load and run no HTML sanitizer at all.
 */
const loadSanitizer = () => import("~/lib/safe-html").then((m) => m.sanitizeBannerHtml);

// Layout effects measure before paint in the browser; the server renders nothing here anyway.
const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** Tells the layouts how tall the banner is (spec §2): the event for listeners, the variable for CSS. */
function announceHeight(height: number) {
  document.documentElement.style.setProperty(NOTIFICATION_HEIGHT_VAR, `${height}px`);
  emit(APP_EVENTS.notificationHeight, { height });
}

/**
 * The system-wide banner fixed on top (spec §2, §4): polled every 30 s, info or warning, HTML message,
 * dismissible per notification until the notification is updated. An unreachable endpoint leaves it
 * hidden, and polling stops when the session expires.
 */
export function SystemNotificationBanner() {
  const api = useApi();
  const [notification, setNotification] = useState<SystemNotificationDto | null>(null);
  const [dismissals, setDismissals] = useState<Dismissals>({});
  const [sanitize, setSanitize] = useState<((html: string) => string) | null>(null);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setDismissals(readDismissals());
    let stopped = false;
    let inFlight = false;
    const poll = async () => {
      if (stopped || inFlight) return;
      inFlight = true;
      try {
        const res = await api.get<SystemNotificationResponse>("/v1/system-notification", { fresh: true });
        if (!stopped) setNotification(res.notification ?? null);
      } catch {
        // Unreachable or failing: keep what is shown (nothing, before the first answer).
      } finally {
        inFlight = false;
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), CONSTANTS.notificationPollMs);
    const stop = () => {
      stopped = true;
      clearInterval(timer);
    };
    window.addEventListener(APP_EVENTS.authExpired, stop);
    return () => {
      stop();
      window.removeEventListener(APP_EVENTS.authExpired, stop);
    };
  }, [api]);

  // Another tab's dismissal applies here too.
  useEffect(() => {
    const onStorage = () => setDismissals(readDismissals());
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const wanted = isNotificationVisible(notification, dismissals);
  useEffect(() => {
    if (!wanted || sanitize) return;
    let cancelled = false;
    loadSanitizer()
      .then((fn) => {
        if (!cancelled) setSanitize(() => fn);
      })
      .catch(() => {
        // Not loaded (offline, a new deployment): the banner stays hidden rather than show unsanitized HTML.
      });
    return () => {
      cancelled = true;
    };
  }, [wanted, sanitize]);
  // Shown once its message can be sanitized, never before.
  const visible = wanted && sanitize !== null;
  const html = useMemo(() => (visible && notification && sanitize ? sanitize(notification.message) : ""), [visible, notification, sanitize]);

  useIsomorphicLayoutEffect(() => {
    const el = ref.current;
    if (!visible || !el) {
      announceHeight(0);
      return;
    }
    announceHeight(el.offsetHeight);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => announceHeight(el.offsetHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible, html]);

  useEffect(() => () => announceHeight(0), []);

  const dismiss = useCallback(() => {
    if (!notification) return;
    const next = withDismissal(readDismissals(), notification, Date.now());
    storeDismissals(next);
    setDismissals(next);
  }, [notification]);

  if (!visible || !notification) return null;
  return (
    <div
      ref={ref}
      role="region"
      aria-label={BANNER_TEXT.region}
      data-notification-type={notification.type}
      className={`fixed inset-x-0 top-0 z-40 border-b px-4 py-2.5 text-sm shadow-sm ${TONE[notification.type]}`}
    >
      <div className="mx-auto flex max-w-6xl items-start gap-3">
        <span aria-hidden="true" className="mt-0.5 shrink-0 font-bold">
          {notification.type === "warning" ? "⚠" : "ℹ"}
        </span>
        <div
          aria-live="polite"
          className="min-w-0 flex-1 break-words [&_a]:font-medium [&_a]:underline [&_code]:rounded [&_code]:bg-black/5 [&_code]:px-1 [&_li]:ml-5 [&_ol]:list-decimal [&_p+p]:mt-1 [&_ul]:list-disc"
          dangerouslySetInnerHTML={{ __html: html }}
        />
        <CloseButton label={BANNER_TEXT.dismiss} onClick={dismiss} />
      </div>
    </div>
  );
}
