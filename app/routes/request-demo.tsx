import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { DemoRequestForm } from "~/components/public/public-forms";
import { PublicLayout } from "~/components/public/public-layout";
import { SupportWidget } from "~/components/public/support-widget";
import { publicPageHeaders } from "~/lib/public-headers";
import { demoRequestAction } from "~/lib/public-forms.server";
import { publicPage } from "~/lib/public-site.server";
import { optionalUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Book a demo — Migrate" },
  { name: "description", content: "See Migrate move pages of your own website into your target CMS: a 30-minute walkthrough with a migration specialist." },
];

export const headers = publicPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return publicPage((await optionalUser(request, context)) !== null, {});
}

export const action = ({ request, context }: ActionFunctionArgs) => demoRequestAction(request, context);

const AGENDA = [
  "A crawl of pages from your own site in a real browser, with screenshots.",
  "The proposed mapping onto your target's components, with confidence scores.",
  "Approving, tweaking and overriding mappings, and how later runs learn from it.",
  "Writing pages, assets, links and metadata into the target, with the audit trail.",
];

/** /request-demo and /book-demo: the same demo request page (spec §2). */
export default function RequestDemo() {
  const { signedIn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const path = useLocation().pathname === "/book-demo" ? "/book-demo" : "/request-demo";
  return (
    <PublicLayout signedIn={signedIn}>
      <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr]">
        <section aria-labelledby="demo-title">
          <h1 id="demo-title" className="text-3xl font-semibold tracking-tight sm:text-4xl">
            Book a demo
          </h1>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
            Thirty minutes with a migration specialist, on pages of your own website. Tell us where you are moving from and to, and we will prepare the run before the call.
          </p>
          <h2 className="mt-8 font-semibold">What you will see</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300">
            {AGENDA.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </section>
        <section aria-label="Demo request form" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <DemoRequestForm action={path} initialResult={result} />
          <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">Fields marked * are required. We use your details only to arrange the demo (see the Privacy Policy).</p>
        </section>
      </div>
      <SupportWidget />
    </PublicLayout>
  );
}
