import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { trackPageView } from "~/lib/analytics";
import { APP_EVENTS } from "~/lib/events";

/** Records a page view on every route change, and for the current page when cookies are accepted. */
export function AnalyticsTracker() {
  const { pathname, search } = useLocation();
  const path = `${pathname}${search}`;
  const current = useRef(path);
  current.current = path;

  useEffect(() => {
    // The title is set by the route's meta after the render; read it once React has committed.
    const t = setTimeout(() => trackPageView(path, document.title), 0);
    return () => clearTimeout(t);
  }, [path]);

  useEffect(() => {
    const onAccepted = () => trackPageView(current.current, document.title);
    window.addEventListener(APP_EVENTS.cookieAccepted, onAccepted);
    return () => window.removeEventListener(APP_EVENTS.cookieAccepted, onAccepted);
  }, []);

  return null;
}
