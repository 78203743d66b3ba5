/**
 * The WordPress adapter against a real WordPress (Debian's packages, started on loopback by
 * scripts/wordpress-setup.mjs through the vitest global set-up): pages with images are written, read back
 * through the REST API, and a re-run proves there are no duplicates.
 */
import { env } from "cloudflare:test";
import { parse as parseBlocks } from "@wordpress/block-serialization-default-parser";
import { describe, expect, inject, it } from "vitest";
import { getDb } from "../../workers/db/client";
import { CONNECTION_MESSAGES } from "../../workers/services/target-platform";
import { basicAuth } from "../../workers/targets/http-client";
import { readPlatformSecrets } from "../../workers/lib/platform-secrets";
import { openTargetWriter } from "../../workers/targets/target-writer";
import { call, newOwner } from "../helpers";
import { SOURCE_HOST, mappedPage, sourceSite } from "../fixtures/targets/pages";

const wp = inject("wordpress");
if (wp.error && wp.ci) throw new Error(`WordPress is required on CI: ${wp.error}`);
if (wp.error) console.warn(`Skipping WordPress tests: ${wp.error}`);

/** Source images come from the fake source site; WordPress is reached over loopback. */
const transport = async (input: string, init?: RequestInit) =>
  new URL(input).host === SOURCE_HOST ? sourceSite(new Request(input, init)) : fetch(input, init);

interface WpPage { id: number; slug: string; parent: number; link: string; title: { raw: string }; content: { raw: string }; featured_media: number }
interface WpMedia { id: number; slug: string; alt_text: string; source_url: string; media_details?: unknown }

describe.skipIf(!!wp.error)("WordPress target (real WordPress on loopback)", () => {
  const conn = wp as Extract<typeof wp, { restUrl: string }>;
  const auth = () => ({ Authorization: basicAuth(conn.username, conn.applicationPassword) });
  const rest = async <T,>(path: string): Promise<T> => {
    const res = await fetch(`${conn.restUrl}/wp/v2/${path}`, { headers: auth() });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };

  async function wordpressSite() {
    const owner = await newOwner("wp");
    const site = await call("POST", "/sites", { token: owner.token, org: owner.orgId, body: { name: "WP target", domain: "www.source.test" } });
    const siteId = site.json.site.id as string;
    await call("PUT", `/site-config/${siteId}`, { token: owner.token, org: owner.orgId, body: { platform: "wordpress", platformConfig: { restUrl: conn.restUrl, username: conn.username, applicationPassword: conn.applicationPassword, assetProcessingMode: "dam" } } });
    return { owner, siteId };
  }

  it("tests the connection through the API with the spec's texts", async () => {
    const { owner, siteId } = await wordpressSite();
    const ok = await call("POST", `/platform/${siteId}/test-connection`, { token: owner.token, org: owner.orgId });
    expect(ok.json).toEqual({ success: true, message: CONNECTION_MESSAGES.connected("WordPress") });
    await call("PUT", `/site-config/${siteId}`, { token: owner.token, org: owner.orgId, body: { platform: "wordpress", platformConfig: { restUrl: conn.restUrl, username: conn.username, applicationPassword: "wrong password" } } });
    const bad = await call("POST", `/platform/${siteId}/test-connection`, { token: owner.token, org: owner.orgId });
    expect(bad.json).toEqual({ success: false, message: "Unable to connect to WordPress" });
  });

  it("writes pages with images and rewritten links, reads them back, and re-runs without duplicates", async () => {
    const { owner, siteId } = await wordpressSite();
    const root = `wp-${crypto.randomUUID().slice(0, 8)}`;
    const parent = mappedPage(`/${root}`);
    const child = mappedPage(`/${root}/team`);
    child.components[0].fields.body.value = `<p>Back to <a href="https://${SOURCE_HOST}/${root}">the section</a>.</p><p><img src="/img/team.png" alt="Team photo"></p>`;
    const pages = [parent, child];
    const db = getDb(env.DB);
    const open = () => openTargetWriter({ readSecrets: (row) => readPlatformSecrets(env, row), db, env, organizationId: owner.orgId, siteId, migrationId: crypto.randomUUID(), actor: { userId: owner.id }, fetch: transport });

    const first = await open();
    first.registerPages(pages);
    const written = [await first.writePage(parent), await first.writePage(child)];
    await first.finish();
    expect(written.map((w) => w.action)).toEqual(["create", "create"]);

    const [section] = await rest<WpPage[]>(`pages?slug=${root}&context=edit`);
    const [team] = await rest<WpPage[]>(`pages?slug=team&parent=${section.id}&context=edit`);
    expect(team.title.raw).toBe(`Title of /${root}/team`);
    expect(new URL(team.link).pathname).toBe(`/${root}/team/`);
    // Gutenberg markup: a group per component holding core blocks; the internal link points at the WordPress path.
    const blocks = parseBlocks(team.content.raw).filter((b) => b.blockName);
    expect(blocks[0].blockName).toBe("core/group");
    const inner = blocks[0].innerBlocks.map((b) => b.blockName);
    expect(inner).toEqual(expect.arrayContaining(["core/heading", "core/paragraph", "core/image"]));
    expect(team.content.raw).toContain(`href="/${root}/"`);
    const image = blocks[0].innerBlocks.find((b) => b.blockName === "core/image")!;
    const mediaId = (image.attrs as { id: number }).id;
    const media = await rest<WpMedia>(`media/${mediaId}`);
    expect(team.content.raw).toContain(media.source_url);
    expect(["Team photo", "Hero"]).toContain(media.alt_text);
    expect(team.featured_media).toBe(mediaId);
    const served = await fetch(media.source_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    // The published page renders in WordPress with its image.
    const html = await (await fetch(team.link)).text();
    expect(html).toContain(`Heading /${root}/team`);
    expect(html).toContain(media.source_url.replace(/\.png$/, ""));

    // Re-run, unchanged: skipped. Then changed: updated in place. Never a second page or medium.
    const second = await open();
    second.registerPages(pages);
    expect((await second.writePage(child)).action).toBe("skip");
    const changed = { ...child, title: "Team (updated)" };
    expect((await second.writePage(changed)).action).toBe("update");
    await second.finish();
    const teams = await rest<WpPage[]>(`pages?slug=team&parent=${section.id}&context=edit&status=any`);
    expect(teams).toHaveLength(1);
    expect(teams[0].title.raw).toBe("Team (updated)");
    const slug = (await rest<WpMedia>(`media/${mediaId}`)).slug;
    expect(await rest<WpMedia[]>(`media?slug=${slug}`)).toHaveLength(1);

    // A site whose records were lost still finds the same page and medium in WordPress.
    const again = await wordpressSite();
    const third = await openTargetWriter({ readSecrets: (row) => readPlatformSecrets(env, row), db, env, organizationId: again.owner.orgId, siteId: again.siteId, migrationId: crypto.randomUUID(), actor: { userId: again.owner.id }, fetch: transport });
    third.registerPages(pages);
    await third.writePage(parent);
    const outcome = await third.writePage(changed);
    expect(outcome.targetId).toBe(String(team.id));
    expect(await rest<WpPage[]>(`pages?slug=team&parent=${section.id}&status=any`)).toHaveLength(1);
    expect(await rest<WpMedia[]>(`media?slug=${slug}`)).toHaveLength(1);
  });

  it("writes the publication date and the author where WordPress keeps them, and lists what has no place", async () => {
    const { owner, siteId } = await wordpressSite();
    const stamp = crypto.randomUUID().slice(0, 8);
    // A WordPress user whose display name is the page's byline.
    const name = `Jane Writer ${stamp}`;
    const created = await fetch(`${conn.restUrl}/wp/v2/users`, {
      method: "POST",
      headers: { ...auth(), "Content-Type": "application/json" },
      body: JSON.stringify({ username: `jane-${stamp}`, email: `jane-${stamp}@example.test`, password: crypto.randomUUID(), name, roles: ["author"] }),
    });
    expect(created.status).toBe(201);
    const user = (await created.json()) as { id: number };
    const dated = mappedPage(`/dated-${stamp}`);
    dated.seo = {
      ...dated.seo,
      published: { value: "2021-03-04T21:30:00-05:00", provenance: "JSON-LD NewsArticle.datePublished" },
      modified: { value: "2021-03-06", provenance: "meta article:modified_time" },
      author: { value: `${name}, John Roe`, provenance: "visible byline under the h1" },
    };
    const unknown = mappedPage(`/unknown-${stamp}`);
    unknown.seo = { ...unknown.seo, published: { value: "2019-11-10", provenance: "day in the URL" }, author: { value: `Nobody ${stamp}`, provenance: "meta name=author" } };
    const db = getDb(env.DB);
    const writer = await openTargetWriter({ readSecrets: (row) => readPlatformSecrets(env, row), db, env, organizationId: owner.orgId, siteId, migrationId: crypto.randomUUID(), actor: { userId: owner.id }, fetch: transport });
    writer.registerPages([dated, unknown]);
    const first = await writer.writePage(dated);
    const second = await writer.writePage(unknown);
    await writer.finish();

    const [page] = await rest<(WpPage & { author: number; date: string; date_gmt: string })[]>(`pages?slug=dated-${stamp}&context=edit`);
    // 21:30 in New York on the 4th is 02:30 GMT on the 5th.
    expect(page.date_gmt).toBe("2021-03-05T02:30:00");
    expect(page.author).toBe(user.id);
    expect(first.metadata?.written).toEqual(expect.arrayContaining([`publication date 2021-03-04 (from JSON-LD NewsArticle.datePublished)`, `author ${name} (from visible byline under the h1)`]));
    expect(first.metadata?.noPlace).toEqual(
      expect.arrayContaining(["modification date (2021-03-06): WordPress sets it itself when the page is saved", "co-authors (John Roe): WordPress keeps one author per page"]),
    );

    const [other] = await rest<(WpPage & { author: number; date: string })[]>(`pages?slug=unknown-${stamp}&context=edit`);
    expect(other.date).toBe("2019-11-10T00:00:00");
    expect(other.author).not.toBe(user.id);
    expect(second.metadata?.noPlace).toContain(`author (Nobody ${stamp}): no WordPress user has this name; the page keeps the user who writes it`);
  });

  it("uploads a linked PDF into the media library and links the page to it there", async () => {
    const { owner, siteId } = await wordpressSite();
    const stamp = crypto.randomUUID().slice(0, 8);
    const page = mappedPage(`/docs-${stamp}`);
    page.components[0].fields.body.value = `<p>Read <a href="/files/annual-report-${stamp}.pdf">the annual report</a> or <a href="https://elsewhere.test/x.pdf">theirs</a>.</p>`;
    const db = getDb(env.DB);
    // The other site is gone: its document answers 404.
    const withGoneSite = async (input: string, init?: RequestInit) => (new URL(input).host === "elsewhere.test" ? new Response("gone", { status: 404 }) : transport(input, init));
    const writer = await openTargetWriter({ readSecrets: (row) => readPlatformSecrets(env, row), db, env, organizationId: owner.orgId, siteId, migrationId: crypto.randomUUID(), actor: { userId: owner.id }, fetch: withGoneSite });
    writer.registerPages([page]);
    const outcome = await writer.writePage(page);
    await writer.finish();
    const pdf = outcome.assets.find((a) => a.sourceUrl === `https://${SOURCE_HOST}/files/annual-report-${stamp}.pdf`);
    expect(pdf?.state).toBe("uploaded");
    const [written] = await rest<WpPage[]>(`pages?slug=docs-${stamp}&context=edit`);
    const [media] = await rest<(WpMedia & { mime_type: string })[]>(`media?search=annual-report-${stamp}`);
    expect(media.mime_type).toBe("application/pdf");
    expect(pdf!.url).toBe(media.source_url);
    expect(written.content.raw).toContain(`href="${media.source_url}"`);
    expect(written.content.raw).not.toContain(`/files/annual-report-${stamp}.pdf"`);
    // A document that cannot be fetched is kept at its source URL, with the reason.
    const theirs = outcome.assets.find((a) => a.sourceUrl === "https://elsewhere.test/x.pdf");
    expect(theirs).toMatchObject({ state: "source", reason: "the source answered HTTP 404" });
    expect((await fetch(media.source_url)).status).toBe(200);
  });
});
