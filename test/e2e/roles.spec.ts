import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { acceptCookies, acceptInvitation, signUpUser } from "./dashboard-support";
import { apiAs, createProject, newAccount, selectProject, type Account } from "./migration-support";
import { open, signIn } from "./support";

// Three accounts join through invitations and two browsers sign in on a shared, busy machine.
test.describe.configure({ timeout: 120_000 });

const RUN_REASON = "Only organization owners and admins can start or cancel migrations. Your role is member.";

/** A fresh account that joins the owner's organization with a role: invited, e-mail verified, invitation accepted. */
async function joinAs(request: APIRequestContext, owner: Account, role: "ADMIN" | "MEMBER"): Promise<Account> {
  const user = await signUpUser(request, role.toLowerCase());
  const invited = await request.post(`/api/v1/organization/${owner.orgId}/invite`, { data: { email: user.email, role }, headers: { Authorization: `Bearer ${owner.token}` } });
  expect(invited.status(), await invited.text()).toBe(201);
  await acceptInvitation(request, user, owner.orgId);
  return { ...user, orgId: owner.orgId };
}

/** Signs in a browser of its own as the account, with the project selected, and opens a screen. */
async function signedIn(browser: Browser, account: Account, siteId: string, path: string) {
  const context = await browser.newContext();
  await acceptCookies(context);
  const page = await context.newPage();
  await signIn(page, account.email, account.password);
  await selectProject(page, account, siteId);
  await open(page, path);
  return page;
}

test("a member sees the start control disabled with the reason, and settings read-only; an admin may start", async ({ browser, request }) => {
  const owner = await newAccount(request, "roles-owner");
  const siteId = await createProject(apiAs(request, owner), "https://www.roles.example", { platform: "drupal", platformConfig: {} });
  const member = await joinAs(request, owner, "MEMBER");
  const admin = await joinAs(request, owner, "ADMIN");

  const asMember = await signedIn(browser, member, siteId, "/migration");
  await expect(asMember.getByRole("heading", { name: "Migration" })).toBeVisible();
  const start = asMember.getByRole("button", { name: "Start migration" });
  await expect(start).toBeDisabled();
  await expect(start).toHaveAttribute("title", RUN_REASON);
  await expect(start).toHaveAccessibleDescription(RUN_REASON);
  await expect(asMember.getByTestId("permission-note")).toHaveText(RUN_REASON);
  await expect(asMember.getByLabel("Run only these URLs (optional)")).toBeDisabled();
  await asMember.screenshot({ path: "/tmp/roles-member.png", fullPage: true });

  await open(asMember, "/settings");
  await expect(asMember.getByTestId("permission-note").filter({ hasText: "settings" })).toContainText("Only organization owners and admins can change the project's settings.");
  await expect(asMember.getByLabel("Project name")).toBeDisabled();
  await expect(asMember.getByRole("button", { name: "Save" })).toBeDisabled();
  // Deleting the project is not a member's: the control is there, disabled, with the reason.
  const remove = asMember.getByRole("button", { name: "Delete project" });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(/delete projects\. Your role is member\.$/);
  await asMember.context().close();

  const asAdmin = await signedIn(browser, admin, siteId, "/migration");
  await expect(asAdmin.getByRole("heading", { name: "Migration" })).toBeVisible();
  await expect(asAdmin.getByRole("button", { name: "Start migration" })).toBeEnabled();
  await expect(asAdmin.getByTestId("permission-note")).toHaveCount(0);
  await open(asAdmin, "/settings");
  await expect(asAdmin.getByRole("button", { name: "Save" })).toBeEnabled();

  // An admin deletes the project, confirming with its name; the projects list no longer has it.
  const ownerHeaders = { Authorization: `Bearer ${owner.token}`, "X-Organization-Id": owner.orgId };
  const site = (await (await request.get(`/api/v1/site-config/${siteId}`, { headers: ownerHeaders })).json()) as { name: string };
  await asAdmin.getByRole("button", { name: "Delete project" }).click();
  const dialog = asAdmin.getByRole("dialog", { name: `Delete the project "${site.name}"?` });
  const confirm = dialog.getByRole("button", { name: "Delete project" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type "${site.name}" to confirm`).fill(site.name);
  await confirm.click();
  await expect(asAdmin).toHaveURL(/\/start$/);
  await expect(asAdmin.getByText(`Project "${site.name}" deleted`)).toBeVisible();
  const gone = await request.get(`/api/v1/site-config/${siteId}`, { headers: ownerHeaders });
  expect(gone.status()).toBe(404);
  await asAdmin.context().close();
});
