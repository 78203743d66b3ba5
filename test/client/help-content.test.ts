import { describe, expect, it } from "vitest";
import { HELP_SECTIONS, findTopic, neighbours, sectionsFor } from "../../app/lib/help";
import { renderMarkdown } from "../../app/lib/markdown";

describe("help content", () => {
  it("has unique slugs and renders every topic", () => {
    const sections = new Set(HELP_SECTIONS.map((s) => s.slug));
    expect(sections.size).toBe(HELP_SECTIONS.length);
    for (const s of HELP_SECTIONS) {
      expect(new Set(s.topics.map((t) => t.slug)).size).toBe(s.topics.length);
      for (const t of s.topics) {
        expect(t.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(renderMarkdown(t.body).length).toBeGreaterThan(200);
      }
    }
  });

  it("shows visitors the public docs and signed-in users everything", () => {
    const publicSlugs = sectionsFor(false).map((s) => s.slug);
    expect(publicSlugs).toEqual(["getting-started", "platforms", "organizations"]);
    expect(sectionsFor(true)).toHaveLength(HELP_SECTIONS.length);
    expect(findTopic("migrations", "running", false)).toBeNull();
    expect(findTopic("migrations", "running", true)?.topic.title).toBe("Starting and following a run");
  });

  it("links each topic to its neighbours across sections", () => {
    const first = HELP_SECTIONS[0];
    const { previous, next } = neighbours(first.slug, first.topics[first.topics.length - 1].slug, true);
    expect(previous?.topic.slug).toBe(first.topics[first.topics.length - 2].slug);
    expect(next?.section.slug).toBe(HELP_SECTIONS[1].slug);
  });
});
