import { CMS_PLATFORMS, LOGO_CAROUSEL_LOOP_SECONDS } from "./landing-texts";

function Wordmark({ name }: { name: string }) {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 3);
  return (
    <span className="flex shrink-0 items-center gap-3 rounded-full border border-slate-200 bg-white px-5 py-3 dark:border-slate-700 dark:bg-slate-900">
      <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700 dark:bg-slate-800 dark:text-brand-100">
        {initials}
      </span>
      <span className="whitespace-nowrap font-semibold text-slate-800 dark:text-slate-100">{name}</span>
    </span>
  );
}

/**
 * The CMS compatibility carousel (spec §2): the platforms scroll past and the loop takes 30 s (§9). The
 * list is drawn twice so the loop is seamless; the copy is hidden from screen readers, which read the
 * list once. It stops on hover and keyboard focus, and stands still under reduced motion.
 */
export function LogoCarousel() {
  return (
    <div className="group relative overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)]">
      <div
        data-logo-track
        className="flex w-max gap-4 py-2 motion-safe:animate-[logo-marquee_linear_infinite] group-hover:[animation-play-state:paused] group-focus-within:[animation-play-state:paused] motion-reduce:flex-wrap motion-reduce:w-auto"
        style={{ animationDuration: `${LOGO_CAROUSEL_LOOP_SECONDS}s` }}
      >
        <ul className="flex gap-4 motion-reduce:flex-wrap" aria-label="Supported platforms">
          {CMS_PLATFORMS.map((p) => (
            <li key={p}>
              <Wordmark name={p} />
            </li>
          ))}
        </ul>
        <ul className="flex gap-4 motion-reduce:hidden" aria-hidden="true">
          {CMS_PLATFORMS.map((p) => (
            <li key={p}>
              <Wordmark name={p} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
