import { HELP_CONTENT } from "./content.generated";
import type { HelpAudience, HelpSection, HelpTopic } from "./types";

export type { HelpAudience, HelpSection, HelpTopic } from "./types";

/** The help and docs content, in reading order: the Markdown files of content/help (scripts/help-content.mjs). */
export const HELP_SECTIONS: readonly HelpSection[] = HELP_CONTENT;

/** Sections a reader may see: visitors get the public docs, signed-in users all of it (spec §2). */
export function sectionsFor(signedIn: boolean): HelpSection[] {
  const allowed: HelpAudience[] = signedIn ? ["public", "app"] : ["public"];
  return HELP_SECTIONS.filter((s) => allowed.includes(s.audience));
}

export function findSection(slug: string, signedIn: boolean): HelpSection | null {
  return sectionsFor(signedIn).find((s) => s.slug === slug) ?? null;
}

export function findTopic(sectionSlug: string, topicSlug: string, signedIn: boolean): { section: HelpSection; topic: HelpTopic } | null {
  const section = findSection(sectionSlug, signedIn);
  const topic = section?.topics.find((t) => t.slug === topicSlug);
  return section && topic ? { section, topic } : null;
}

/** The topics before and after one, across sections, for "previous / next" links. */
export function neighbours(sectionSlug: string, topicSlug: string, signedIn: boolean) {
  const flat = sectionsFor(signedIn).flatMap((s) => s.topics.map((t) => ({ section: s, topic: t })));
  const i = flat.findIndex((x) => x.section.slug === sectionSlug && x.topic.slug === topicSlug);
  return { previous: i > 0 ? flat[i - 1] : null, next: i >= 0 && i < flat.length - 1 ? flat[i + 1] : null };
}
