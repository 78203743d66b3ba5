import type { HelpSection } from "./types";

export const MIGRATIONS_SECTION: HelpSection = {
  slug: "migrations",
  title: "Migration runs",
  description: "Choosing pages, starting a run, following its progress and handling problems.",
  audience: "app",
  topics: [
    {
      slug: "sources",
      title: "Choosing the pages",
      summary: "A sitemap, a curated URL list, and how many pages render at once.",
      body: `Under **Settings → Migration sources**:

- **Sitemap URL** — the site's sitemap. Sitemap index files and gzip-compressed sitemaps are followed, so pointing at the top-level \`sitemap.xml\` is usually enough.
- **Curated URL list** — one absolute URL per line. Use it to migrate a section of the site, or to re-run a handful of pages after fixing a mapping.
- **Pages rendered at once** — how many pages the crawler renders in parallel (1 to 16). Lower it if the source site is slow or rate-limited.

Large sites run in batches; progress is saved after every page, so an interrupted run resumes without losing or repeating pages.`,
    },
    {
      slug: "running",
      title: "Starting and following a run",
      summary: "Start a run, watch progress, screenshots and logs.",
      body: `Open the **Migration** page of a project and start a run. Before it starts, the app checks that the project is ready:

- *No template configurations found for this site* — add templates first (not needed for platforms that use content types only).
- *No component configurations found for this site* — add at least one component or block definition.

While the run is going you see a progress bar with the number of pages done out of the total, the page being processed, screenshots as they are captured, and the run's log. Filter the log by level to find warnings and errors quickly.

You can leave the page: the run continues on the server. Coming back, or reloading, reconnects to the live progress; a run that finished meanwhile shows its result summary (pages, components and duration).`,
    },
    {
      slug: "problems",
      title: "Cancelling, errors and stuck runs",
      summary: "What the run states mean and what to do about them.",
      body: `- **Cancel** stops a run after the page in progress; pages already written stay in the target platform. Starting again later continues cleanly, because a page written twice updates the same item instead of creating a duplicate.
- **Failed** — the run stopped on an error. The log says which page and why; fix the cause (often the platform connection or a missing component definition) and start again.
- **Stuck** — *Migration appears to be stuck. You may need to start a new migration.* The server lost track of the run, for example after a restart. Start a new run; finished pages are not repeated.

Migration notifications are not shown as pop-ups while you are on the Migration page itself, because the page already shows them.`,
    },
  ],
};

export const REVIEW_SECTION: HelpSection = {
  slug: "review",
  title: "Snapshots and mapping review",
  description: "Captured pages, confidence scores, and approving or overriding mappings.",
  audience: "app",
  topics: [
    {
      slug: "snapshots",
      title: "Snapshots",
      summary: "Every captured page with its screenshot, status and confidence.",
      body: `A **snapshot** is one source page as the crawler captured it: its screenshot, the content extracted from it and how that content was mapped. **Snapshots** in the sidebar lists them with their status and overall confidence; filter the list to find pages that need attention, such as low-confidence or failed pages.

Open a snapshot to see the page next to its mapping.`,
    },
    {
      slug: "mapping",
      title: "Reviewing a mapping",
      summary: "Approve, tweak or override; the system learns from your decisions.",
      body: `Each piece of extracted content is mapped onto a field of one of your components, with a **confidence score** between 0 and 100%.

- **Approve** accepts the mapping as it is.
- **Tweak** keeps the component but changes a field or a value.
- **Override** maps the content onto a different component altogether.

Your decisions are remembered: later pages with the same structure, in this run and in future runs, are mapped the way you decided. Every decision is recorded in the audit trail with who made it and when.`,
    },
    {
      slug: "confidence",
      title: "Confidence threshold and prompts",
      summary: "Decide what is applied automatically, and tune the AI.",
      body: `Under **Settings → AI mapping**:

- **Minimum confidence for auto-apply** — mappings scoring at least this value are applied without review; everything below waits for you. Start high (around 0.9) and lower it once you trust the results for your site.
- **Prompts** — additional instructions for the AI mapper, such as which component to prefer for hero banners, or how to treat legal footers.

Mappings that the system already learned from your earlier decisions are applied first; the AI handles only what is new.`,
    },
  ],
};

export const ACCOUNT_SECTION: HelpSection = {
  slug: "account",
  title: "Account and sessions",
  description: "Theme, signing in and out, and what happens when a session expires.",
  audience: "app",
  topics: [
    {
      slug: "theme",
      title: "Light and dark theme",
      summary: "Choose light, dark, or follow your system.",
      body: `On **Account**, choose **Light**, **Dark** or **System**. *System* follows your operating system's setting and switches with it. The choice is saved to your account, so it follows you to other browsers.`,
    },
    {
      slug: "sessions",
      title: "Sessions and signing out",
      summary: "Why you are sometimes asked to sign in again.",
      body: `**Logout** at the bottom of the sidebar ends your session on this browser.

When a session ends elsewhere — it expired, or you signed out in another tab — the app shows *Your session expired — please sign in again.* and takes you to the sign-in page. Anything you had open is still there after you sign in again; a running migration is not affected, because it runs on the server.`,
    },
    {
      slug: "notifications",
      title: "Notifications and banners",
      summary: "Toasts, the system banner and the cookie choice.",
      body: `- **Toasts** appear at the bottom right and disappear after a few seconds; the same message is not repeated within ten seconds.
- A **system notification** banner at the top announces maintenance or news for everyone. Close it with ×; it comes back only when the message changes.
- The **cookie banner** asks once whether usage may be measured. Closing it counts as *Decline*. Nothing is measured unless you accept.`,
    },
  ],
};
