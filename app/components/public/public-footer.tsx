import { Link } from "@remix-run/react";
import { COMPANY, FOOTER_LINKS } from "~/lib/public-site";

/** The public footer (spec §2): links, company address, phone, support e-mail, ABN and ACN. */
export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="font-medium text-slate-700 hover:text-slate-950 hover:underline dark:text-slate-300 dark:hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <address className="space-y-1 not-italic sm:text-right">
          <p className="font-medium text-slate-800 dark:text-slate-200">{COMPANY.name}</p>
          <p>{COMPANY.address}</p>
          <p>
            Phone <a href={`tel:${COMPANY.phone.replace(/\s/g, "")}`} className="hover:underline">{COMPANY.phone}</a>
            {" · "}
            <a href={`mailto:${COMPANY.email}`} className="hover:underline">{COMPANY.email}</a>
          </p>
          <p>
            ABN {COMPANY.abn} · ACN {COMPANY.acn}
          </p>
        </address>
      </div>
    </footer>
  );
}
