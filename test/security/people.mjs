// Who the probe signs in as. The accounts and memberships are written into the fresh local D1 before
// the server starts (an invitation now needs the invitee's verified e-mail and an explicit accept, which
// the API and e2e tests cover); every call of the probe then signs in over the API like a client.
import { createHash, randomBytes } from "node:crypto";
import { hashPassword } from "../../scripts/setup.mjs";

export const ORG_A = "probe-org-a";
export const ORG_B = "probe-org-b";

/** The accounts: `org` roles are in organization A unless said otherwise. */
export const USERS = {
  owner: { id: "probe-user-owner", role: "USER" },
  admin: { id: "probe-user-admin", role: "USER" },
  member: { id: "probe-user-member", role: "USER" },
  /** A MEMBER of every organization, the one whose membership the member routes change and remove. */
  target: { id: "probe-user-target", role: "USER" },
  /** A second OWNER of the scratch organizations, so their first OWNER may leave. */
  coowner: { id: "probe-user-coowner", role: "USER" },
  /** OWNER of organization B only. */
  outsider: { id: "probe-user-outsider", role: "USER" },
  /** The global ADMIN, a member of no organization. */
  globalAdmin: { id: "probe-user-global-admin", role: "ADMIN" },
};

const ROLES_IN_A = { owner: "OWNER", admin: "ADMIN", member: "MEMBER", target: "MEMBER" };
const ROLES_IN_SCRATCH = { owner: "OWNER", coowner: "OWNER", admin: "ADMIN", member: "MEMBER", target: "MEMBER" };

export const emailOf = (name) => `probe-${name.toLowerCase()}@example.com`;
export const membershipId = (org, user) => `m-${org}-${user}`;
export const scratchOrg = (i) => `probe-scratch-${i}`;

const q = (v) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`);

/**
 * The people of one probe: a random password shared by its accounts, and the SQL that creates them,
 * organizations A and B and `scratchCount` scratch organizations (for the routes that delete or leave).
 */
export function people(scratchCount) {
  const password = `Probe-${randomBytes(9).toString("base64url")}`;
  const hash = hashPassword(password);
  // A global ADMIN always signs in with a code by e-mail; the probe signs in from a device that each
  // account remembered (the server keeps only the token's hash), so it needs no mailbox.
  const deviceToken = randomBytes(32).toString("base64url");
  const deviceTokenHash = createHash("sha256").update(deviceToken).digest("hex");
  const now = Date.now();
  const lines = [];
  for (const [name, u] of Object.entries(USERS)) {
    lines.push(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, role, created_at, email_verified_at) VALUES (${q(u.id)}, ${q(emailOf(name))}, ${q(hash)}, 'Probe', ${q(name)}, ${q(u.role)}, ${now}, ${now});`,
    );
  }
  lines.push(
    `INSERT INTO remembered_devices (id, token_hash, user_id, user_agent, expires_at, created_at) VALUES ('probe-device', ${q(deviceTokenHash)}, ${q(USERS.globalAdmin.id)}, 'security probe', ${now + 86_400_000}, ${now});`,
  );
  const org = (id, name, roles) => {
    lines.push(`INSERT INTO organizations (id, name, created_at) VALUES (${q(id)}, ${q(name)}, ${now});`);
    for (const [user, role] of Object.entries(roles)) {
      lines.push(`INSERT INTO memberships (id, organization_id, user_id, role, created_at) VALUES (${q(membershipId(id, user))}, ${q(id)}, ${q(USERS[user].id)}, ${q(role)}, ${now});`);
    }
  };
  org(ORG_A, "Probe organization A", ROLES_IN_A);
  org(ORG_B, "Probe organization B", { outsider: "OWNER" });
  for (let i = 0; i < scratchCount; i++) org(scratchOrg(i), `Probe scratch ${i}`, ROLES_IN_SCRATCH);
  return { password, deviceToken, sql: lines.join("\n") + "\n" };
}
