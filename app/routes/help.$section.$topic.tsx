import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { HelpErrorBoundary } from "~/components/help/help-error";
import { HELP_TEXT, HelpFrame, titleOf } from "~/components/help/help-frame";
import { MarkdownView } from "~/components/markdown/markdown-view";
import { publicPageHeaders } from "~/lib/public-headers";
import { loadHelpTopic } from "~/lib/help.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.topic.title} — ${titleOf(data.base)} — Migrate` }, { name: "description", content: data.topic.summary }]
    : [{ title: `${HELP_TEXT.help} — Migrate` }];

export const headers = publicPageHeaders;

export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadHelpTopic(request, context, params.section ?? "", params.topic ?? "");

/** One help topic, rendered from the content module's Markdown. */
export default function HelpTopicPage() {
  const { base, nav, signedIn, section, topic, html, previous, next } = useLoaderData<typeof loader>();
  return (
    <HelpFrame base={base} nav={nav} signedIn={signedIn}>
      <article className="max-w-3xl">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Link to={`/${base}`} className="hover:underline">
            {titleOf(base)}
          </Link>
          {" / "}
          <Link to={`/${base}/${section.slug}`} className="hover:underline">
            {section.title}
          </Link>
        </p>
        <h1 className="mt-1 text-3xl font-semibold tracking-tight">{topic.title}</h1>
        <p className="mt-2 text-lg text-slate-600 dark:text-slate-400">{topic.summary}</p>
        <MarkdownView html={html} className="mt-6" />
        <nav aria-label="Previous and next topic" className="mt-10 flex flex-wrap justify-between gap-4 border-t border-slate-200 pt-4 text-sm dark:border-slate-800">
          {previous ? (
            <Link to={`/${base}/${previous.section}/${previous.topic}`} className="hover:underline">
              <span className="block text-xs text-slate-500 dark:text-slate-400">{HELP_TEXT.previous}</span>
              <span className="font-medium">{previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={`/${base}/${next.section}/${next.topic}`} className="text-right hover:underline">
              <span className="block text-xs text-slate-500 dark:text-slate-400">{HELP_TEXT.next}</span>
              <span className="font-medium">{next.title}</span>
            </Link>
          ) : null}
        </nav>
      </article>
    </HelpFrame>
  );
}

export const ErrorBoundary = HelpErrorBoundary;
