import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../../workers/api";
import { LOCAL_ADDRESS, RATE_LIMITS, RATE_LIMIT_MESSAGE, clientAddress, rateLimitMultiplier } from "../../workers/services/rate-limits";
import { expectError, newOwner, newUser } from "./helpers";

/**
 * The strict limits, as production has them: the suites run with RATE_LIMIT_MULTIPLIER raised
 * (vitest.config.ts), so these requests go to the API with the deployment's env minus that variable.
 * Every test uses its own client addresses and accounts, so the counts of other tests never mix in.
 */
const strictEnv = { ...env, RATE_LIMIT_MULTIPLIER: undefined };

function randomAddress(): string {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

async function send(path: string, opts: { address: string; body: unknown; token?: string }) {
  const headers: Record<string, string> = { "Content-Type": "application/json", "CF-Connecting-IP": opts.address };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const res = await api.request(`/api/v1${path}`, { method: "POST", headers, body: JSON.stringify(opts.body) }, strictEnv);
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}

const signIn = (address: string, email: string, password: string) => send("/auth/login", { address, body: { email, password } });
const signUp = (address: string, email: string) =>
  send("/auth/signup", { address, body: { email, password: "correct horse battery", firstName: "Rate", lastName: "Limit" } });

/** A 429 in the API's error shape, with `Retry-After` in whole seconds within the window. */
function expectLimited(res: Awaited<ReturnType<typeof send>>, windowMs: number) {
  expectError(res, 429, RATE_LIMIT_MESSAGE);
  const retryAfter = Number(res.headers.get("Retry-After"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  expect(res.json.details).toEqual({ retryAfterSeconds: retryAfter });
}

describe("sign-in limits", () => {
  it("refuses the 11th wrong password for an account with 429 and Retry-After; another account from another address is unaffected", async () => {
    const victim = await newUser("victim");
    const other = await newUser("other");
    const attacker = randomAddress();
    const { limit, windowMs } = RATE_LIMITS.signInAccountFailures;
    expect(limit).toBe(10);
    for (let i = 0; i < limit; i++) expectError(await signIn(attacker, victim.email, `wrong-${i}`), 401);
    expectLimited(await signIn(attacker, victim.email, "wrong-again"), windowMs);
    // The account is held, from any address and even with the right password, until the window has room.
    expectLimited(await signIn(randomAddress(), victim.email, "correct horse battery"), windowMs);

    const elsewhere = randomAddress();
    expectError(await signIn(elsewhere, other.email, "wrong"), 401);
    expect((await signIn(elsewhere, other.email, "correct horse battery")).status).toBe(200);
  });

  it("counts only failures per account, and a successful sign-in clears them", async () => {
    const u = await newUser("typo");
    const address = randomAddress();
    for (let i = 0; i < 9; i++) expectError(await signIn(address, u.email, `typo-${i}`), 401);
    expect((await signIn(address, u.email, "correct horse battery")).status).toBe(200);
    for (let i = 0; i < 9; i++) expectError(await signIn(address, u.email, `typo-again-${i}`), 401);
    expect((await signIn(address, u.email, "correct horse battery")).status).toBe(200);
  });

  it("refuses the 31st attempt from one address across many accounts", async () => {
    const address = randomAddress();
    const { limit, windowMs } = RATE_LIMITS.signInAddress;
    for (let i = 0; i < limit; i++) expectError(await signIn(address, `spray-${i}-${crypto.randomUUID()}@example.com`, "Password1"), 401);
    expectLimited(await signIn(address, `spray-last-${crypto.randomUUID()}@example.com`, "Password1"), windowMs);
    const u = await newUser("sprayed");
    expectLimited(await signIn(address, u.email, "correct horse battery"), windowMs);
    expect((await signIn(randomAddress(), u.email, "correct horse battery")).status).toBe(200);
  });
});

describe("sign-up and invitation limits", () => {
  it("allows 5 sign-ups per address per hour", async () => {
    const address = randomAddress();
    const { limit, windowMs } = RATE_LIMITS.signUpAddress;
    for (let i = 0; i < limit; i++) expect((await signUp(address, `burst-${i}-${crypto.randomUUID()}@example.com`)).status).toBe(201);
    expectLimited(await signUp(address, `burst-last-${crypto.randomUUID()}@example.com`), windowMs);
    expect((await signUp(randomAddress(), `elsewhere-${crypto.randomUUID()}@example.com`)).status).toBe(201);
  });

  it("allows 5 sign-up attempts per e-mail per hour, from any address", async () => {
    const email = `probe-${crypto.randomUUID()}@example.com`;
    const { limit, windowMs } = RATE_LIMITS.signUpAccount;
    expect((await signUp(randomAddress(), email)).status).toBe(201);
    for (let i = 1; i < limit; i++) expectError(await signUp(randomAddress(), email), 409);
    expectLimited(await signUp(randomAddress(), email), windowMs);
  });

  it("allows 30 invitations per inviting user per hour", async () => {
    const owner = await newOwner("inviter");
    const { limit, windowMs } = RATE_LIMITS.inviteUser;
    const invite = (address: string) =>
      send(`/organization/${owner.orgId}/invite`, { address, token: owner.token, body: { email: `guest-${crypto.randomUUID()}@example.com` } });
    for (let i = 0; i < limit; i++) expect((await invite(randomAddress())).status).toBe(201);
    expectLimited(await invite(randomAddress()), windowMs);
    const otherOwner = await newOwner("other-inviter");
    const res = await send(`/organization/${otherOwner.orgId}/invite`, { address: randomAddress(), token: otherOwner.token, body: { email: `guest-${crypto.randomUUID()}@example.com` } });
    expect(res.status).toBe(201);
  });
});

describe("rate-limit configuration", () => {
  it("keeps production at the strict limits whatever the multiplier says", () => {
    expect(rateLimitMultiplier({ ENVIRONMENT: "production", RATE_LIMIT_MULTIPLIER: "1000" })).toBe(1);
    expect(rateLimitMultiplier({ ENVIRONMENT: "development", RATE_LIMIT_MULTIPLIER: undefined })).toBe(1);
    expect(rateLimitMultiplier({ ENVIRONMENT: "development", RATE_LIMIT_MULTIPLIER: "1000" })).toBe(1000);
    expect(rateLimitMultiplier({ ENVIRONMENT: "development", RATE_LIMIT_MULTIPLIER: "0.5" })).toBe(1);
  });

  it("counts by CF-Connecting-IP, an IPv6 address by its /64, and requests without one under one local key", () => {
    const req = (ip?: string) => new Request("http://localhost/", { headers: ip ? { "CF-Connecting-IP": ip } : {} });
    expect(clientAddress(req("203.0.113.7"))).toBe("203.0.113.7");
    expect(clientAddress(req("2001:db8:0:1:aaaa::1"))).toBe("2001:db8:0:1::/64");
    expect(clientAddress(req("2001:DB8:0:1:bbbb:cccc:dddd:eeee"))).toBe("2001:db8:0:1::/64");
    expect(clientAddress(req("2001:db8::1"))).toBe("2001:db8:0:0::/64");
    expect(clientAddress(req())).toBe(LOCAL_ADDRESS);
  });
});
