import type { ReactNode } from "react";
import { PublicLayout } from "./public-layout";
import { SupportWidget } from "./support-widget";

/** A legal page in the public frame, with the support widget (spec §2: /privacy and /terms have it). */
export function LegalPage({ signedIn, title, updated, children }: { signedIn: boolean; title: string; updated: string; children: ReactNode }) {
  return (
    <PublicLayout signedIn={signedIn}>
      <article className="mx-auto max-w-3xl space-y-4 leading-7 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">Last updated {updated}</p>
        {children}
      </article>
      <SupportWidget />
    </PublicLayout>
  );
}
