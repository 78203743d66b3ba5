/**
 * The fidelity check of written pages, end to end: a run of the fixture site into the real WordPress
 * (Debian's packages on loopback), each written page rendered from WordPress in the run's browser and
 * compared with its source; the results through the API, worst first, with the target's screenshot and
 * the page's assets, and the project's threshold holding pages for review.
 */
import { describe, expect, inject, it, vi } from "vitest";
import type { SiteAuditDto } from "../../workers/contracts/enrich";
import { pageScore } from "../../workers/enrich/score";
import { FIDELITY_WEIGHTS, type PageFidelityDto, type SnapshotFidelityDto } from "../../workers/contracts/fidelity";
import { call, newOwner } from "../helpers";
import { fixtureSite, origin, rawCall, startRun, waitForEnd } from "../migration/helpers";

const wp = inject("wordpress");
if (wp.error && wp.ci) throw new Error(`WordPress is required on CI: ${wp.error}`);

const COMPONENTS = {
  hero: { name: "Hero", selector: ".hero", fields: [{ name: "title", type: "text" }, { name: "lead", type: "text" }, { name: "image", type: "image" }] },
  card: { name: "Card", selector: ".card", fields: [{ name: "title", type: "text" }, { name: "text", type: "richtext" }, { name: "image", type: "image" }, { name: "link", type: "link" }] },
  richText: { name: "Rich text", selector: ".rich-text", fields: [{ name: "body", type: "richtext" }] },
};

describe.skipIf(!!wp.error)("fidelity of pages written to WordPress", () => {
  const conn = wp as Extract<typeof wp, { restUrl: string }>;

  it("renders each written page from WordPress, scores it against its source, stores it worst first and holds pages below the threshold", async () => {
    const urls = [`${origin}/pages/page-1`, `${origin}/pages/page-2`];
    const site = await fixtureSite(
      { urlList: urls, fidelityThreshold: 0.999 },
      {
        platform: "wordpress",
        platformConfig: { restUrl: conn.restUrl, username: conn.username, applicationPassword: conn.applicationPassword, assetProcessingMode: "dam" },
        components: COMPONENTS,
      },
    );
    const { stream, migrationId } = await startRun(site, { skipUnchanged: false });
    await stream.cancel();
    const result = await waitForEnd(site, migrationId, 240_000);
    expect(result.status).toBe("completed");

    const listed = await call("GET", `/migration/${migrationId}/fidelity`, { token: site.token, org: site.org });
    expect(listed.status).toBe(200);
    const pages = listed.json.pages as PageFidelityDto[];
    expect(pages.map((p) => p.sourceUrl).sort()).toEqual([...urls].sort());
    // Worst first.
    expect(pages[0].score).toBeLessThanOrEqual(pages[1].score);
    for (const p of pages) {
      expect(new URL(p.targetUrl).origin).toBe(new URL(conn.siteUrl).origin);
      // The page's words arrived: its main text in WordPress is mostly the source's.
      expect(p.content.f1).toBeGreaterThan(0.6);
      // The hero and card images were uploaded and load from WordPress; none is left at the source.
      expect(p.images.target).toBeGreaterThan(0);
      expect(p.images.loading).toBe(p.images.target);
      expect(p.images.atSource).toBe(0);
      expect(p.visual?.regions.length).toBeGreaterThanOrEqual(3);
      expect(p.score).toBeGreaterThan(0);
      expect(p.score).toBeLessThanOrEqual(1);
      // The score is the weighted mean of the parts that were measured.
      const parts = [
        [FIDELITY_WEIGHTS.content, p.content.f1],
        [FIDELITY_WEIGHTS.images, p.images.score],
        [FIDELITY_WEIGHTS.links, p.links.score],
        [FIDELITY_WEIGHTS.headings, p.headings.score],
        [FIDELITY_WEIGHTS.visual, p.visual?.score ?? null],
      ].filter((x): x is [number, number] => x[1] !== null);
      expect(p.score).toBeCloseTo(parts.reduce((s, [w, v]) => s + w * v, 0) / parts.reduce((s, [w]) => s + w, 0), 6);
      // Below the threshold of 0.999: the page waits for review, and the log says so.
      expect(p.needsReview).toBe(true);
      expect(p.screenshotUrl).toBe(`/api/v1/migration/fidelity-screenshot/${p.id}`);
    }

    // The target's screenshot is a JPEG of the WordPress page.
    const shot = await rawCall("GET", pages[0].screenshotUrl!.replace(/^\/api\/v1/, ""), site);
    expect(shot.status).toBe(200);
    expect(shot.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await shot.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));

    const logs = await call("GET", `/migration/logs/${site.siteId}?migrationId=${migrationId}`, { token: site.token, org: site.org });
    const held = (logs.json.logs as { level: string; message: string; url: string }[]).filter((l) => l.message.startsWith("Fidelity in the target"));
    expect(held.map((l) => l.url).sort()).toEqual([...urls].sort());
    for (const l of held) {
      expect(l.level).toBe("warn");
      expect(l.message).toMatch(/^Fidelity in the target \d+% is below the project's threshold of 100%: the page waits for review \(main content \d+%/);
    }

    // A snapshot's review reads its fidelity with what the run wrote for the page: its assets and their states.
    const snaps = await call("GET", `/snapshots?siteId=${site.siteId}&migrationId=${migrationId}`, { token: site.token, org: site.org });
    const snapshot = (snaps.json.snapshots as { id: string; url: string }[]).find((s) => s.url === urls[0])!;
    const detail = await call("GET", `/snapshots/${snapshot.id}/fidelity`, { token: site.token, org: site.org });
    expect(detail.status).toBe(200);
    const body = detail.json as SnapshotFidelityDto;
    expect(body.platform).toBe("wordpress");
    expect(body.fidelity?.snapshotId).toBe(snapshot.id);
    expect(body.page?.sourceUrl).toBe(urls[0]);
    expect(body.page?.assets.length).toBeGreaterThan(0);
    expect(body.page?.assets.every((a) => a.state !== "source")).toBe(true);

    // The written pages are audited as WordPress serves them, and Enrich shows that audit beside the source's.
    const requested = await call("POST", `/sites/${site.siteId}/enrich/analyse`, { token: site.token, org: site.org });
    expect(requested.status).toBe(202);
    let audit: SiteAuditDto | null = null;
    await vi.waitFor(
      async () => {
        audit = (await call("GET", `/sites/${site.siteId}/enrich`, { token: site.token, org: site.org })).json as SiteAuditDto;
        expect(audit.analysis?.status).toBe("done");
      },
      { timeout: 60_000, interval: 250 },
    );
    const audited = audit!;
    expect(audited.target?.pages).toBe(2);
    for (const p of pages) {
      const page = audited.pages.find((a) => a.snapshotId === p.snapshotId)!;
      expect(page.target?.url).toBe(p.targetUrl);
      expect(page.target?.findings).toEqual(p.targetFindings);
      expect(page.target?.score).toBe(pageScore(p.targetFindings!));
      // WordPress declares the page's language and names its canonical URL.
      expect(page.target?.findings.map((f) => f.kind)).not.toContain("language-missing");
      expect(page.target?.findings.map((f) => f.kind)).not.toContain("canonical-missing");
    }
    expect(audited.target?.score).toBe(Math.round(audited.pages.reduce((n, a) => n + a.target!.score, 0) / 2));
    const one = await call("GET", `/enrich/pages/${pages[0].snapshotId}`, { token: site.token, org: site.org });
    expect(one.json.page.target.findings).toEqual(pages[0].targetFindings);

    // Another organization sees none of it.
    const outsider = await newOwner("fidelity-outsider");
    expect((await call("GET", `/snapshots/${snapshot.id}/fidelity`, { token: outsider.token, org: outsider.orgId })).status).toBe(404);
    expect((await call("GET", `/migration/${migrationId}/fidelity`, { token: outsider.token, org: outsider.orgId })).status).toBe(404);
    expect((await rawCall("GET", pages[0].screenshotUrl!.replace(/^\/api\/v1/, ""), { token: outsider.token, org: outsider.orgId })).status).toBe(404);
  }, 300_000);

  it("refuses a fidelity threshold outside 0 to 1 in the API's error shape, and keeps what was saved", async () => {
    const site = await fixtureSite({ fidelityThreshold: 0.8 });
    const bad = await call("PUT", `/site-config/${site.siteId}`, { token: site.token, org: site.org, body: { settings: { fidelityThreshold: 1.5 } } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain("The fidelity threshold must be a number from 0 to 1");
    const kept = await call("GET", `/site-config/${site.siteId}`, { token: site.token, org: site.org });
    expect(kept.json.settings.fidelityThreshold).toBe(0.8);
  });
});
