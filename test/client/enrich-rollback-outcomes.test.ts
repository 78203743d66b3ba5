import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RollbackOutcomes } from "../../app/components/enrich/rollback-outcomes";
import { ENRICH_TEXTS } from "../../app/components/enrich/texts";
import { ENRICH_ROLLBACK_MESSAGES, type EnrichRollbackOutcome } from "../../workers/contracts/enrich";

/** Under a rolled-back apply, the values it did not restore as recorded are named, with the page. */
describe("rollback outcomes under an apply", () => {
  const outcome = (status: EnrichRollbackOutcome["status"], item: string): EnrichRollbackOutcome => ({ pageUrl: "https://www.shop.test/a", status, item, message: ENRICH_ROLLBACK_MESSAGES[status](item) });

  it("counts what came back and lists what was left because it changed since, or is gone", () => {
    const html = renderToStaticMarkup(
      h(RollbackOutcomes, {
        outcomes: [
          outcome("restored", "page property pageTitle"),
          outcome("restored", "page property root/main/hero_0/alt"),
          outcome("left", "dc:description of the DAM asset /content/dam/hero.png"),
          outcome("gone", "alt text of media 3"),
        ],
      }),
    );
    expect(html).toContain(`>${ENRICH_TEXTS.rollbackRestored(2)}<`);
    expect(html).toContain(">2 restored<");
    expect(html).toContain(">1 left as changed since<");
    expect(html).toContain(">1 no longer in the target<");
    expect(html).toContain(`>${ENRICH_TEXTS.rollbackNotRestored}<`);
    expect(html).toContain("https://www.shop.test/a: Left dc:description of the DAM asset /content/dam/hero.png as it is: it changed since this apply");
    expect(html).toContain("https://www.shop.test/a: Alt text of media 3 is no longer in the target");
    expect(html).toContain(`<ul aria-label="${ENRICH_TEXTS.rollbackNotRestored}"`);
    expect(html.match(/data-rollback-status="/g)).toHaveLength(2);
    // The left item carries the design system's amber badge.
    expect(html).toMatch(/data-rollback-status="left"><span class="[^"]*bg-amber-100[^"]*">left<\/span>/);
  });

  it("shows nothing before a rollback, and no list when everything came back", () => {
    expect(renderToStaticMarkup(h(RollbackOutcomes, { outcomes: null }))).toBe("");
    const html = renderToStaticMarkup(h(RollbackOutcomes, { outcomes: [outcome("restored", "seo.title")] }));
    expect(html).toContain(">1 restored<");
    expect(html).not.toContain(ENRICH_TEXTS.rollbackNotRestored);
  });

  it("words the toast of a rollback that left values", () => {
    expect(ENRICH_TEXTS.rolledBackLeft(1)).toBe("Apply rolled back; 1 value changed since the apply was left as it is");
    expect(ENRICH_TEXTS.rolledBackLeft(3)).toBe("Apply rolled back; 3 values changed since the apply were left as they are");
  });
});
