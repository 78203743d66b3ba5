/**
 * The company details the public footer shows (spec §2). They come from configuration (the COMPANY_*
 * vars of wrangler.toml, read by public-site.server.ts) through the root loader; a detail that is not
 * configured is left out of the footer rather than invented.
 */
export interface CompanyDetails {
  name: string;
  address: string;
  phone: string;
  email: string;
  abn: string;
  acn: string;
}

/** The paths whose pages load the chat and support widget (spec §2); every other page must not. */
export const WIDGET_PATHS = ["/", "/request-demo", "/book-demo", "/contact", "/privacy", "/terms"] as const;

export const hasSupportWidget = (pathname: string) => (WIDGET_PATHS as readonly string[]).includes(pathname.replace(/(.)\/$/, "$1"));

export const PUBLIC_NAV = [
  { to: "/docs", label: "Docs" },
  { to: "/partners", label: "Partners" },
  { to: "/contact", label: "Contact" },
  { to: "/news", label: "News" },
] as const;

export const PUBLIC_TEXT = {
  signIn: "Sign in",
  goToSnapshots: "Go to Snapshots",
  bookDemo: "Book a demo",
  privacy: "Privacy Policy",
  terms: "Terms of Service",
  news: "News",
} as const;

export const FOOTER_LINKS = [
  { to: "/news", label: PUBLIC_TEXT.news },
  { to: "/login", label: PUBLIC_TEXT.signIn },
  { to: "/book-demo", label: PUBLIC_TEXT.bookDemo },
  { to: "/privacy", label: PUBLIC_TEXT.privacy },
  { to: "/terms", label: PUBLIC_TEXT.terms },
] as const;
