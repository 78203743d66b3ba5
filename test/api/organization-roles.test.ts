import { describe, expect, it } from "vitest";
import { ORG_MESSAGES } from "../../workers/services/organizations";
import { call, expectError, newMember, newOwner } from "./helpers";

async function roles(token: string, orgId: string): Promise<Record<string, string>> {
  const res = await call("GET", `/organization/${orgId}`, { token });
  return Object.fromEntries(res.json.organization.members.map((m: { email: string; role: string }) => [m.email, m.role]));
}

describe("organization role rules", () => {
  it("an ADMIN invites, changes and removes members and admins", async () => {
    const owner = await newOwner();
    const admin = await newMember(owner.token, owner.orgId, "ADMIN");
    const invited = await call("POST", `/organization/${owner.orgId}/invite`, { token: admin.token, body: { email: `m-${crypto.randomUUID()}@example.com`, role: "ADMIN" } });
    expect(invited.status).toBe(201);
    const m = await newMember(owner.token, owner.orgId, "MEMBER");
    expect((await call("PUT", `/organization/${owner.orgId}/members/${m.memberId}`, { token: admin.token, body: { role: "ADMIN" } })).status).toBe(200);
    expect((await call("DELETE", `/organization/${owner.orgId}/members/${m.memberId}`, { token: admin.token })).status).toBe(200);
  });

  it("an ADMIN cannot grant OWNER, demote or remove an OWNER, touch an OWNER invitation, or delete the organization", async () => {
    const owner = await newOwner();
    const admin = await newMember(owner.token, owner.orgId, "ADMIN");
    const m = await newMember(owner.token, owner.orgId, "MEMBER");
    const ownerMember = (await call("GET", `/organization/${owner.orgId}`, { token: owner.token })).json.organization.members.find(
      (x: { userId: string }) => x.userId === owner.id,
    );
    const ownerInvite = await call("POST", `/organization/${owner.orgId}/invite`, { token: owner.token, body: { email: `o-${crypto.randomUUID()}@example.com`, role: "OWNER" } });
    const before = await roles(owner.token, owner.orgId);

    const denied: [string, string, unknown?][] = [
      ["POST", `/organization/${owner.orgId}/invite`, { email: `x-${crypto.randomUUID()}@example.com`, role: "OWNER" }],
      ["PUT", `/organization/${owner.orgId}/members/${m.memberId}`, { role: "OWNER" }],
      ["PUT", `/organization/${owner.orgId}/members/${admin.memberId}`, { role: "OWNER" }],
      ["PUT", `/organization/${owner.orgId}/members/${ownerMember.id}`, { role: "MEMBER" }],
      ["DELETE", `/organization/${owner.orgId}/members/${ownerMember.id}`],
      ["PUT", `/organization/${owner.orgId}/members/${ownerInvite.json.member.id}`, { role: "MEMBER" }],
      ["DELETE", `/organization/${owner.orgId}/members/${ownerInvite.json.member.id}`],
      ["DELETE", `/organization/${owner.orgId}`],
    ];
    for (const [method, path, body] of denied) {
      expectError(await call(method, path, { token: admin.token, body }), 403, ORG_MESSAGES.ownerRequired);
    }
    expect(await roles(owner.token, owner.orgId)).toEqual(before);
  });

  it("a MEMBER cannot invite, change roles or remove members, but can read and leave", async () => {
    const owner = await newOwner();
    const m = await newMember(owner.token, owner.orgId, "MEMBER");
    const other = await newMember(owner.token, owner.orgId, "MEMBER");
    const denied: [string, string, unknown?][] = [
      ["POST", `/organization/${owner.orgId}/invite`, { email: `x-${crypto.randomUUID()}@example.com` }],
      ["PUT", `/organization/${owner.orgId}/members/${other.memberId}`, { role: "ADMIN" }],
      ["PUT", `/organization/${owner.orgId}/members/${m.memberId}`, { role: "ADMIN" }],
      ["DELETE", `/organization/${owner.orgId}/members/${other.memberId}`],
      ["DELETE", `/organization/${owner.orgId}`],
    ];
    for (const [method, path, body] of denied) {
      expectError(await call(method, path, { token: m.token, body }), 403);
    }
    expectError(await call("POST", `/organization/${owner.orgId}/invite`, { token: m.token, body: { email: "y@example.com" } }), 403, ORG_MESSAGES.adminRequired);
    expect((await call("GET", `/organization/${owner.orgId}`, { token: m.token })).json.organization.role).toBe("MEMBER");
    expect((await call("POST", `/organization/${owner.orgId}/leave`, { token: m.token })).status).toBe(200);
    expectError(await call("GET", `/organization/${owner.orgId}`, { token: m.token }), 403, ORG_MESSAGES.notMember);
  });

  it("the last OWNER can neither leave, be demoted nor be removed", async () => {
    const owner = await newOwner();
    const me = (await call("GET", `/organization/${owner.orgId}`, { token: owner.token })).json.organization.members[0];
    expectError(await call("POST", `/organization/${owner.orgId}/leave`, { token: owner.token }), 409, ORG_MESSAGES.lastOwner);
    expectError(await call("PUT", `/organization/${owner.orgId}/members/${me.id}`, { token: owner.token, body: { role: "ADMIN" } }), 409, ORG_MESSAGES.lastOwner);
    expectError(await call("DELETE", `/organization/${owner.orgId}/members/${me.id}`, { token: owner.token }), 409, ORG_MESSAGES.lastOwner);
    expect(await roles(owner.token, owner.orgId)).toEqual({ [owner.email]: "OWNER" });
  });

  it("with two OWNERs one may leave, after which the other is the last", async () => {
    const owner = await newOwner();
    const second = await newMember(owner.token, owner.orgId, "OWNER");
    expect(await roles(owner.token, owner.orgId)).toEqual({ [owner.email]: "OWNER", [second.email]: "OWNER" });
    const left = await call("POST", `/organization/${owner.orgId}/leave`, { token: owner.token });
    expect(left.status).toBe(200);
    expectError(await call("POST", `/organization/${owner.orgId}/leave`, { token: second.token }), 409, ORG_MESSAGES.lastOwner);
    expect(await roles(second.token, owner.orgId)).toEqual({ [second.email]: "OWNER" });
  });

  it("an OWNER may demote or remove another OWNER while one remains", async () => {
    const owner = await newOwner();
    const second = await newMember(owner.token, owner.orgId, "OWNER");
    const third = await newMember(owner.token, owner.orgId, "OWNER");
    expect((await call("PUT", `/organization/${owner.orgId}/members/${second.memberId}`, { token: owner.token, body: { role: "MEMBER" } })).status).toBe(200);
    expect((await call("DELETE", `/organization/${owner.orgId}/members/${third.memberId}`, { token: owner.token })).status).toBe(200);
    expect(await roles(owner.token, owner.orgId)).toEqual({ [owner.email]: "OWNER", [second.email]: "MEMBER" });
  });
});
