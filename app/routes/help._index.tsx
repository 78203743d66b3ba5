import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { HelpErrorBoundary } from "~/components/help/help-error";
import { HELP_TEXT, HelpFrame, titleOf } from "~/components/help/help-frame";
import { EmptyState } from "~/components/ui/card";
import { publicPageHeaders } from "~/lib/public-headers";
import { loadHelpIndex } from "~/lib/help.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.query ? `${HELP_TEXT.resultsFor} “${data.query}” — ` : ""}${data ? titleOf(data.base) : HELP_TEXT.help} — Migrate` },
  { name: "description", content: data?.base === "docs" && !data.signedIn ? HELP_TEXT.docsIntro : HELP_TEXT.helpIntro },
];

export const headers = publicPageHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => loadHelpIndex(request, context);

/** The help (or docs) home: every section with its topics, or the results of a search. */
export default function HelpIndex() {
  const data = useLoaderData<typeof loader>();
  if (data.results) {
    return (
      <HelpFrame base={data.base} nav={data.nav} signedIn={data.signedIn}>
        <h1 className="text-3xl font-semibold tracking-tight">
          {HELP_TEXT.resultsFor} “{data.query}”
        </h1>
        {data.results.length === 0 ? (
          <div className="mt-6 max-w-xl">
            <EmptyState title={HELP_TEXT.noResults}>{HELP_TEXT.noResultsHint}</EmptyState>
          </div>
        ) : (
          <ol className="mt-6 space-y-4" aria-label={`${data.results.length} results`}>
            {data.results.map((r) => (
              <li key={`${r.section.slug}/${r.topic.slug}`} className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
                <p className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">{r.section.title}</p>
                <h2 className="mt-1 font-semibold">
                  <Link to={`/${data.base}/${r.section.slug}/${r.topic.slug}`} className="text-brand-700 hover:underline dark:text-brand-100">
                    {r.topic.title}
                  </Link>
                </h2>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{r.excerpt}</p>
              </li>
            ))}
          </ol>
        )}
      </HelpFrame>
    );
  }
  return (
    <HelpFrame base={data.base} nav={data.nav} signedIn={data.signedIn}>
      <h1 className="text-3xl font-semibold tracking-tight">{titleOf(data.base)}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{data.base === "docs" && !data.signedIn ? HELP_TEXT.docsIntro : HELP_TEXT.helpIntro}</p>
      <div className="mt-8 grid gap-4 md:grid-cols-2">
        {data.sections.map((s) => (
          <section key={s.slug} aria-labelledby={`section-${s.slug}`} className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
            <h2 id={`section-${s.slug}`} className="font-semibold">
              <Link to={`/${data.base}/${s.slug}`} className="hover:underline">
                {s.title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{s.description}</p>
            <ul className="mt-3 space-y-1 text-sm">
              {s.topics.map((t) => (
                <li key={t.slug}>
                  <Link to={`/${data.base}/${s.slug}/${t.slug}`} className="font-medium text-brand-600 hover:underline dark:text-brand-100">
                    {t.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {!data.signedIn ? <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">{HELP_TEXT.signInForMore}</p> : null}
    </HelpFrame>
  );
}

export const ErrorBoundary = HelpErrorBoundary;
