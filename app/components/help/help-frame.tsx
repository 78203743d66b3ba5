import { Form, Link, NavLink, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import type { HelpBase, HelpNavSection } from "~/lib/help.server";

export const HELP_TEXT = {
  help: "Help",
  docs: "Docs",
  helpIntro: "Guides to every part of Migrate, from the first project to reviewing mappings: how a migration works, connecting each target platform, running migrations, reviewing what the mapper proposes, and managing your organization and account.",
  docsIntro: "How Migrate moves websites into your CMS, and how to set it up: how a migration works, how to connect Magnolia, AEM, WordPress, Contentful, Storyblok and Sanity, how images travel with the pages, and what owners, admins and members may do.",
  contents: "Contents",
  signInForMore: "Sign in to read the guides to migration runs, mapping review and your account.",
  notFound: "This page does not exist",
  notFoundHint: "It may have moved. Pick a topic from the contents.",
  signInRequired: "Sign in to read this page",
  signInRequiredHint: "This guide is part of the app's documentation for signed-in users.",
  previous: "Previous",
  next: "Next",
  search: "Search",
  searchLabel: "Search the documentation",
  searchPlaceholder: "Search topics…",
  resultsFor: "Results for",
  noResults: "No topic matches your search",
  noResultsHint: "Try fewer or different words, or browse the sections below.",
} as const;

/** The search box of help and docs: a GET form to the index, so it works without JavaScript too. */
export function HelpSearch({ base }: { base: HelpBase }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" action={`/${base}`} role="search" className="flex gap-2">
      <div className="min-w-0 flex-1">
        <TextField id="help-search" label={HELP_TEXT.searchLabel} hideLabel type="search" name="q" defaultValue={params.get("q") ?? ""} maxLength={100} placeholder={HELP_TEXT.searchPlaceholder} />
      </div>
      <Button type="submit" className="px-3">
        {HELP_TEXT.search}
      </Button>
    </Form>
  );
}

export const titleOf = (base: HelpBase) => (base === "docs" ? HELP_TEXT.docs : HELP_TEXT.help);

function Contents({ base, nav }: { base: HelpBase; nav: HelpNavSection[] }) {
  return (
    <ul className="space-y-4 text-sm">
      {nav.map((s) => (
        <li key={s.slug}>
          <NavLink to={`/${base}/${s.slug}`} end className={({ isActive }) => `font-semibold ${isActive ? "text-brand-700 dark:text-white" : "text-slate-900 hover:underline dark:text-slate-100"}`}>
            {s.title}
          </NavLink>
          <ul className="mt-1 space-y-0.5 border-l border-slate-200 dark:border-slate-800">
            {s.topics.map((t) => (
              <li key={t.slug}>
                <NavLink
                  to={`/${base}/${s.slug}/${t.slug}`}
                  className={({ isActive }) =>
                    `-ml-px block border-l-2 py-1 pl-3 ${isActive ? "border-brand-600 font-medium text-brand-700 dark:text-white" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"}`
                  }
                >
                  {t.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** Help and docs pages: the contents beside the page (a disclosure above it on small screens). */
export function HelpFrame({ base, nav, signedIn, children }: { base: HelpBase; nav: HelpNavSection[]; signedIn: boolean; children: ReactNode }) {
  return (
    <div className="grid gap-8 lg:grid-cols-[15rem_1fr]">
      <nav aria-label={`${titleOf(base)} contents`}>
        <details className="rounded-lg border border-slate-200 p-3 lg:hidden dark:border-slate-800">
          <summary className="cursor-pointer text-sm font-medium">{HELP_TEXT.contents}</summary>
          <div className="mt-3">
            <Contents base={base} nav={nav} />
          </div>
        </details>
        <div className="sticky top-[calc(5rem+var(--system-notification-height,0px))] hidden lg:block">
          <Link to={`/${base}`} className="mb-4 block text-xs font-semibold uppercase tracking-wide text-slate-500 hover:underline dark:text-slate-400">
            {titleOf(base)}
          </Link>
          <Contents base={base} nav={nav} />
          {!signedIn ? <p className="mt-6 text-xs text-slate-500 dark:text-slate-400">{HELP_TEXT.signInForMore}</p> : null}
        </div>
      </nav>
      <div className="min-w-0">
        <div className="mb-6 max-w-xl">
          <HelpSearch base={base} />
        </div>
        {children}
      </div>
    </div>
  );
}
