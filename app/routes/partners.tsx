import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PublicLayout } from "~/components/public/public-layout";
import { publicPageHeaders } from "~/lib/public-headers";
import { publicPage } from "~/lib/public-site.server";
import { optionalUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Partners — Migrate" },
  { name: "description", content: "The prerelease partner programme for agencies and integrators who migrate websites into Magnolia and other CMSs." },
];

export const headers = publicPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return publicPage((await optionalUser(request, context)) !== null, {});
}

const BENEFITS = [
  { title: "Early access", body: "Use new target platforms and mapping features before they are released, on your clients' real sites." },
  { title: "A direct line to the team", body: "Your migration leads talk to the engineers who build the crawler, the mapper and the platform adapters." },
  { title: "Training for your people", body: "The full training programme for your delivery team, and help on your first migrations." },
  { title: "Shape the roadmap", body: "Tell us which platforms, components and workflows your clients need; partners' needs come first." },
];

/** /partners: the prerelease partner programme (spec §2). */
export default function Partners() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <PublicLayout signedIn={signedIn}>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-100">Prerelease programme</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">Partner with us</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
        Migrate is in prerelease. We are working with a small group of agencies and integrators who move websites into Magnolia and other CMSs for their clients.
      </p>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2">
        {BENEFITS.map((b) => (
          <li key={b.title} className="rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
            <h2 className="text-lg font-semibold">{b.title}</h2>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{b.body}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-wrap gap-3">
        <Link to="/contact" className="rounded-md bg-brand-600 px-5 py-3 font-medium text-white hover:bg-brand-700">
          Apply to become a partner
        </Link>
        <Link to="/book-demo" className="rounded-md border border-slate-300 px-5 py-3 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
          Book a demo
        </Link>
      </div>
    </PublicLayout>
  );
}
