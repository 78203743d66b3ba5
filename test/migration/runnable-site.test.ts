import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../workers/db/client";
import { firstRunnableSiteId } from "../../workers/services/migration";
import { call, newOwner } from "../helpers";
import { COMPONENTS, TEMPLATES } from "./helpers";

async function site(owner: { token: string; orgId: string }, name: string, config?: Record<string, unknown>): Promise<string> {
  const created = await call("POST", "/sites", { token: owner.token, org: owner.orgId, body: { name, domain: `${name}.example.com` } });
  expect(created.status).toBe(201);
  const id = created.json.site.id as string;
  if (config) {
    const saved = await call("PUT", `/site-config/${id}`, { token: owner.token, org: owner.orgId, body: { platform: "magnolia", templates: TEMPLATES, components: COMPONENTS, ...config } });
    expect(saved.status).toBe(200);
  }
  return id;
}

describe("the first project a run can start from (the dashboard's first choice)", () => {
  it("skips sites without a configuration or whose configuration a start refuses, keeps the given order, and stays in the organization", async () => {
    const owner = await newOwner("chooser");
    const db = getDb(env.DB);
    const unconfigured = await site(owner, "draft");
    const noTemplates = await site(owner, "no-templates", { templates: {} });
    const ready = await site(owner, "ready", {});
    const alsoReady = await site(owner, "also-ready", {});
    expect(await firstRunnableSiteId(db, owner.orgId, [unconfigured, noTemplates, ready, alsoReady])).toBe(ready);
    expect(await firstRunnableSiteId(db, owner.orgId, [alsoReady, ready])).toBe(alsoReady);
    expect(await firstRunnableSiteId(db, owner.orgId, [unconfigured, noTemplates])).toBeNull();
    // Another organization's ready site is never its answer.
    const stranger = await newOwner("stranger");
    const theirs = await site(stranger, "theirs", {});
    expect(await firstRunnableSiteId(db, owner.orgId, [theirs])).toBeNull();
    expect(await firstRunnableSiteId(db, stranger.orgId, [theirs])).toBe(theirs);
  });
});
