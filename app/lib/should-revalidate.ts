import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * For screens whose search parameters only steer the browser (an open editor, a tab of data already
 * loaded): changing them does not read the screen's data again; another path, a form submission or an
 * explicit revalidation (same URL) does.
 */
export const revalidateUnlessOnlySearchChanged: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  const onlySearch = !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.href !== nextUrl.href;
  return onlySearch ? false : defaultShouldRevalidate;
};
