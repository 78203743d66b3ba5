import type { ReactNode } from "react";

/** The frame of the sign-in and sign-up pages. */
export function AuthLayout({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 pb-12 pt-[calc(3rem+var(--system-notification-height,0px))]">
      <div className="w-full max-w-md">
        <a href="/" className="mb-8 block text-center text-xl font-bold tracking-tight text-brand-600 dark:text-brand-300">
          Migrate
        </a>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h1 className="mb-6 text-xl font-semibold">{title}</h1>
          {children}
        </div>
        {footer ? <div className="mt-4 text-center text-sm text-slate-600 dark:text-slate-400">{footer}</div> : null}
      </div>
    </main>
  );
}
