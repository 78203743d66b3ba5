import { useReducedEffects } from "./reduced-effects";

/*
 * The decorative sky behind the hero (spec §2): rockets, clouds, stars, a sun and a moon. With reduced
 * effects (reduced motion, or 640 px and narrower) only a few still elements are drawn. Every element is
 * hidden from assistive technology and ignores the pointer.
 */

const STARS_FULL = [
  [6, 12], [14, 30], [22, 8], [31, 22], [39, 6], [47, 28], [55, 14], [63, 4], [71, 24], [79, 10], [87, 30], [94, 16],
  [10, 48], [26, 56], [44, 44], [60, 52], [76, 46], [90, 58],
] as const;
const STARS_REDUCED = STARS_FULL.slice(0, 5);
const CLOUDS_FULL = [
  { top: 18, left: 4, scale: 1, delay: 0 },
  { top: 40, left: 60, scale: 0.8, delay: -12 },
  { top: 62, left: 28, scale: 1.2, delay: -24 },
  { top: 10, left: 78, scale: 0.7, delay: -6 },
] as const;
const ROCKETS_FULL = [
  { left: 12, delay: 0 },
  { left: 82, delay: -5 },
] as const;

function Cloud({ top, left, scale, delay, animate }: { top: number; left: number; scale: number; delay: number; animate: boolean }) {
  return (
    <svg
      data-sky="cloud"
      viewBox="0 0 120 50"
      width={120 * scale}
      height={50 * scale}
      className={`absolute fill-white/70 dark:fill-slate-700/40 ${animate ? "motion-safe:animate-[sky-drift_60s_linear_infinite]" : ""}`}
      style={{ top: `${top}%`, left: `${left}%`, animationDelay: `${delay}s` }}
    >
      <path d="M20 45a18 18 0 0 1 2-36 24 24 0 0 1 44-4 20 20 0 0 1 34 12 14 14 0 0 1 0 28z" />
    </svg>
  );
}

function Rocket({ left, delay }: { left: number; delay: number }) {
  return (
    <svg data-sky="rocket" viewBox="0 0 24 48" width="18" height="36" className="absolute bottom-0 motion-safe:animate-[sky-rocket_10s_ease-in_infinite]" style={{ left: `${left}%`, animationDelay: `${delay}s` }}>
      <path d="M12 0c6 8 7 20 4 32H8C5 20 6 8 12 0z" className="fill-brand-500" />
      <circle cx="12" cy="16" r="3" className="fill-white" />
      <path d="M8 32l-5 8 6-3zM16 32l5 8-6-3z" className="fill-brand-700" />
      <path d="M9 34h6l-3 12z" className="fill-amber-400" />
    </svg>
  );
}

/** The hero's sky; `data-sky-elements` says how many elements were drawn (tests read it). */
export function SkyEffects() {
  const reduced = useReducedEffects();
  const stars = reduced ? STARS_REDUCED : STARS_FULL;
  const clouds = reduced ? CLOUDS_FULL.slice(0, 1) : CLOUDS_FULL;
  const rockets = reduced ? [] : ROCKETS_FULL;
  const count = stars.length + clouds.length + rockets.length + 2;
  return (
    <div aria-hidden="true" data-sky-effects={reduced ? "reduced" : "full"} data-sky-elements={count} className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
      <div data-sky="sun" className="absolute right-[8%] top-[10%] h-20 w-20 rounded-full bg-amber-300/70 blur-[1px] dark:hidden" />
      <div data-sky="moon" className="absolute left-[6%] top-[8%] hidden h-14 w-14 rounded-full bg-slate-200/80 shadow-[inset_-8px_-4px_0_0_rgba(148,163,184,0.6)] dark:block" />
      {stars.map(([left, top]) => (
        <span
          key={`${left}-${top}`}
          data-sky="star"
          className={`absolute h-1 w-1 rounded-full bg-brand-400/70 dark:bg-white/80 ${reduced ? "" : "motion-safe:animate-[sky-twinkle_4s_ease-in-out_infinite]"}`}
          style={{ left: `${left}%`, top: `${top}%`, animationDelay: `${(left % 7) * -0.5}s` }}
        />
      ))}
      {clouds.map((c) => (
        <Cloud key={`${c.top}-${c.left}`} {...c} animate={!reduced} />
      ))}
      {rockets.map((r) => (
        <Rocket key={r.left} {...r} />
      ))}
    </div>
  );
}
