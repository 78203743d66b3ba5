import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { FaqAccordion } from "~/components/landing/faq-accordion";
import { AI_SECTION, CLOSING, LANDING_ANCHORS, LANDING_CLAIMS, LANDING_TEXT, PARTNERSHIP, USE_CASES, WHY_CHOOSE } from "~/components/landing/landing-texts";
import { LogoCarousel } from "~/components/landing/logo-carousel";
import { SkyEffects } from "~/components/landing/sky-effects";
import { StatCounter } from "~/components/landing/stat-counter";
import { parseTestimonial } from "~/components/landing/testimonial";
import { WatchVideo } from "~/components/landing/video-modal";
import { PublicLayout } from "~/components/public/public-layout";
import { SupportWidget } from "~/components/public/support-widget";
import { publicPageHeaders } from "~/lib/public-headers";
import { publicPage } from "~/lib/public-site.server";
import { optionalUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: LANDING_TEXT.title },
  { name: "description", content: LANDING_TEXT.description },
  { property: "og:title", content: LANDING_TEXT.title },
  { property: "og:description", content: LANDING_TEXT.description },
  { property: "og:type", content: "website" },
];

export const headers = publicPageHeaders;

/** Signed-in users never see the landing page: a global ADMIN goes to /admin, anyone else to /snapshots (spec §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const current = await optionalUser(request, context);
  if (current) throw redirect(current.user.role === "ADMIN" ? "/admin" : "/snapshots");
  return publicPage(false, { testimonial: parseTestimonial(context.cloudflare.env.LANDING_TESTIMONIAL) });
}

const PRIMARY = "inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-5 py-3 font-medium text-white hover:bg-brand-700";
const SECONDARY =
  "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-5 py-3 font-medium text-slate-900 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";

function Section({ id, title, intro, children, className = "" }: { id: string; title: string; intro?: string; children: React.ReactNode; className?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-28 py-16 ${className}`}>
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {intro ? <p className="mt-3 max-w-2xl text-slate-600 dark:text-slate-300">{intro}</p> : null}
      <div className="mt-8">{children}</div>
    </section>
  );
}

/** The landing page (spec §2 Landing page). */
export default function Landing() {
  const { signedIn, testimonial } = useLoaderData<typeof loader>();
  return (
    <PublicLayout signedIn={signedIn}>
      <div className="relative isolate -mx-4 -mt-10 px-4 pb-12 pt-16 sm:pt-24">
        <SkyEffects />
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{LANDING_TEXT.heroTitle}</h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-700 dark:text-slate-300">{LANDING_TEXT.heroBody}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <WatchVideo />
          <Link to="/contact" className={SECONDARY}>
            {LANDING_TEXT.talkToExpert}
          </Link>
          {signedIn ? (
            <a href="/snapshots" className={SECONDARY}>
              {LANDING_TEXT.goToSnapshots}
            </a>
          ) : null}
        </div>
      </div>

      <nav aria-label={LANDING_TEXT.sectionsNav} className="sticky top-[var(--system-notification-height,0px)] z-20 -mx-4 border-y border-slate-200 bg-white/90 px-4 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <ul className="flex gap-1 overflow-x-auto py-2 text-sm">
          {LANDING_ANCHORS.map((a) => (
            <li key={a.id}>
              <a href={`#${a.id}`} className="block whitespace-nowrap rounded-md px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-950 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white">
                {a.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <Section id="why-choose" title="Why teams choose Migrate">
        <dl className="grid gap-6 sm:grid-cols-3">
          {LANDING_CLAIMS.map((c) => (
            <div key={c.label} className="rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
              <dt className="text-sm text-slate-600 dark:text-slate-400">
                {c.lead ? `${c.lead} ` : ""}
                {c.label}
              </dt>
              <dd className="mt-1 text-4xl font-bold text-brand-700 dark:text-brand-100">
                <StatCounter value={c.value} suffix={c.suffix} />
              </dd>
              <dd className="mt-2 text-sm text-slate-700 dark:text-slate-300">{c.detail}</dd>
            </div>
          ))}
        </dl>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {WHY_CHOOSE.map((w) => (
            <li key={w.title}>
              <h3 className="font-semibold">{w.title}</h3>
              <p className="mt-1 text-slate-700 dark:text-slate-300">{w.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="testimonials" title="What our customers say">
        {testimonial ? (
          <figure className="max-w-3xl rounded-lg border-l-4 border-brand-600 bg-white p-6 dark:bg-slate-900">
            <blockquote className="text-xl leading-8 text-slate-800 dark:text-slate-100">“{testimonial.quote}”</blockquote>
            <figcaption className="mt-4 text-sm text-slate-600 dark:text-slate-400">
              <span className="font-semibold text-slate-900 dark:text-white">{testimonial.name}</span>, {testimonial.role}, {testimonial.company}
            </figcaption>
          </figure>
        ) : (
          <p className="max-w-3xl rounded-lg border border-dashed border-slate-300 p-6 text-slate-700 dark:border-slate-700 dark:text-slate-300">
            Migrate is in prerelease: our first partners' stories will appear here. Want to hear from them directly?{" "}
            <Link to="/contact" className="font-medium text-brand-700 underline dark:text-brand-100">
              Ask us for a reference
            </Link>
            .
          </p>
        )}
      </Section>

      <Section id="ai-migration" title={AI_SECTION.title} intro={AI_SECTION.body}>
        <ul className="grid gap-4 sm:grid-cols-3">
          {AI_SECTION.points.map((p) => (
            <li key={p} className="rounded-lg bg-brand-50 p-5 text-slate-800 dark:bg-slate-900 dark:text-slate-200">
              {p}
            </li>
          ))}
        </ul>
        <Link to="/book-demo" className={`${PRIMARY} mt-8`}>
          {LANDING_TEXT.seeItInAction}
        </Link>
      </Section>

      <Section id="cms-compatibility" title="Works with the CMSs you have and the ones you are moving to" intro="Write into Magnolia, AEM, WordPress, Contentful, Storyblok and Sanity, or produce export bundles for seven more platforms.">
        <LogoCarousel />
      </Section>

      <Section id="use-cases" title="Use cases">
        <ul className="grid gap-6 sm:grid-cols-2">
          {USE_CASES.map((u) => (
            <li key={u.title} className="rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
              <h3 className="text-lg font-semibold">{u.title}</h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{u.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <FaqAccordion />
      </Section>

      <section id="partnership" aria-labelledby="partnership-title" className="scroll-mt-28 py-8">
        <div className="flex flex-col items-start justify-between gap-4 rounded-xl bg-brand-700 p-8 text-white sm:flex-row sm:items-center">
          <div>
            <h2 id="partnership-title" className="text-2xl font-bold">
              {PARTNERSHIP.title}
            </h2>
            <p className="mt-2 max-w-xl text-brand-50">{PARTNERSHIP.body}</p>
          </div>
          <Link to="/partners" className="shrink-0 rounded-md bg-white px-5 py-3 font-medium text-brand-700 hover:bg-brand-50">
            {PARTNERSHIP.cta}
          </Link>
        </div>
      </section>

      <Section id="see-it-yourself" title={CLOSING.title} intro={CLOSING.body} className="text-left">
        <div className="flex flex-wrap gap-3">
          {signedIn ? (
            <a href="/snapshots" className={PRIMARY}>
              {LANDING_TEXT.goToSnapshots}
            </a>
          ) : (
            <>
              <Link to="/book-demo" className={PRIMARY}>
                {LANDING_TEXT.bookDemo}
              </Link>
              <Link to="/contact" className={SECONDARY}>
                {LANDING_TEXT.talkToExpert}
              </Link>
            </>
          )}
        </div>
      </Section>
      <SupportWidget />
    </PublicLayout>
  );
}
