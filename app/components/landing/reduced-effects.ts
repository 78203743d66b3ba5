import { useEffect, useState } from "react";
import { REDUCED_EFFECTS_MAX_WIDTH } from "./landing-texts";

/** Reduced effects (spec §2, §9): the visitor asks for reduced motion, or the screen is 640 px wide or less. */
export const REDUCED_EFFECTS_QUERY = `(prefers-reduced-motion: reduce), (max-width: ${REDUCED_EFFECTS_MAX_WIDTH}px)`;

/**
 * Whether the page should use fewer and calmer effects. The server cannot know, so it assumes reduced
 * (the light page is the one a phone gets first); the browser switches to the full effects after hydration.
 */
export function useReducedEffects(): boolean {
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    const mq = window.matchMedia(REDUCED_EFFECTS_QUERY);
    const update = () => setReduced(mq.matches);
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, []);
  return reduced;
}

/** Whether the visitor asked for reduced motion (counters then show their final value at once). */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
