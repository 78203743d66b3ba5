import { useEffect, useState } from "react";

// Once the page has hydrated, a newly mounted time (client navigation) can show local time at once.
let pageHydrated = false;

/** The same text on the server and in the hydrating render, whatever the browser's zone and locale. */
function utcText(d: Date, dateOnly: boolean): string {
  const iso = d.toISOString();
  return dateOnly ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * A point in time in the reader's locale and time zone. The server knows neither, so the server's HTML
 * and the browser's hydrating render show it in UTC (a mismatch would make React render the page again
 * on the client), and the browser then shows it locally.
 */
export function LocalTime({ iso, dateOnly = false }: { iso: string; dateOnly?: boolean }) {
  const [local, setLocal] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    setLocal(true);
  }, []);
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return <>{iso}</>;
  return <time dateTime={iso}>{local ? (dateOnly ? d.toLocaleDateString() : d.toLocaleString()) : utcText(d, dateOnly)}</time>;
}
