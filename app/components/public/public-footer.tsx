import { Link, useRouteLoaderData } from "@remix-run/react";
import { FOOTER_LINKS, type CompanyDetails } from "~/lib/public-site";

/** The company details from the root loader (configuration), or none when the root has not loaded. */
function useCompany(): CompanyDetails | null {
  const data = useRouteLoaderData("root") as { company?: CompanyDetails } | undefined;
  return data?.company ?? null;
}

/** The public footer (spec §2): links, company address, phone, support e-mail, ABN and ACN. */
export function PublicFooter() {
  const company = useCompany();
  return (
    <footer className="border-t border-slate-200 bg-white text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="inline-block py-1 font-medium text-slate-700 hover:text-slate-950 hover:underline dark:text-slate-300 dark:hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {company ? (
          <address className="space-y-1 not-italic sm:text-right" data-testid="company-details">
            {company.name ? <p className="font-medium text-slate-800 dark:text-slate-200">{company.name}</p> : null}
            {company.address ? <p>{company.address}</p> : null}
            <p>
              {company.phone ? (
                <>
                  Phone{" "}
                  <a href={`tel:${company.phone.replace(/\s/g, "")}`} className="hover:underline">
                    {company.phone}
                  </a>
                </>
              ) : null}
              {company.phone && company.email ? " · " : null}
              {company.email ? (
                <>
                  Support{" "}
                  <a href={`mailto:${company.email}`} className="hover:underline">
                    {company.email}
                  </a>
                </>
              ) : null}
            </p>
            <p>
              {company.abn ? `ABN ${company.abn}` : null}
              {company.abn && company.acn ? " · " : null}
              {company.acn ? `ACN ${company.acn}` : null}
            </p>
          </address>
        ) : null}
      </div>
    </footer>
  );
}
