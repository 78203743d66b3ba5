import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { HELP_SECTIONS, findSection, findTopic, neighbours, sectionsFor, type HelpSection } from "./help";
import { HELP_QUERY_MAX, searchHelp } from "./help/search";
import { renderMarkdown } from "./markdown";
import { pageCacheHeaders } from "./public-site.server";
import { optionalUser } from "./session.server";

/** `help` or `docs`: both serve the same content under their own address (spec §2). */
export type HelpBase = "help" | "docs";

export interface HelpNavSection {
  slug: string;
  title: string;
  topics: { slug: string; title: string }[];
}

const baseOf = (request: Request): HelpBase => (new URL(request.url).pathname.split("/")[1] === "docs" ? "docs" : "help");

const nav = (sections: HelpSection[]): HelpNavSection[] => sections.map((s) => ({ slug: s.slug, title: s.title, topics: s.topics.map((t) => ({ slug: t.slug, title: t.title })) }));

const summaries = (s: HelpSection) => ({
  slug: s.slug,
  title: s.title,
  description: s.description,
  topics: s.topics.map((t) => ({ slug: t.slug, title: t.title, summary: t.summary })),
});

/** A page that exists only for signed-in readers answers 401 to visitors; unknown pages 404. */
function missing(sectionSlug: string, signedIn: boolean): never {
  const exists = HELP_SECTIONS.some((s) => s.slug === sectionSlug);
  throw json({ signIn: exists && !signedIn }, { status: exists && !signedIn ? 401 : 404 });
}

async function reader(request: Request, context: AppLoadContext) {
  const signedIn = (await optionalUser(request, context)) !== null;
  return { base: baseOf(request), signedIn };
}

/** The help home, or the results of a search across the topics the reader may see (`?q=`). */
export async function loadHelpIndex(request: Request, context: AppLoadContext) {
  const { base, signedIn } = await reader(request, context);
  const sections = sectionsFor(signedIn);
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, HELP_QUERY_MAX);
  const results = query ? searchHelp(sections, query) : null;
  return json({ base, signedIn, nav: nav(sections), sections: sections.map(summaries), query, results }, { headers: pageCacheHeaders(signedIn) });
}

export async function loadHelpSection(request: Request, context: AppLoadContext, sectionSlug: string) {
  const { base, signedIn } = await reader(request, context);
  const section = findSection(sectionSlug, signedIn);
  if (!section) missing(sectionSlug, signedIn);
  return json({ base, signedIn, nav: nav(sectionsFor(signedIn)), section: summaries(section) }, { headers: pageCacheHeaders(signedIn) });
}

export async function loadHelpTopic(request: Request, context: AppLoadContext, sectionSlug: string, topicSlug: string) {
  const { base, signedIn } = await reader(request, context);
  const found = findTopic(sectionSlug, topicSlug, signedIn);
  if (!found) missing(sectionSlug, signedIn);
  const { previous, next } = neighbours(sectionSlug, topicSlug, signedIn);
  const link = (x: typeof previous) => (x ? { section: x.section.slug, topic: x.topic.slug, title: x.topic.title } : null);
  return json(
    {
      base,
      signedIn,
      nav: nav(sectionsFor(signedIn)),
      section: { slug: found.section.slug, title: found.section.title },
      topic: { slug: found.topic.slug, title: found.topic.title, summary: found.topic.summary },
      html: renderMarkdown(found.topic.body),
      previous: link(previous),
      next: link(next),
    },
    { headers: pageCacheHeaders(signedIn) },
  );
}
