import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { optionalUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Migrate — move websites into Magnolia and other CMSs with AI field mapping" },
  { name: "description", content: "Crawl, map with confidence scores, review and write your site into the target CMS, with a complete audit trail." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const current = await optionalUser(request, context);
  if (current) throw redirect(current.user.role === "ADMIN" ? "/admin" : "/snapshots");
  return null;
}

const CLAIMS = [
  { value: "80%", label: "faster delivery, up to" },
  { value: "90%+", label: "mapping accuracy" },
  { value: "100%", label: "auditable workflow" },
];

export default function Landing() {
  return (
    <div className="min-h-screen pt-[var(--system-notification-height,0px)]">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5">
        <span className="text-xl font-bold tracking-tight text-brand-600 dark:text-brand-300">Migrate</span>
        <nav aria-label="Public" className="flex items-center gap-5 text-sm">
          <Link to="/login" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">Sign in</Link>
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-4 pb-20 pt-12">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">Move whole websites into Magnolia — mapped by AI, approved by people.</h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Crawl every page in a real browser, map content onto your components with confidence scores, approve or override each mapping, and write
          pages, assets, links and metadata into the target platform with a complete audit trail.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/signup" className="rounded-md bg-brand-600 px-5 py-3 font-medium text-white hover:bg-brand-700">Create an account</Link>
          <Link to="/login" className="rounded-md border border-slate-300 px-5 py-3 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">Sign in</Link>
        </div>
        <dl className="mt-16 grid gap-6 sm:grid-cols-3">
          {CLAIMS.map((c) => (
            <div key={c.value} className="rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
              <dt className="text-sm text-slate-600 dark:text-slate-400">{c.label}</dt>
              <dd className="mt-1 text-3xl font-bold text-brand-600 dark:text-brand-300">{c.value}</dd>
            </div>
          ))}
        </dl>
      </main>
    </div>
  );
}
