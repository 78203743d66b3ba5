import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, type ShouldRevalidateFunction } from "@remix-run/react";
import { AppProvider } from "./components/app/app-context";
import { ToastViewport } from "./components/app/toast-viewport";
import { AnalyticsTracker } from "./components/system/analytics-tracker";
import { CookieBanner } from "./components/system/cookie-banner";
import { FlashToastOnLoad } from "./components/system/flash-toast";
import { useNonce } from "./lib/nonce";
import { COOKIE_CONSENT_VALUES, STORAGE_KEYS } from "./lib/storage-keys";
import { companyDetails } from "./lib/public-site.server";
import { SystemNotificationBanner } from "./components/system/system-notification-banner";
import styles from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  // The brand mark (public/): the SVG for browsers that take one, the ICO for the rest and for /favicon.ico.
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "16x16 32x32 48x48" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];
export const meta: MetaFunction = () => [{ title: "Migrate — CMS migration with AI field mapping" }];

/** The footer's company details from configuration (spec §2); they never change within a deployment. */
export const loader = ({ context }: LoaderFunctionArgs) => ({ company: companyDetails(context) });
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

/** Applies the stored theme before first paint so there is no flash of the wrong theme. */
const themeScript = `(function(){try{var t=localStorage.getItem("theme")||"system";var d=t==="dark"||(t==="system"&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d);}catch(e){}})();`;

/**
 * Marks the page when the visitor has already chosen about cookies, before first paint: the cookie
 * banner is in the server's HTML (so a first visit paints it at once, not after hydration, and the
 * cached page is the same for everyone), and `html[data-cookie-consent]` hides it for those who chose.
 */
const consentScript = `(function(){try{var v=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.cookieConsent)});if(${JSON.stringify(COOKIE_CONSENT_VALUES)}.indexOf(v)>=0)document.documentElement.setAttribute("data-cookie-consent",v);}catch(e){}})();`;

/**
 * Zod probes `new Function` when its first object schema is built, to compile faster parsers. The CSP
 * forbids eval and reports even a probe that zod catches, so zod runs jitless in the browser (as it
 * already does in Workers). Zod reads its global config from this global, so it must be set before any
 * module script runs: an inline script in <head> is.
 */
const zodConfigScript = `window.__zod_globalConfig=Object.assign(window.__zod_globalConfig||{},{jitless:true});`;

export function Layout({ children }: { children: React.ReactNode }) {
  // Inline scripts run only with the nonce of the response's Content-Security-Policy.
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: consentScript }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: zodConfigScript }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Marks the page interactive; end-to-end tests wait for it before typing into forms.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <AppProvider>
      <SystemNotificationBanner />
      <Outlet />
      <ToastViewport />
      <CookieBanner />
      <AnalyticsTracker />
      <FlashToastOnLoad />
    </AppProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <main className="mx-auto max-w-xl p-10 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">Please try again, or go back to the start page.</p>
      <a className="mt-6 inline-block text-brand-600 dark:text-brand-300 underline" href="/">
        Go to the start page
      </a>
    </main>
  );
}
