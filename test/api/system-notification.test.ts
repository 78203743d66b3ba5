import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES, NOTIFICATION_MESSAGES } from "../../workers/contracts/admin";
import { SYSTEM_NOTIFICATION_ID, sanitizeNotificationHtml } from "../../workers/services/system-notification";
import { auditFor, auditJson, call, expectError, expectValidationError, newAdmin, newUser } from "./helpers";

const put = (token: string | undefined, body: unknown) => call("PUT", "/system-notification", { token, body });

describe("system notification", () => {
  it("sanitize-html runs inside workerd and keeps only simple formatting and safe links", () => {
    const out = sanitizeNotificationHtml(
      '<p onclick="steal()">Hi <strong>all</strong> <script>alert(1)</script>' +
        '<a href="https://status.example.com" target="_blank" onmouseover="x()">status</a> ' +
        '<a href="javascript:alert(2)">bad</a> <a href="mailto:ops@example.com">mail</a>' +
        '<img src="https://example.com/x.png" onerror="x()"><iframe src="https://evil.example"></iframe>' +
        '<style>body{}</style><a href="data:text/html,hi">data</a><a href="//evil.example">pr</a></p>',
    );
    expect(out).not.toMatch(/script|onclick|onmouseover|onerror|javascript:|<img|<iframe|<style|data:|evil/i);
    expect(out).toContain("<strong>all</strong>");
    expect(out).toContain('<a href="https://status.example.com" target="_blank" rel="noopener noreferrer">status</a>');
    expect(out).toContain('<a href="mailto:ops@example.com">mail</a>');
    // Unsafe links keep their text and lose the URL.
    expect(out).toContain("<a>bad</a>");
  });

  it("is public, and reads null before any notification is saved", async () => {
    await env.DB.prepare("DELETE FROM system_notifications").run();
    const res = await call("GET", "/system-notification");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ notification: null });
    const admin = await newAdmin();
    expect((await call("GET", "/admin/system-notification", { token: admin.token })).json).toEqual({ notification: null });
  });

  it("saves, sanitizes, audits, shows publicly when enabled and hides when disabled", async () => {
    const admin = await newAdmin();
    const saved = await put(admin.token, {
      enabled: true,
      message: 'Maintenance tonight <script>alert(1)</script><a href="https://status.example.com" onclick="x()">details</a>',
    });
    expect(saved.status).toBe(200);
    const n = saved.json.notification;
    expect(n).toMatchObject({ id: SYSTEM_NOTIFICATION_ID, type: "info", enabled: true });
    expect(n.message).toBe('Maintenance tonight <a href="https://status.example.com">details</a>');
    expect(Object.keys(n).sort()).toEqual(["enabled", "id", "message", "type", "updatedAt"]);

    // Stored sanitized: the raw row never holds the script.
    const row = await env.DB.prepare("SELECT message FROM system_notifications WHERE id = ?").bind(SYSTEM_NOTIFICATION_ID).first<{ message: string }>();
    expect(row?.message).toBe(n.message);

    const pub = await call("GET", "/system-notification");
    expect(pub.json).toEqual({ notification: n });

    const [audit] = (await auditFor(SYSTEM_NOTIFICATION_ID, "system-notification.update")).slice(-1);
    expect(audit.actor_user_id).toBe(admin.id);
    expect(audit.impersonator_user_id).toBeNull();
    expect(auditJson(audit.after)).toMatchObject({ enabled: true, message: n.message, type: "info" });

    const warn = await put(admin.token, { enabled: false, message: "Draft warning", type: "warning" });
    expect(warn.status).toBe(200);
    expect(warn.json.notification).toMatchObject({ enabled: false, type: "warning", message: "Draft warning" });
    expect(Date.parse(warn.json.notification.updatedAt)).toBeGreaterThan(Date.parse(n.updatedAt));
    const [audit2] = (await auditFor(SYSTEM_NOTIFICATION_ID, "system-notification.update")).slice(-1);
    expect(auditJson(audit2.before)).toMatchObject({ enabled: true, message: n.message });

    expect((await call("GET", "/system-notification")).json).toEqual({ notification: null });
    const adminView = await call("GET", "/admin/system-notification", { token: admin.token });
    expect(adminView.status).toBe(200);
    expect(adminView.json.notification).toEqual(warn.json.notification);
  });

  it("moves updatedAt forward on every save, even when nothing changed", async () => {
    const admin = await newAdmin();
    const body = { enabled: true, message: "Same text", type: "warning" };
    const a = await put(admin.token, body);
    const b = await put(admin.token, body);
    expect(b.json.notification.id).toBe(a.json.notification.id);
    expect(Date.parse(b.json.notification.updatedAt)).toBeGreaterThan(Date.parse(a.json.notification.updatedAt));
  });

  it("validates the body", async () => {
    const admin = await newAdmin();
    expectValidationError(await put(admin.token, { enabled: true, message: "x", type: "danger" }), "type");
    expectValidationError(await put(admin.token, { message: "x" }), "enabled");
    expectValidationError(await put(admin.token, { enabled: true, message: "x", color: "red" }), "");
    expectValidationError(await put(admin.token, { enabled: true, message: "x".repeat(5001) }), "message");
    // Enabled with nothing left to show after sanitizing.
    expectError(await put(admin.token, { enabled: true, message: "<script>alert(1)</script>" }), 400, NOTIFICATION_MESSAGES.messageRequired);
    expectError(await call("PUT", "/system-notification", { token: admin.token, body: "{not json" }), 400);
  });

  it("requires a signed-in global admin to write or read drafts", async () => {
    expectError(await put(undefined, { enabled: false, message: "" }), 401, "Not authenticated");
    expectError(await call("GET", "/admin/system-notification"), 401);
    const user = await newUser();
    expectError(await put(user.token, { enabled: false, message: "" }), 403, ADMIN_MESSAGES.adminRequired);
    expectError(await call("GET", "/admin/system-notification", { token: user.token }), 403);
  });
});
