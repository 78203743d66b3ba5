import { getDb } from "../db/client";
import type { Env } from "../env";
import { recordAudit } from "./audit";
import { tooManyRequests } from "../lib/errors";
import type { RateLimiter, RateVerdict } from "../lib/rate-limiter";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The limits of sign-in, sign-up, invitations and verification mails: the one place they are set.
 * Each rule counts per account (the e-mail, or the signed-in user) or per client address, in a
 * sliding window. Sign-in counts only failures per account, and a success clears them, so a user who
 * mistypes a few times is not held back; per address it counts every attempt, against password
 * spraying across many accounts.
 */
export const RATE_LIMITS = {
  signInAccountFailures: { limit: 10, windowMs: 15 * MINUTE },
  signInAddress: { limit: 30, windowMs: 15 * MINUTE },
  signUpAddress: { limit: 5, windowMs: HOUR },
  signUpAccount: { limit: 5, windowMs: HOUR },
  inviteUser: { limit: 30, windowMs: HOUR },
  inviteAddress: { limit: 60, windowMs: HOUR },
  verificationMailUser: { limit: 5, windowMs: HOUR },
  // Account security: codes by e-mail and password reset.
  mfaVerifyAccount: { limit: 10, windowMs: 15 * MINUTE },
  mfaVerifyAddress: { limit: 30, windowMs: 15 * MINUTE },
  mfaCodeUser: { limit: 10, windowMs: HOUR },
  resetRequestAccount: { limit: 3, windowMs: HOUR },
  resetRequestAddress: { limit: 10, windowMs: HOUR },
  // The public forms (workers/services/public-forms.ts): per client address, honeypot catches included.
  demoRequestAddress: { limit: 5, windowMs: HOUR },
  contactMessageAddress: { limit: 10, windowMs: HOUR },
} as const satisfies Record<string, { limit: number; windowMs: number }>;

export type RateLimitRule = keyof typeof RATE_LIMITS;

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a while and try again.";

/** The key of requests without `CF-Connecting-IP`: only local development and tests send none. */
export const LOCAL_ADDRESS = "local";

/**
 * The client address that per-address limits count: `CF-Connecting-IP`, which Cloudflare's edge sets
 * and clients cannot forge. An IPv6 address counts by its /64, the block one subscriber usually holds,
 * so rotating through it does not reset the limit.
 */
export function clientAddress(request: Request): string {
  const ip = request.headers.get("CF-Connecting-IP")?.trim().toLowerCase();
  if (!ip) return LOCAL_ADDRESS;
  if (!ip.includes(":")) return ip;
  const [head, tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/**
 * How much the limits are raised: `RATE_LIMIT_MULTIPLIER` lets the test suites sign in and up many
 * times from one address. Production ignores it, so its limits are always the ones above.
 */
export function rateLimitMultiplier(env: Pick<Env, "ENVIRONMENT" | "RATE_LIMIT_MULTIPLIER">): number {
  if (env.ENVIRONMENT === "production") return 1;
  const n = Number(env.RATE_LIMIT_MULTIPLIER);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1;
}

/** Told of every refused attempt (the audit trail records it). */
export type RefusalListener = (rule: RateLimitRule, key: string) => Promise<void>;

/** The rate limits of one request: its client address and the deployment's limits. */
export class RequestLimits {
  constructor(
    private readonly env: Pick<Env, "RATE_LIMITER" | "ENVIRONMENT" | "RATE_LIMIT_MULTIPLIER">,
    readonly address: string,
    private readonly onRefused?: RefusalListener,
  ) {}

  private stub(rule: RateLimitRule, key: string): DurableObjectStub<RateLimiter> {
    const ns = this.env.RATE_LIMITER;
    return ns.get(ns.idFromName(`${rule}:${key}`));
  }

  private rule(rule: RateLimitRule): [number, number] {
    const { limit, windowMs } = RATE_LIMITS[rule];
    return [limit * rateLimitMultiplier(this.env), windowMs];
  }

  private async refuse(v: RateVerdict, rule: RateLimitRule, key: string): Promise<void> {
    if (v.allowed) return;
    await this.onRefused?.(rule, key);
    throw tooManyRequests(RATE_LIMIT_MESSAGE, v.retryAfterMs / 1000);
  }

  /** Counts an attempt under a rule, or throws 429 with `Retry-After` when the window is full. */
  async hit(rule: RateLimitRule, key: string): Promise<void> {
    await this.refuse(await this.stub(rule, key).hit(...this.rule(rule)), rule, key);
  }

  /** Throws 429 when the window is full, without counting. */
  async check(rule: RateLimitRule, key: string): Promise<void> {
    await this.refuse(await this.stub(rule, key).check(...this.rule(rule)), rule, key);
  }

  /**
   * Counts an attempt under each rule in turn (an address's and an account's): the first full window
   * refuses it, and the rules after that one do not count it.
   */
  private async hitEach(...hits: [RateLimitRule, string][]): Promise<void> {
    for (const [rule, key] of hits) await this.hit(rule, key);
  }

  async record(rule: RateLimitRule, key: string): Promise<void> {
    await this.stub(rule, key).record(...this.rule(rule));
  }

  async reset(rule: RateLimitRule, key: string): Promise<void> {
    await this.stub(rule, key).reset();
  }

  /** Before checking a password: every attempt counts for the address; the account must have room for a failure. */
  async beforeSignIn(email: string): Promise<void> {
    await this.hit("signInAddress", this.address);
    await this.check("signInAccountFailures", email);
  }

  signInFailed(email: string): Promise<void> {
    return this.record("signInAccountFailures", email);
  }

  signInSucceeded(email: string): Promise<void> {
    return this.reset("signInAccountFailures", email);
  }

  beforeSignUp(email: string): Promise<void> {
    return this.hitEach(["signUpAddress", this.address], ["signUpAccount", email]);
  }

  beforeInvite(userId: string): Promise<void> {
    return this.hitEach(["inviteUser", userId], ["inviteAddress", this.address]);
  }

  beforeVerificationMail(userId: string): Promise<void> {
    return this.hit("verificationMailUser", userId);
  }

  /** Every code typed counts for the address (before its challenge is even looked up)… */
  beforeMfaVerifyFromAddress(): Promise<void> {
    return this.hit("mfaVerifyAddress", this.address);
  }

  /** …and for the account whose challenge it is. */
  beforeMfaVerifyOfAccount(userId: string): Promise<void> {
    return this.hit("mfaVerifyAccount", userId);
  }

  /** Each code mailed to a user (sign-in or resend) counts. */
  beforeMfaCode(userId: string): Promise<void> {
    return this.hit("mfaCodeUser", userId);
  }

  beforeResetRequest(email: string): Promise<void> {
    return this.hitEach(["resetRequestAddress", this.address], ["resetRequestAccount", email]);
  }
}

/** The rate limits of a request; each refused attempt is audited as `auth.rate_limited`. */
export function requestLimits(env: Env, request: Request): RequestLimits {
  const address = clientAddress(request);
  return new RequestLimits(env, address, (rule, key) =>
    recordAudit(getDb(env.DB), null, {
      action: "auth.rate_limited",
      entityType: "rate_limit",
      entityId: rule,
      after: { rule, key, address },
    }),
  );
}
