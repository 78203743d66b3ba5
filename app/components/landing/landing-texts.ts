/** The landing page's texts (spec §2 Landing page, §9 Landing claims, Logo carousel loop, Reduced effects breakpoint). */

export const LANDING_TEXT = {
  title: "Migrate — move websites into Magnolia and other CMSs with AI field mapping",
  description: "Crawl every page in a real browser, map content onto your components with confidence scores, review each mapping and write the site into your target CMS with a complete audit trail.",
  heroTitle: "Move whole websites into your new CMS — mapped by AI, approved by people.",
  heroBody:
    "Migrate crawls every page in a real browser, maps its content onto your components with confidence scores, lets your team approve or override each mapping, and writes pages, assets, links and metadata into the target platform with a complete audit trail.",
  watchVideo: "Watch the video",
  talkToExpert: "Talk to an expert",
  goToSnapshots: "Go to Snapshots",
  bookDemo: "Book a demo",
  seeItInAction: "See it in action",
  videoTitle: "Migrate in two minutes",
  closeVideo: "Close video",
  videoFailed: "The video could not be played here. Book a demo and we will show you the product live.",
  sectionsNav: "On this page",
} as const;

/** The anchor navigation, in page order (spec §2). */
export const LANDING_ANCHORS = [
  { id: "why-choose", label: "Why choose" },
  { id: "testimonials", label: "Testimonials" },
  { id: "ai-migration", label: "AI migration" },
  { id: "cms-compatibility", label: "CMS compatibility" },
  { id: "use-cases", label: "Use cases" },
  { id: "faq", label: "FAQ" },
  { id: "partnership", label: "Partnership" },
  { id: "see-it-yourself", label: "See it yourself" },
] as const;

/** The claims of the stat counters (spec §9 Landing claims: 80%, 90%+, 100%). */
export const LANDING_CLAIMS = [
  { value: 80, suffix: "%", lead: "Up to", label: "faster delivery", detail: "Crawling, extraction and mapping run by themselves; people review the exceptions." },
  { value: 90, suffix: "%+", lead: "", label: "mapping accuracy", detail: "Proposals above your confidence threshold are applied without anyone touching them." },
  { value: 100, suffix: "%", lead: "", label: "auditable workflow", detail: "Every mapping decision and every write to the target is recorded with who and when." },
] as const;

export const WHY_CHOOSE = [
  { title: "A real browser for every page", body: "Pages are rendered in headless Chromium and captured with screenshots, so content that scripts build is migrated too." },
  { title: "Mappings you can trust", body: "Each field mapping comes with a confidence score. You decide the threshold; everything below it waits for a person." },
  { title: "Learns from your team", body: "Approvals, tweaks and overrides are remembered and applied to the next run of the same site." },
  { title: "Nothing lost on the way", body: "Assets, internal links and metadata travel with the pages, and re-running a migration updates instead of duplicating." },
] as const;

export const AI_SECTION = {
  title: "AI migration that shows its work",
  body: "Extraction finds the main content, components and metadata of each page. The mapper proposes where every field goes in your target's components, explains its confidence, and learns from the decisions your reviewers make.",
  points: ["Main content, headings, images, links and metadata extracted from the rendered page", "Field-by-field proposals with confidence scores", "Approve, tweak or override — and later runs remember it"],
} as const;

/** The platforms of the CMS compatibility carousel: targets first, then the export-bundle platforms. */
export const CMS_PLATFORMS = ["Magnolia", "Adobe Experience Manager", "WordPress", "Contentful", "Storyblok", "Sanity", "Drupal", "Sitecore", "Umbraco", "Strapi", "Kentico", "Contentstack", "Joomla"] as const;

/** Spec §9: the logo carousel loops every 30 s. */
export const LOGO_CAROUSEL_LOOP_SECONDS = 30;

/** Spec §9: reduced effects at this width and below. */
export const REDUCED_EFFECTS_MAX_WIDTH = 640;

/** The four use cases (spec §2). */
export const USE_CASES = [
  { title: "Rebrand or redesign", body: "Move the content of the old site onto the new design system's components, page by page, without retyping it." },
  { title: "Platform consolidation", body: "Bring several sites on different CMSs into one platform, with one set of components and one review workflow." },
  { title: "Portfolio launches", body: "Roll out many brand or country sites from one template, reusing the mapping decisions of the first on the rest." },
  { title: "Content refresh", body: "Re-run a migration after the source has changed: pages are updated in place, never duplicated." },
] as const;

/** The six FAQ questions (spec §2), one open at a time. */
export const FAQ = [
  {
    q: "Which platforms can Migrate move content into?",
    a: "Magnolia first, and also Adobe Experience Manager, WordPress, Contentful, Storyblok and Sanity. For Drupal, Sitecore, Umbraco, Strapi, Kentico, Contentstack and Joomla it produces export bundles.",
  },
  {
    q: "Does it work with sites built by JavaScript?",
    a: "Yes. Every page is rendered in a real headless browser before its content is extracted, and a screenshot is kept with the snapshot.",
  },
  {
    q: "How accurate is the AI mapping?",
    a: "Each proposal carries a confidence score. Proposals above your minimum confidence are applied automatically; everything else waits for review. The confidence model is fitted on real pages, not set by hand.",
  },
  {
    q: "Can we review every change before it is written?",
    a: "Yes. Reviewers approve, tweak or override each mapping, and every write to the target platform is recorded in the audit trail with who made it and when.",
  },
  {
    q: "What happens to images, files and links?",
    a: "Assets are uploaded to the target's media library, internal links are rewritten to the migrated pages, and page metadata is preserved.",
  },
  {
    q: "How are our platform credentials protected?",
    a: "Passwords and tokens are encrypted at rest and never shown again after you save them. Every request is checked against your organization membership and role.",
  },
] as const;

export const PARTNERSHIP = {
  title: "Migrating sites for your clients?",
  body: "Join the prerelease partner programme: early access, training for your team and a direct line to the engineers.",
  cta: "Become a partner",
} as const;

export const CLOSING = {
  title: "See it yourself",
  body: "Bring a site. In thirty minutes we will crawl some of its pages, map them onto your target's components and show you what your reviewers would see.",
} as const;
