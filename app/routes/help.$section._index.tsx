import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { HelpErrorBoundary } from "~/components/help/help-error";
import { HELP_TEXT, HelpFrame, titleOf } from "~/components/help/help-frame";
import { publicPageHeaders } from "~/lib/public-headers";
import { loadHelpSection } from "~/lib/help.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.section.title} — ${titleOf(data.base)} — Migrate` : `${HELP_TEXT.help} — Migrate` },
  ...(data ? [{ name: "description", content: data.section.description }] : []),
];

export const headers = publicPageHeaders;

export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadHelpSection(request, context, params.section ?? "");

/** One help section and its topics. */
export default function HelpSectionPage() {
  const { base, nav, signedIn, section } = useLoaderData<typeof loader>();
  return (
    <HelpFrame base={base} nav={nav} signedIn={signedIn}>
      <p className="text-sm">
        <Link to={`/${base}`} className="text-slate-600 hover:underline dark:text-slate-400">
          {titleOf(base)}
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight">{section.title}</h1>
      <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">{section.description}</p>
      <ul className="mt-8 space-y-3">
        {section.topics.map((t) => (
          <li key={t.slug}>
            <Link to={`/${base}/${section.slug}/${t.slug}`} className="block rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-500 dark:border-slate-800 dark:bg-slate-900">
              <span className="block font-medium">{t.title}</span>
              <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{t.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </HelpFrame>
  );
}

export const ErrorBoundary = HelpErrorBoundary;
