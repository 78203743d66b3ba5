import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORG_MESSAGES } from "../../workers/services/organizations";
import { auditFor, auditJson, call, expectError, expectValidationError, newMember, newOwner, newUser, verifyEmailOf } from "./helpers";

describe("organizations: list, create, details, delete", () => {
  it("creates an organization owned by the caller, lists it and shows its members", async () => {
    const u = await newUser();
    const created = await call("POST", "/organization", { token: u.token, body: { name: "  Acme  " } });
    expect(created.status).toBe(201);
    const org = created.json.organization;
    expect(org).toMatchObject({ name: "Acme", role: "OWNER" });

    const list = await call("GET", "/organization", { token: u.token });
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ organizations: [{ id: org.id, name: "Acme", role: "OWNER" }] });

    const details = await call("GET", `/organization/${org.id}`, { token: u.token });
    expect(details.status).toBe(200);
    expect(details.json.organization).toMatchObject({ id: org.id, name: "Acme", role: "OWNER" });
    expect(details.json.organization.members).toEqual([
      expect.objectContaining({ userId: u.id, email: u.email, role: "OWNER", status: "active" }),
    ]);

    const [audit] = await auditFor(org.id, "organization.create");
    expect(audit).toMatchObject({ actor_user_id: u.id, organization_id: org.id });
    expect(auditJson(audit.after)).toEqual({ name: "Acme" });
  });

  it("validates the name and requires a session", async () => {
    const u = await newUser();
    expectValidationError(await call("POST", "/organization", { token: u.token, body: { name: "   " } }), "name");
    expectValidationError(await call("POST", "/organization", { token: u.token, body: {} }), "name");
    expectError(await call("POST", "/organization", { body: { name: "x" } }), 401);
    expectError(await call("GET", "/organization"), 401);
    expectError(await call("GET", `/organization/${crypto.randomUUID()}`), 401);
  });

  it("deletes an organization with its sites (OWNER only)", async () => {
    const owner = await newOwner("del");
    const admin = await newMember(owner.token, owner.orgId, "ADMIN");
    const site = await call("POST", "/sites", { token: owner.token, org: owner.orgId, body: { name: "Site", domain: "www.example.com" } });
    expectError(await call("DELETE", `/organization/${owner.orgId}`, { token: admin.token }), 403, ORG_MESSAGES.ownerRequired);

    const res = await call("DELETE", `/organization/${owner.orgId}`, { token: owner.token });
    expect(res.status).toBe(200);
    expectError(await call("GET", `/organization/${owner.orgId}`, { token: owner.token }), 403, ORG_MESSAGES.notMember);
    expect((await call("GET", "/organization", { token: admin.token })).json.organizations).toEqual([]);
    const siteRow = await env.DB.prepare("SELECT id FROM sites WHERE id = ?").bind(site.json.site.id).first();
    expect(siteRow).toBeNull();
    const [audit] = await auditFor(owner.orgId, "organization.delete");
    expect(audit.actor_user_id).toBe(owner.id);
    expect(auditJson(audit.before)).toEqual({ name: "del org" });
  });

  it("answers 403 to a user who is not a member, on every organization route", async () => {
    const owner = await newOwner("victim");
    const member = await newMember(owner.token, owner.orgId, "MEMBER");
    const outsider = await newOwner("outsider");
    const id = owner.orgId;
    const routes: [string, string, unknown?][] = [
      ["GET", `/organization/${id}`],
      ["DELETE", `/organization/${id}`],
      ["POST", `/organization/${id}/invite`, { email: "x@example.com" }],
      ["PUT", `/organization/${id}/members/${member.memberId}`, { role: "ADMIN" }],
      ["DELETE", `/organization/${id}/members/${member.memberId}`],
      ["POST", `/organization/${id}/leave`],
    ];
    for (const [method, path, body] of routes) {
      expectError(await call(method, path, { token: outsider.token, body }), 403, ORG_MESSAGES.notMember);
      expectError(await call(method, path, { body }), 401);
    }
    // Nothing changed.
    const details = await call("GET", `/organization/${id}`, { token: owner.token });
    expect(details.json.organization.members.map((m: { role: string }) => m.role).sort()).toEqual(["MEMBER", "OWNER"]);
    // A member id of another organization is not found through one's own organization.
    expectError(await call("PUT", `/organization/${outsider.orgId}/members/${member.memberId}`, { token: outsider.token, body: { role: "ADMIN" } }), 404, ORG_MESSAGES.memberNotFound);
    expectError(await call("DELETE", `/organization/${outsider.orgId}/members/${member.memberId}`, { token: outsider.token }), 404);
  });
});

describe("organization members", () => {
  it("invites an existing account as MEMBER by default, without adding it until it accepts", async () => {
    const owner = await newOwner();
    const u = await newUser();
    const res = await call("POST", `/organization/${owner.orgId}/invite`, { token: owner.token, body: { email: u.email.toUpperCase() } });
    expect(res.status).toBe(201);
    // The same answer as for an address without an account: inviting reveals no accounts.
    expect(res.json.member).toMatchObject({ userId: null, email: u.email, role: "MEMBER", status: "pending" });
    expect((await call("GET", "/organization", { token: u.token })).json.organizations).toEqual([]);
    const [audit] = await auditFor(res.json.member.id, "invitation.create");
    expect(audit).toMatchObject({ actor_user_id: owner.id, organization_id: owner.orgId });
    expect(auditJson(audit.after)).toEqual({ email: u.email, role: "MEMBER" });

    await verifyEmailOf(u.email);
    expect((await call("POST", `/invitations/${res.json.member.id}/accept`, { token: u.token })).status).toBe(200);
    expect((await call("GET", "/organization", { token: u.token })).json.organizations).toEqual([{ id: owner.orgId, name: "owner org", role: "MEMBER" }]);
    expectError(await call("POST", `/organization/${owner.orgId}/invite`, { token: owner.token, body: { email: u.email } }), 409, ORG_MESSAGES.alreadyMember);
  });

  it("keeps an invitation of an unknown e-mail pending after that e-mail signs up", async () => {
    const owner = await newOwner("inviter");
    const email = `newcomer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const inv = await call("POST", `/organization/${owner.orgId}/invite`, { token: owner.token, body: { email: email.toUpperCase(), role: "ADMIN" } });
    expect(inv.status).toBe(201);
    expect(inv.json.member).toMatchObject({ userId: null, email, role: "ADMIN", status: "pending" });

    const signup = await call("POST", "/auth/signup", { body: { email, password: "correct horse battery", firstName: "New", lastName: "Comer" } });
    expect(signup.status).toBe(201);
    expect(signup.json.user).toMatchObject({ organizations: [], lastActiveOrganization: null, emailVerified: false });

    const details = await call("GET", `/organization/${owner.orgId}`, { token: owner.token });
    expect(details.json.organization.members).toContainEqual(expect.objectContaining({ id: inv.json.member.id, status: "pending", email, role: "ADMIN" }));
    expect(details.json.organization.members).not.toContainEqual(expect.objectContaining({ userId: signup.json.user.id }));
    const row = await env.DB.prepare("SELECT accepted_at FROM invitations WHERE id = ?").bind(inv.json.member.id).first<{ accepted_at: number | null }>();
    expect(row?.accepted_at).toBeNull();
    expect(await auditFor(inv.json.member.id, "invitation.accept")).toEqual([]);
  });

  it("changes roles, removes members and withdraws invitations", async () => {
    const owner = await newOwner();
    const m = await newMember(owner.token, owner.orgId, "MEMBER");
    const changed = await call("PUT", `/organization/${owner.orgId}/members/${m.memberId}`, { token: owner.token, body: { role: "ADMIN" } });
    expect(changed.status).toBe(200);
    expect(changed.json.member).toMatchObject({ id: m.memberId, role: "ADMIN", userId: m.id });
    const [roleAudit] = await auditFor(m.memberId, "member.role");
    expect(roleAudit.actor_user_id).toBe(owner.id);
    expect([auditJson(roleAudit.before), auditJson(roleAudit.after)]).toEqual([{ role: "MEMBER" }, { role: "ADMIN" }]);

    expectValidationError(await call("PUT", `/organization/${owner.orgId}/members/${m.memberId}`, { token: owner.token, body: { role: "BOSS" } }), "role");
    expectValidationError(await call("POST", `/organization/${owner.orgId}/invite`, { token: owner.token, body: { email: "bad" } }), "email");
    expectValidationError(await call("POST", `/organization/${owner.orgId}/invite`, { token: owner.token, body: { email: "a@example.com", role: "GUEST" } }), "role");

    const removed = await call("DELETE", `/organization/${owner.orgId}/members/${m.memberId}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect((await call("GET", "/organization", { token: m.token })).json.organizations).toEqual([]);
    const [removeAudit] = await auditFor(m.memberId, "member.remove");
    expect(auditJson(removeAudit.before)).toEqual({ userId: m.id, role: "ADMIN" });
    expectError(await call("DELETE", `/organization/${owner.orgId}/members/${m.memberId}`, { token: owner.token }), 404);

    const inv = await call("POST", `/organization/${owner.orgId}/invite`, { token: owner.token, body: { email: `p-${crypto.randomUUID()}@example.com` } });
    const pendingRole = await call("PUT", `/organization/${owner.orgId}/members/${inv.json.member.id}`, { token: owner.token, body: { role: "ADMIN" } });
    expect(pendingRole.json.member).toMatchObject({ status: "pending", role: "ADMIN" });
    expect((await call("DELETE", `/organization/${owner.orgId}/members/${inv.json.member.id}`, { token: owner.token })).status).toBe(200);
    const details = await call("GET", `/organization/${owner.orgId}`, { token: owner.token });
    expect(details.json.organization.members).toHaveLength(1);
  });
});
