import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PlatformFields, initialPlatformValues, platformPayload } from "../../app/components/settings/platform-fields";

/** The platform connection form is drawn from platform-meta: a field declared there is on the screen and saved. */
describe("platform connection fields", () => {
  const form = (platform: string, stored: Record<string, unknown> = {}) =>
    renderToStaticMarkup(h(PlatformFields, { platform, values: initialPlatformValues(platform, stored), onChange: () => {} }));
  const input = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? null;

  it("shows Magnolia's public URL as an optional URL field with its stored value", () => {
    const html = form("magnolia", { authorUrl: "https://author.example.com/magnoliaAuthor", publicUrl: "https://www.example.com/magnoliaPublic" });
    expect(html).toContain(">Public URL<");
    expect(html).not.toContain("Public URL *");
    expect(input(html, "publicUrl")).toMatch(/type="url"/);
    expect(input(html, "publicUrl")).toContain('value="https://www.example.com/magnoliaPublic"');
    expect(input(html, "publicUrl")).toContain('placeholder="https://www.example.com/magnoliaPublic"');
    // What the field is for, under it and named by the input's aria-describedby.
    const hint = "The public instance, with its context path. Each written page is opened there to check its fidelity.";
    const id = /aria-describedby="([^"]+)"/.exec(input(html, "publicUrl") ?? "")?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`id="${id}"`);
    expect(new RegExp(`id="${id}"[^>]*>${hint}<`).test(html)).toBe(true);
  });

  it("shows Sanity's preview settings as Contentful has them, and sends what was filled in", () => {
    const html = form("sanity");
    for (const label of ["Preview base URL", "Preview URL template", "Preview query string", "Append preview query"]) expect(html).toContain(`>${label}<`);
    expect(input(html, "previewBaseUrl")).toMatch(/type="url"/);
    expect(input(html, "previewUrlTemplate")).toContain('placeholder="/{slug}"');
    expect(html).toContain(">Where your front end shows the entries. Each written page is opened there to check its fidelity.<");
    const values = { ...initialPlatformValues("sanity"), projectId: "p", previewBaseUrl: " https://front.example.com ", appendPreviewQuery: true };
    expect(platformPayload("sanity", values)).toEqual({ projectId: "p", previewBaseUrl: "https://front.example.com", appendPreviewQuery: true });
  });
});
