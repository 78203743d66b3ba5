import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";

type Json = Record<string, unknown> | unknown[];

export interface CallOptions {
  token?: string;
  org?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The origin the Worker sees in tests: a same-origin browser request sends it as `Origin`. */
export const TEST_ORIGIN = "http://localhost";

/** Sends a raw request to the Worker (pages, actions, the API), redirects not followed. */
export function fetchWorker(path: string, init: RequestInit = {}): Promise<Response> {
  return (exports as unknown as { default: Fetcher }).default.fetch(`${TEST_ORIGIN}${path}`, { redirect: "manual", ...init });
}

/** Calls the Worker's API as a browser would. */
export async function call(method: string, path: string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.org) headers["X-Organization-Id"] = opts.org;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
  }
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost/api/v1${path}`, { method, headers, body });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

let counter = 0;
/** Signs up a fresh user and returns their token and id. */
export async function newUser(prefix = "user") {
  counter++;
  const email = `${prefix}-${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await call("POST", "/auth/signup", {
    body: { email, password: "correct horse battery", firstName: "Test", lastName: `User${counter}` },
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.json)}`);
  return { token: res.json.token as string, id: res.json.user.id as string, email };
}

/** The token of the newest verification link the outbox holds for an address. */
export async function verificationToken(email: string): Promise<string> {
  const row = await env.DB.prepare("SELECT text FROM outbox_messages WHERE \"to\" = ? AND text LIKE '%/verify-email?token=%' ORDER BY created_at DESC, rowid DESC LIMIT 1")
    .bind(email.toLowerCase())
    .first<{ text: string }>();
  const token = row?.text.match(/\/verify-email\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error(`no verification mail for ${email} in the outbox`);
  return decodeURIComponent(token);
}

/** Verifies a user's address through the link of their verification mail, as they would. */
export async function verifyEmailOf(email: string): Promise<void> {
  const res = await call("POST", "/auth/verify-email", { body: { token: await verificationToken(email) } });
  if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${JSON.stringify(res.json)}`);
}

/** A user who owns a fresh organization. */
export async function newOwner(prefix = "owner") {
  const u = await newUser(prefix);
  const org = await call("POST", "/organization", { token: u.token, body: { name: `${prefix} org` } });
  return { ...u, orgId: org.json.organization.id as string };
}

export type { Json };
