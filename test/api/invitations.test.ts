import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { INVITATION_MESSAGES } from "../../workers/services/invitations";
import { auditFor, auditJson, call, expectError, newAdmin, newOwner, newUser, verifyEmailOf } from "./helpers";

const PASSWORD = "correct horse battery";

/** An owner's organization with a pending invitation of a fresh address, and that address signed up. */
async function invitedSignup(role: "OWNER" | "ADMIN" | "MEMBER" = "ADMIN") {
  const owner = await newOwner("host");
  const email = `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const inv = await call("POST", `/organization/${owner.orgId}/invite`, { token: owner.token, body: { email, role } });
  expect(inv.status).toBe(201);
  const signup = await call("POST", "/auth/signup", { body: { email, password: PASSWORD, firstName: "In", lastName: "Vitee" } });
  expect(signup.status).toBe(201);
  return { owner, email, invitationId: inv.json.member.id as string, token: signup.json.token as string, userId: signup.json.user.id as string };
}

async function membersOf(orgId: string, ownerToken: string) {
  return (await call("GET", `/organization/${orgId}`, { token: ownerToken })).json.organization.members as { id: string; userId: string | null; status: string; role: string; email: string }[];
}

describe("invitations: nobody joins without accepting", () => {
  it("does not join the organization on sign-up with an invited e-mail, OWNER invitation included", async () => {
    const { owner, token, userId } = await invitedSignup("OWNER");
    expect((await call("GET", "/organization", { token })).json.organizations).toEqual([]);
    expect((await membersOf(owner.orgId, owner.token)).filter((m) => m.userId === userId)).toEqual([]);
    expectError(await call("GET", `/organization/${owner.orgId}`, { token }), 403);
  });

  it("refuses to accept or decline before the e-mail is verified, and shows only how many invitations wait", async () => {
    const { owner, token, invitationId, email } = await invitedSignup("OWNER");
    const mine = await call("GET", "/invitations", { token });
    expect(mine.json).toEqual({ emailVerified: false, pendingCount: 1, invitations: [] });
    expectError(await call("POST", `/invitations/${invitationId}/accept`, { token }), 403, INVITATION_MESSAGES.verifyToAnswer);
    expectError(await call("POST", `/invitations/${invitationId}/decline`, { token }), 403, INVITATION_MESSAGES.verifyToAnswer);
    expect(await membersOf(owner.orgId, owner.token)).toContainEqual(expect.objectContaining({ id: invitationId, status: "pending", email }));
  });

  it("joins with the invited role once verified and accepted, and records it", async () => {
    const { owner, token, invitationId, email, userId } = await invitedSignup("ADMIN");
    await verifyEmailOf(email);
    const mine = await call("GET", "/invitations", { token });
    expect(mine.json).toMatchObject({ emailVerified: true, pendingCount: 1 });
    expect(mine.json.invitations).toEqual([
      { id: invitationId, organization: { id: owner.orgId, name: "host org" }, role: "ADMIN", invitedBy: expect.stringMatching(/^Test User\d+$/), createdAt: expect.any(String) },
    ]);

    const accepted = await call("POST", `/invitations/${invitationId}/accept`, { token });
    expect(accepted.status).toBe(200);
    expect(accepted.json.organization).toEqual({ id: owner.orgId, name: "host org", role: "ADMIN" });
    const me = await call("GET", "/auth/me", { token });
    expect(me.json.user.organizations).toEqual([{ id: owner.orgId, name: "host org", role: "ADMIN" }]);
    expect(me.json.user.lastActiveOrganization).toEqual({ id: owner.orgId, name: "host org", role: "ADMIN" });
    const members = await membersOf(owner.orgId, owner.token);
    expect(members).toContainEqual(expect.objectContaining({ userId, email, role: "ADMIN", status: "active" }));
    expect(members.filter((m) => m.status === "pending")).toEqual([]);
    expect((await call("GET", "/invitations", { token })).json).toEqual({ emailVerified: true, pendingCount: 0, invitations: [] });

    const [audit] = await auditFor(invitationId, "invitation.accept");
    expect(audit).toMatchObject({ actor_user_id: userId, organization_id: owner.orgId });
    expect(auditJson(audit.after)).toMatchObject({ email, role: "ADMIN" });
    // Answered once: a second accept finds nothing.
    expectError(await call("POST", `/invitations/${invitationId}/accept`, { token }), 404, INVITATION_MESSAGES.notFound);
  });

  it("deletes the invitation on decline, and records it", async () => {
    const { owner, token, invitationId, email, userId } = await invitedSignup("MEMBER");
    await verifyEmailOf(email);
    const declined = await call("POST", `/invitations/${invitationId}/decline`, { token });
    expect(declined.status).toBe(200);
    expect((await call("GET", "/organization", { token })).json.organizations).toEqual([]);
    expect((await membersOf(owner.orgId, owner.token)).map((m) => m.email)).not.toContain(email);
    expect(await env.DB.prepare("SELECT id FROM invitations WHERE id = ?").bind(invitationId).first()).toBeNull();
    const [audit] = await auditFor(invitationId, "invitation.decline");
    expect(audit).toMatchObject({ actor_user_id: userId, organization_id: owner.orgId });
    expect(auditJson(audit.before)).toEqual({ email, role: "MEMBER" });
    expectError(await call("POST", `/invitations/${invitationId}/accept`, { token }), 404, INVITATION_MESSAGES.notFound);
  });

  it("does not let anyone answer, or see, an invitation for another e-mail", async () => {
    const { owner, invitationId } = await invitedSignup("OWNER");
    const stranger = await newUser("stranger");
    await verifyEmailOf(stranger.email);
    expect((await call("GET", "/invitations", { token: stranger.token })).json).toEqual({ emailVerified: true, pendingCount: 0, invitations: [] });
    expectError(await call("POST", `/invitations/${invitationId}/accept`, { token: stranger.token }), 404, INVITATION_MESSAGES.notFound);
    expectError(await call("POST", `/invitations/${invitationId}/decline`, { token: stranger.token }), 404, INVITATION_MESSAGES.notFound);
    // Not even the inviting owner can accept on the invitee's behalf.
    await verifyEmailOf((await call("GET", "/auth/me", { token: owner.token })).json.user.email);
    expectError(await call("POST", `/invitations/${invitationId}/accept`, { token: owner.token }), 404, INVITATION_MESSAGES.notFound);
    expectError(await call("POST", `/invitations/${crypto.randomUUID()}/accept`, { token: stranger.token }), 404);
    expectError(await call("GET", "/invitations"), 401);
    expectError(await call("POST", `/invitations/${invitationId}/accept`), 401);
  });

  it("adds an existing account only when it accepts, not while an administrator impersonates it", async () => {
    const owner = await newOwner("host");
    const existing = await newUser("existing");
    await verifyEmailOf(existing.email);
    const inv = await call("POST", `/organization/${owner.orgId}/invite`, { token: owner.token, body: { email: existing.email, role: "OWNER" } });
    expect(inv.json.member).toMatchObject({ status: "pending", userId: null });
    expect((await call("GET", "/organization", { token: existing.token })).json.organizations).toEqual([]);

    const admin = await newAdmin();
    const impersonation = await call("POST", `/admin/impersonate/${existing.id}`, { token: admin.token });
    expect(impersonation.status).toBe(200);
    expectError(await call("POST", `/invitations/${inv.json.member.id}/accept`, { token: impersonation.json.token }), 403, INVITATION_MESSAGES.notWhileImpersonating);

    expect((await call("POST", `/invitations/${inv.json.member.id}/accept`, { token: existing.token })).status).toBe(200);
    expect((await call("GET", "/organization", { token: existing.token })).json.organizations).toEqual([{ id: owner.orgId, name: "host org", role: "OWNER" }]);
  });

  it("tells the invitee by mail, in the outbox", async () => {
    const owner = await newOwner("mailer");
    const email = `told-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await call("POST", `/organization/${owner.orgId}/invite`, { token: owner.token, body: { email } });
    const mail = await env.DB.prepare('SELECT subject, text FROM outbox_messages WHERE "to" = ?').bind(email).first<{ subject: string; text: string }>();
    expect(mail?.subject).toMatch(/invited you to mailer org$/);
    expect(mail?.text).toContain("http://localhost/invitations");
  });
});
