import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PublicLayout } from "~/components/public/public-layout";
import { publicPageHeaders } from "~/lib/public-headers";
import { publicPage } from "~/lib/public-site.server";
import { optionalUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Training — Migrate" },
  { name: "description", content: "Training for the people who run migrations with Migrate: content teams, developers and administrators." },
];

export const headers = publicPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return publicPage((await optionalUser(request, context)) !== null, {});
}

const COURSES = [
  {
    title: "Running a migration",
    audience: "Content teams and project leads",
    length: "Half a day",
    topics: ["Choosing pages: sitemap or curated URL list", "Starting, following and cancelling a run", "Reading snapshots and the run's logs"],
    doc: "/docs/getting-started/how-it-works",
  },
  {
    title: "Reviewing mappings",
    audience: "Content editors",
    length: "Half a day",
    topics: ["Confidence scores and the automatic threshold", "Approving, tweaking and overriding a mapping", "How decisions teach later runs"],
    doc: "/docs/platforms/supported-platforms",
  },
  {
    title: "Connecting target platforms",
    audience: "Developers and administrators",
    length: "One day",
    topics: ["Magnolia, AEM, WordPress, Contentful, Storyblok and Sanity connections", "Component and template definitions", "Assets, links and metadata in the target"],
    doc: "/docs/platforms/connecting",
  },
  {
    title: "Administering organizations",
    audience: "Organization owners and admins",
    length: "Two hours",
    topics: ["Roles: OWNER, ADMIN and MEMBER", "Inviting people and managing projects", "The audit trail"],
    doc: "/docs/organizations/roles",
  },
];

/** /training: the courses for teams that migrate with the product. */
export default function Training() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <PublicLayout signedIn={signedIn}>
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Training</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
        Hands-on sessions, online or at your office, on your own site and target platform. Each course follows the documentation, so your team can look everything up afterwards.
      </p>
      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {COURSES.map((c) => (
          <li key={c.title} className="rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
            <h2 className="text-xl font-semibold">{c.title}</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {c.audience} · {c.length}
            </p>
            <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
              {c.topics.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
            <Link to={c.doc} className="mt-4 inline-block text-sm font-medium text-brand-700 underline dark:text-brand-100">
              Read the guide for {c.title.toLowerCase()}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-10 rounded-lg bg-brand-50 p-6 dark:bg-slate-900">
        <h2 className="text-lg font-semibold">Book a course for your team</h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">Tell us which course, how many people and when; we will propose dates.</p>
        <Link to="/contact" className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
          Ask about training
        </Link>
      </div>
    </PublicLayout>
  );
}
