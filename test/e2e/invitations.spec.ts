import { expect, test } from "@playwright/test";
import { acceptCookies, settled, signUpUser, toast } from "./dashboard-support";
import { hydrated, open, seriousViolations, signIn } from "./support";

// A journey through two browsers on a shared, busy machine: allow more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test("an invitee signs up, verifies the e-mail through the outbox link, accepts the invitation and lands in the organization", async ({ page, browser, request }) => {
  await acceptCookies(page);
  const owner = await signUpUser(request, "host");
  const created = await request.post("/api/v1/organization", { data: { name: "Northwind Studio" }, headers: { Authorization: `Bearer ${owner.token}` } });
  expect(created.status()).toBe(201);

  // The owner invites an address that has no account yet, as Admin.
  const invitee = `invitee-${Date.now()}@example.com`;
  await signIn(page, owner.email, owner.password);
  await open(page, "/organization");
  await expect(page.getByRole("heading", { name: "Northwind Studio" })).toBeVisible();
  const invite = page.getByRole("form", { name: "Invite a member" });
  await invite.getByLabel("E-mail").fill(invitee);
  await invite.getByLabel("Role").selectOption("ADMIN");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, `Invitation sent to ${invitee}`)).toBeVisible();

  // The invitee signs up in their own browser: the invitation waits, and so does membership.
  const context = await browser.newContext();
  await acceptCookies(context);
  const guest = await context.newPage();
  await open(guest, "/signup");
  await guest.getByLabel("First name").fill("Ivy");
  await guest.getByLabel("Last name").fill("Invitee");
  await guest.getByLabel("E-mail").fill(invitee);
  await guest.getByLabel("Password").fill("a-long-password");
  await guest.getByRole("button", { name: "Create account" }).click();
  await settled(guest, /\/start$/);
  const notice = guest.getByRole("status").filter({ hasText: "1 invitation is waiting for you." });
  await expect(notice).toContainText("Verify your e-mail address to accept invitations");
  await notice.getByRole("link", { name: "View invitations" }).click();
  await settled(guest, /\/invitations$/);
  await expect(guest.getByRole("heading", { name: "Verify your e-mail address to accept invitations" })).toBeVisible();
  await expect(guest.getByRole("list", { name: "Pending invitations" })).toHaveCount(0);
  expect(await seriousViolations(guest)).toEqual([]);

  // The verification mail waits in the development outbox; its link verifies the address.
  await open(guest, "/outbox");
  const mail = guest.getByRole("listitem", { name: `Verify your e-mail address to ${invitee}` });
  await mail.getByRole("link", { name: /\/verify-email\?token=/ }).click();
  await settled(guest, /\/verify-email\?token=/);
  await expect(guest.getByText("Your e-mail address is verified.")).toBeVisible();
  await guest.getByRole("link", { name: "View invitations" }).click();
  await settled(guest, /\/invitations$/);

  const pending = guest.getByRole("list", { name: "Pending invitations" });
  await expect(pending.getByRole("listitem")).toHaveCount(1);
  await expect(pending).toContainText("Northwind Studio");
  await expect(pending).toContainText("Admin");
  await expect(pending).toContainText("Invited by Host Tester");
  await guest.screenshot({ path: "/tmp/invitations.png", fullPage: true });
  expect(await seriousViolations(guest)).toEqual([]);

  await pending.getByRole("button", { name: "Accept the invitation to Northwind Studio" }).click();
  await settled(guest, /\/organization$/);
  await expect(guest.getByRole("heading", { name: "Northwind Studio" })).toBeVisible();
  await expect(guest.getByText("Your role: ADMIN")).toBeVisible();
  await expect(toast(guest, "You joined Northwind Studio")).toBeVisible();
  await context.close();

  // The owner sees them as a member, no longer pending.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("list", { name: "Members" })).toContainText(invitee);
  await expect(page.getByText("No pending invitations.")).toBeVisible();
});
