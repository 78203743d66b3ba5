import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ContactForm } from "~/components/public/public-forms";
import { PublicLayout } from "~/components/public/public-layout";
import { SupportWidget } from "~/components/public/support-widget";
import { publicPageHeaders } from "~/lib/public-headers";
import { contactAction } from "~/lib/public-forms.server";
import type { CompanyDetails } from "~/lib/public-site";
import { publicPage } from "~/lib/public-site.server";
import { optionalUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Contact — Migrate" },
  { name: "description", content: "Questions about migrating your website, partnerships, training or support: write to the Migrate team." },
];

export const headers = publicPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return publicPage((await optionalUser(request, context)) !== null, {});
}

export const action = ({ request, context }: ActionFunctionArgs) => contactAction(request, context);

/** /contact: the contact form, and the company's phone and support e-mail. */
export default function Contact() {
  const { signedIn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const company = (useRouteLoaderData("root") as { company?: CompanyDetails } | undefined)?.company;
  return (
    <PublicLayout signedIn={signedIn}>
      <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr]">
        <section aria-labelledby="contact-title">
          <h1 id="contact-title" className="text-3xl font-semibold tracking-tight sm:text-4xl">
            Contact us
          </h1>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">Questions about a migration, partnerships, training or your account: write to us and a person will answer.</p>
          <dl className="mt-8 space-y-3 text-slate-700 dark:text-slate-300">
            {company?.email ? (
              <div>
                <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">Support e-mail</dt>
                <dd>
                  <a href={`mailto:${company.email}`} className="font-medium text-brand-700 underline dark:text-brand-100">
                    {company.email}
                  </a>
                </dd>
              </div>
            ) : null}
            {company?.phone ? (
              <div>
                <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">Phone</dt>
                <dd>{company.phone}</dd>
              </div>
            ) : null}
          </dl>
          <p className="mt-8 text-slate-700 dark:text-slate-300">
            Want to see it on your own site?{" "}
            <Link to="/book-demo" className="font-medium text-brand-700 underline dark:text-brand-100">
              Book a demo
            </Link>
            .
          </p>
        </section>
        <section aria-label="Contact form" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <ContactForm initialResult={result} />
        </section>
      </div>
      <SupportWidget />
    </PublicLayout>
  );
}
