import { useEffect, useState } from "react";

/**
 * False in the server's render and in the browser's first (hydrating) render, true after it: for parts
 * that only the browser can compute, such as HTML cleaned by the browser's sanitizer, so the first
 * render matches the server's HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
