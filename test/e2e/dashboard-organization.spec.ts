import { expect, test } from "@playwright/test";
import { acceptCookies, acceptInvitation, settled, signUpUser, toast } from "./dashboard-support";
import { hydrated, open, signIn } from "./support";

// Full journeys through a shared, busy machine: allow more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("an owner manages members: invite with a role, change it, withdraw, remove, and delete the organization", async ({ page, request }) => {
  const owner = await signUpUser(request, "orgowner");
  const colleague = await signUpUser(request, "colleague");
  await signIn(page, owner.email, owner.password);

  // Reached from the Account screen; a new account has no organization yet.
  await open(page, "/profile");
  await page.getByRole("link", { name: "Manage organization and members" }).click();
  await settled(page, /\/organization$/);
  await expect(page.getByText("No active organization selected")).toBeVisible();
  await page.getByLabel("Organization name").fill("Acme Agency");
  await page.getByRole("button", { name: "Create organization" }).click();
  await settled(page, /\/organization$/);
  await expect(page.getByRole("heading", { name: "Acme Agency" })).toBeVisible();
  const members = page.getByRole("list", { name: "Members" });
  await expect(members.getByRole("listitem")).toHaveCount(1);

  // Invite an existing account as Admin: they wait under pending invitations until they accept.
  const invite = page.getByRole("form", { name: "Invite a member" });
  await expect(invite.getByLabel("Role")).toHaveValue("MEMBER");
  await invite.getByLabel("E-mail").fill(colleague.email);
  await invite.getByLabel("Role").selectOption("ADMIN");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, `Invitation sent to ${colleague.email}`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Pending invitations" })).toContainText(colleague.email);
  await expect(members.getByRole("listitem")).toHaveCount(1);
  await expect(invite.getByLabel("Role")).toHaveValue("MEMBER");
  const owned = (await (await request.get("/api/v1/organization", { headers: { Authorization: `Bearer ${owner.token}` } })).json()) as { organizations: { id: string }[] };
  await acceptInvitation(request, colleague, owned.organizations[0].id);
  await page.reload();
  await hydrated(page);
  await expect(members.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByLabel(`Role of ${colleague.email}`)).toHaveValue("ADMIN");

  // Inviting them again fails with the spec's text.
  await invite.getByLabel("E-mail").fill(colleague.email);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, "Failed to invite user")).toBeVisible();

  await page.getByLabel(`Role of ${colleague.email}`).selectOption("MEMBER");
  await expect(toast(page, `Role of ${colleague.email} updated`)).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel(`Role of ${colleague.email}`)).toHaveValue("MEMBER");

  // Someone without an account waits under pending invitations.
  const newcomer = `newcomer-${Date.now()}@example.com`;
  await invite.getByLabel("E-mail").fill(newcomer);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, `Invitation sent to ${newcomer}`)).toBeVisible();
  const pending = page.getByRole("list", { name: "Pending invitations" });
  await expect(pending).toContainText(newcomer);
  await pending.getByRole("button", { name: `Withdraw invitation for ${newcomer}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("No pending invitations.")).toBeVisible();

  await members.getByRole("button", { name: `Remove ${colleague.email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(toast(page, `${colleague.email} was removed`)).toBeVisible();
  await expect(members.getByRole("listitem")).toHaveCount(1);

  // The last owner cannot leave: the server refuses and the spec's text is shown.
  await page.getByRole("button", { name: "Leave organization" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Leave organization" }).click();
  await expect(toast(page, "Failed to leave organization")).toBeVisible();

  await page.getByRole("button", { name: "Delete organization" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Delete organization" })).toBeDisabled();
  await dialog.getByLabel("Type Acme Agency to confirm").fill("Acme Agency");
  // Deleting cascades through projects and runs, which can take a few seconds on a busy machine.
  const deleted = page.waitForResponse((r) => r.request().method() === "DELETE" && /\/api\/v1\/organization\/[^/]+$/.test(r.url()), { timeout: 30_000 });
  await dialog.getByRole("button", { name: "Delete organization" }).click();
  expect((await deleted).ok()).toBe(true);
  await expect(page.getByText("No active organization selected")).toBeVisible({ timeout: 15_000 });
  await expect(toast(page, "Acme Agency was deleted")).toBeVisible();
});

test("a member sees the organization read-only and can leave it", async ({ page, request }) => {
  const owner = await signUpUser(request, "leadowner");
  const member = await signUpUser(request, "member");
  const auth = { Authorization: `Bearer ${owner.token}` };
  const created = await request.post("/api/v1/organization", { data: { name: "Shared Org" }, headers: auth });
  const orgId = ((await created.json()) as { organization: { id: string } }).organization.id;
  expect((await request.post(`/api/v1/organization/${orgId}/invite`, { data: { email: member.email }, headers: auth })).status()).toBe(201);
  await acceptInvitation(request, member, orgId);

  await signIn(page, member.email, member.password);
  await open(page, "/organization");
  await expect(page.getByRole("heading", { name: "Shared Org" })).toBeVisible();
  await expect(page.getByText("Your role: MEMBER")).toBeVisible();
  await expect(page.getByRole("form", { name: "Invite a member" })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: /Role of/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete organization" })).toHaveCount(0);

  await page.getByRole("button", { name: "Leave organization" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Leave organization" }).click();
  await settled(page, /\/organization$/);
  await expect(page.getByText("No active organization selected")).toBeVisible();
  await expect(toast(page, "You left Shared Org")).toBeVisible();
});
