import { describe, expect, it } from "vitest";
import { MAPPING_MESSAGES } from "../../workers/contracts/mapping";
import { auditFor, auditJson, call, expectError, expectValidationError, newOwner } from "../api/helpers";
import { ownerWithSite } from "./helpers";

const hero = {
  name: "Hero",
  targetId: "my-module:components/hero",
  selector: ".hero",
  fields: [
    { name: "title", type: "text", required: true, description: "Main heading" },
    { name: "image", type: "image" },
  ],
};

describe("definitions API", () => {
  it("creates, reads, lists, replaces and deletes component definitions, audited", async () => {
    const { auth, siteId } = await ownerWithSite();
    expect((await call("GET", `/sites/${siteId}/components`, auth)).json).toEqual({ definitions: {}, invalid: {} });

    const put = await call("PUT", `/sites/${siteId}/components/hero`, { ...auth, body: hero });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({
      key: "hero",
      definition: { ...hero, exampleUrls: [], fields: [hero.fields[0], { name: "image", type: "image", required: false, description: "" }] },
    });
    await call("PUT", `/sites/${siteId}/components/card`, { ...auth, body: { name: "Card", selector: ".card", fields: [{ name: "title", type: "text" }] } });
    const list = await call("GET", `/sites/${siteId}/components`, auth);
    expect(Object.keys(list.json.definitions).sort()).toEqual(["card", "hero"]);
    // The same map is the site configuration's `components` (what runs and the extractor read).
    const config = await call("GET", `/site-config/${siteId}`, auth);
    expect(config.json.components.hero.selector).toBe(".hero");

    const replaced = await call("PUT", `/sites/${siteId}/components/hero`, { ...auth, body: { ...hero, selector: ".banner" } });
    expect(replaced.json.definition.selector).toBe(".banner");
    const audit = await auditFor(`${siteId}/hero`, "component-definition.put");
    expect(audit).toHaveLength(2);
    expect(auditJson(audit[1].before)).toMatchObject({ selector: ".hero" });
    expect(auditJson(audit[1].after)).toMatchObject({ selector: ".banner" });
    expect(audit[1].actor_user_id).toBeTruthy();

    expect((await call("DELETE", `/sites/${siteId}/components/hero`, auth)).json).toEqual({ success: true });
    expectError(await call("GET", `/sites/${siteId}/components/hero`, auth), 404, MAPPING_MESSAGES.componentNotFound);
    expectError(await call("DELETE", `/sites/${siteId}/components/hero`, auth), 404, MAPPING_MESSAGES.componentNotFound);
    expect(await auditFor(`${siteId}/hero`, "component-definition.delete")).toHaveLength(1);
    expect(Object.keys((await call("GET", `/sites/${siteId}/components`, auth)).json.definitions)).toEqual(["card"]);
  });

  it("keeps concurrent writes of different keys", async () => {
    const { auth, siteId } = await ownerWithSite();
    const keys = ["a", "b", "c", "d", "e", "f"];
    const results = await Promise.all(keys.map((k) => call("PUT", `/sites/${siteId}/components/${k}`, { ...auth, body: { name: k, selector: `.${k}` } })));
    expect(results.map((r) => r.status)).toEqual(keys.map(() => 200));
    expect(Object.keys((await call("GET", `/sites/${siteId}/components`, auth)).json.definitions).sort()).toEqual(keys);
  });

  it("validates definitions and keys with the zod schemas", async () => {
    const { auth, siteId } = await ownerWithSite();
    expectValidationError(await call("PUT", `/sites/${siteId}/components/hero`, { ...auth, body: { ...hero, fields: [{ name: "title", type: "video" }] } }), "fields.0.type");
    expectValidationError(await call("PUT", `/sites/${siteId}/components/hero`, { ...auth, body: { ...hero, fields: [{ name: "1st", type: "text" }] } }), "fields.0.name");
    expectValidationError(await call("PUT", `/sites/${siteId}/components/hero`, { ...auth, body: { selector: ".x" } }), "name");
    expectError(await call("PUT", `/sites/${siteId}/components/${encodeURIComponent("no spaces")}`, { ...auth, body: hero }), 400);
    expectError(await call("PUT", `/sites/${siteId}/components/hero`, { ...auth, body: "{not json" }), 400, "Request body must be valid JSON");
  });

  it("manages templates the same way, reading list-shaped templates by key", async () => {
    const { auth, siteId } = await ownerWithSite();
    await call("PUT", `/site-config/${siteId}`, { ...auth, body: { templates: [{ key: "home", name: "Home page", urlPattern: "/" }, { name: "Blog post", urlPattern: "/blog/*" }] } });
    const list = await call("GET", `/sites/${siteId}/templates`, auth);
    expect(Object.keys(list.json.definitions)).toEqual(["home", "Blog-post"]);
    const put = await call("PUT", `/sites/${siteId}/templates/article`, { ...auth, body: { name: "Article", urlPattern: "/news/*", fields: [{ name: "publishDate", type: "date" }] } });
    expect(put.json.definition).toMatchObject({ areas: ["main"], urlPattern: "/news/*" });
    expect(Object.keys((await call("GET", `/sites/${siteId}/templates`, auth)).json.definitions)).toEqual(["home", "Blog-post", "article"]);
    expectError(await call("GET", `/sites/${siteId}/templates/nope`, auth), 404, MAPPING_MESSAGES.templateNotFound);
  });

  it("reports stored entries that do not pass the schema instead of failing", async () => {
    const { auth, siteId } = await ownerWithSite();
    await call("PUT", `/site-config/${siteId}`, { ...auth, body: { components: { ok: { name: "Ok" }, broken: { fields: "nope" } } } });
    const list = await call("GET", `/sites/${siteId}/components`, auth);
    expect(Object.keys(list.json.definitions)).toEqual(["ok"]);
    expect(Object.keys(list.json.invalid)).toEqual(["broken"]);
  });

  it("needs a token, a membership of the organization and a site of it", async () => {
    const { auth, siteId } = await ownerWithSite();
    expectError(await call("GET", `/sites/${siteId}/components`), 401, "Not authenticated");
    expectError(await call("PUT", `/sites/${siteId}/templates/x`, { body: hero }), 401);
    const stranger = await newOwner("stranger");
    expectError(await call("GET", `/sites/${siteId}/components`, { token: stranger.token, org: auth.org }), 403);
    // Their own organization does not hold this site: it answers as a missing one.
    expectError(await call("GET", `/sites/${siteId}/components`, { token: stranger.token, org: stranger.orgId }), 404, "Site not found");
    expectError(await call("PUT", `/sites/${siteId}/components/hero`, { token: stranger.token, org: stranger.orgId, body: hero }), 404, "Site not found");
  });
});
