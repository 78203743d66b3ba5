import { Link, isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { EmptyState } from "~/components/ui/card";
import { HELP_TEXT } from "./help-frame";

/** Unknown help pages, and app-only pages asked for by a visitor. */
export function HelpErrorBoundary() {
  const error = useRouteError();
  const base = useLocation().pathname.startsWith("/docs") ? "docs" : "help";
  const signIn = isRouteErrorResponse(error) && error.status === 401;
  return (
    <div className="mx-auto max-w-xl py-10">
      <EmptyState title={signIn ? HELP_TEXT.signInRequired : HELP_TEXT.notFound}>
        <p>{signIn ? HELP_TEXT.signInRequiredHint : HELP_TEXT.notFoundHint}</p>
        <p className="mt-3">
          {signIn ? (
            <Link to="/login" className="font-medium text-brand-600 underline dark:text-brand-100">
              Sign in
            </Link>
          ) : (
            <Link to={`/${base}`} className="font-medium text-brand-600 underline dark:text-brand-100">
              {base === "docs" ? HELP_TEXT.docs : HELP_TEXT.help}
            </Link>
          )}
        </p>
      </EmptyState>
    </div>
  );
}
