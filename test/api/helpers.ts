import { env } from "cloudflare:test";
import { expect } from "vitest";
import { call, newOwner, newUser, verificationToken, verifyEmailOf } from "../helpers";

export { call, newOwner, newUser, verificationToken, verifyEmailOf };

type CallResult = Awaited<ReturnType<typeof call>>;

/** Asserts the API's one error shape: `{ error, details? }` with the expected status. */
export function expectError(res: CallResult, status: number, error?: string | RegExp): void {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(typeof res.json?.error).toBe("string");
  for (const key of Object.keys(res.json)) expect(["error", "details"]).toContain(key);
  if (typeof error === "string") expect(res.json.error).toBe(error);
  else if (error) expect(res.json.error).toMatch(error);
}

/** A 400 validation error whose details name the offending field. */
export function expectValidationError(res: CallResult, path: string): void {
  expectError(res, 400);
  expect(Array.isArray(res.json.details), JSON.stringify(res.json)).toBe(true);
  expect(res.json.details.map((d: { path: string }) => d.path)).toContain(path);
}

/** A fresh user with the global ADMIN role. */
export async function newAdmin(prefix = "admin") {
  const u = await newUser(prefix);
  await env.DB.prepare("UPDATE users SET role = 'ADMIN' WHERE id = ?").bind(u.id).run();
  return u;
}

/**
 * A fresh user who joins the organization with a role, as a person would: invited, the e-mail verified
 * through its link, the invitation accepted. `memberId` is the membership's id.
 */
export async function newMember(ownerToken: string, orgId: string, role: "OWNER" | "ADMIN" | "MEMBER", prefix = "member") {
  const u = await newUser(prefix);
  const res = await call("POST", `/organization/${orgId}/invite`, { token: ownerToken, body: { email: u.email, role } });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.json)}`);
  await verifyEmailOf(u.email);
  const accepted = await call("POST", `/invitations/${res.json.member.id}/accept`, { token: u.token });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.json)}`);
  const row = await env.DB.prepare("SELECT id FROM memberships WHERE organization_id = ? AND user_id = ?").bind(orgId, u.id).first<{ id: string }>();
  return { ...u, memberId: row!.id, invitationId: res.json.member.id as string };
}

export interface AuditRow {
  id: string;
  organization_id: string | null;
  actor_user_id: string | null;
  impersonator_user_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
}

/** Audit rows of an entity, oldest first, read straight from D1. */
export async function auditFor(entityId: string, action?: string): Promise<AuditRow[]> {
  const sql = action
    ? "SELECT * FROM audit_events WHERE entity_id = ? AND action = ? ORDER BY created_at, rowid"
    : "SELECT * FROM audit_events WHERE entity_id = ? ORDER BY created_at, rowid";
  const stmt = action ? env.DB.prepare(sql).bind(entityId, action) : env.DB.prepare(sql).bind(entityId);
  return (await stmt.all<AuditRow>()).results;
}

/** Parses the JSON `before`/`after` column of an audit row. */
export function auditJson(value: string | null): unknown {
  return value === null ? null : JSON.parse(value);
}
