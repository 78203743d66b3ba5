/**
 * The public header and footer (spec §2). Company details are placeholders until the legal entity's
 * real details are supplied: the `.example` domain and zero-filled ABN/ACN make that obvious.
 */
export const COMPANY = {
  name: "Migrate Example Pty Ltd",
  address: "Level 1, 100 Example Street, Sydney NSW 2000, Australia",
  phone: "+61 2 5550 0100",
  email: "support@migrate.example",
  abn: "00 000 000 000",
  acn: "000 000 000",
} as const;

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
