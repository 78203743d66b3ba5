import { and, eq, gt, isNull, lt } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { z } from "zod";
import { AUTH_MESSAGES, type LoginResponse } from "../contracts/auth";
import type { Db } from "../db/client";
import { sessions, users, type User } from "../db/schema";
import { oauthAccounts, oauthLoginStates } from "../db/schema-auth";
import type { Env } from "../env";
import { egressFetcher, egressPolicy, type FetchLike } from "../lib/egress";
import { ApiError, badRequest } from "../lib/errors";
import { hashPassword, sha256Hex } from "../lib/crypto";
import { newId, newToken } from "../lib/ids";
import { auditStatement } from "./audit";
import { startSignedInSession } from "./auth";
import { mfaRequiredFor, requireCode } from "./mfa";
import type { RequestServices } from "./request-services";

/** The page the providers send the browser back to (spec §2). */
export const OIDC_CALLBACK_PATH = "/oauth/callback";
/** The cookie that ties a sign-in's `state` to the browser that started it. */
export const OIDC_STATE_COOKIE = "cm_oidc_state";
/** How long a started sign-in may take at the provider. */
export const OIDC_STATE_TTL_MS = 10 * 60 * 1000;

/** One OpenID provider, configured by environment (README: Google, Microsoft Entra ID, any issuer with discovery). */
export interface OidcProviderConfig {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const providerList = z.array(
  z.object({
    id: z.string().regex(/^[a-z0-9-]{1,40}$/, "A provider id is lowercase letters, digits and dashes"),
    name: z.string().min(1).max(60),
    issuer: z.string().url(),
    clientId: z.string().min(1),
    /** Better kept as the secret OIDC_<ID>_CLIENT_SECRET; accepted here for local set-ups. */
    clientSecret: z.string().min(1).optional(),
  }),
);

/** The secret's name of a provider's client: OIDC_GOOGLE_CLIENT_SECRET for `google`. */
export const clientSecretName = (id: string) => `OIDC_${id.toUpperCase().replace(/-/g, "_")}_CLIENT_SECRET`;

/**
 * The providers of this deployment, from `OIDC_PROVIDERS` (a JSON list). A provider without a client
 * secret is left out; a list that does not parse is a configuration error, logged, and no provider is offered.
 */
export function oidcProviders(env: Pick<Env, "OIDC_PROVIDERS">): OidcProviderConfig[] {
  if (!env.OIDC_PROVIDERS) return [];
  let parsed: z.infer<typeof providerList>;
  try {
    parsed = providerList.parse(JSON.parse(env.OIDC_PROVIDERS));
  } catch (err) {
    console.error("OIDC_PROVIDERS is not a valid provider list", err instanceof Error ? err.message : "");
    return [];
  }
  const secrets = env as unknown as Record<string, unknown>;
  return parsed.flatMap((p) => {
    const secret = typeof secrets[clientSecretName(p.id)] === "string" ? (secrets[clientSecretName(p.id)] as string) : p.clientSecret;
    return secret ? [{ id: p.id, name: p.name, issuer: p.issuer, clientId: p.clientId, clientSecret: secret }] : [];
  });
}

/** How the Worker talks to providers: through the egress guard; plain http only where local development allows it. */
export interface OidcTransport {
  fetch: FetchLike;
  allowHttp: boolean;
}

export function oidcTransport(env: Pick<Env, "EGRESS_ALLOW_PRIVATE" | "ENVIRONMENT">): OidcTransport {
  const policy = egressPolicy(env);
  return { fetch: egressFetcher(policy), allowHttp: policy.allowPrivate };
}

function requestOptions(transport: OidcTransport) {
  return {
    [oauth.customFetch]: (url: string, options: oauth.CustomFetchOptions<string, unknown>) =>
      transport.fetch(url, { method: options.method, headers: options.headers, body: options.body as BodyInit | undefined, signal: options.signal }),
    [oauth.allowInsecureRequests]: transport.allowHttp,
  };
}

/** Discovery documents, per isolate, for an hour: they change rarely and every sign-in needs one. */
const discovered = new Map<string, { as: oauth.AuthorizationServer; at: number }>();

async function discover(provider: OidcProviderConfig, transport: OidcTransport): Promise<oauth.AuthorizationServer> {
  const cached = discovered.get(provider.issuer);
  if (cached && Date.now() - cached.at < 60 * 60 * 1000) return cached.as;
  const issuer = new URL(provider.issuer);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...requestOptions(transport) }));
  discovered.set(provider.issuer, { as, at: Date.now() });
  return as;
}

/** A refused callback: 400 with the one text the page shows, and the reason for the audit and the tests. */
function oidcFailed(reason: string): ApiError {
  return badRequest(AUTH_MESSAGES.oauthFailed, { reason });
}

/**
 * Starts a sign-in at a provider: authorization code flow with PKCE (S256), a fresh `state` and `nonce`.
 * The state's hash, the nonce and the code verifier wait in D1 for the callback; the state itself goes
 * to the browser's cookie and to the provider, so only the browser that started may finish.
 */
export async function startOidcSignIn(
  db: Db,
  provider: OidcProviderConfig,
  transport: OidcTransport,
  redirectUri: string,
): Promise<{ authorizationUrl: string; state: string }> {
  const as = await discover(provider, transport);
  if (!as.authorization_endpoint) throw oidcFailed("no_authorization_endpoint");
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  // Sign-ins abandoned at the provider leave their row: expired ones are cleared as new ones start.
  await db.delete(oauthLoginStates).where(lt(oauthLoginStates.expiresAt, new Date(Date.now() - OIDC_STATE_TTL_MS)));
  await db.insert(oauthLoginStates).values({
    id: newId(),
    stateHash: await sha256Hex(state),
    provider: provider.id,
    nonce,
    codeVerifier,
    expiresAt: new Date(Date.now() + OIDC_STATE_TTL_MS),
  });
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set("client_id", provider.clientId);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", "openid email profile");
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("state", state);
  url.searchParams.set("nonce", nonce);
  return { authorizationUrl: url.toString(), state };
}

interface VerifiedIdentity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Finishes a sign-in at the callback: the `state` must be the browser's (cookie) and an open one (D1,
 * used up here); the code is exchanged with the PKCE verifier, the ID token checked (issuer, audience,
 * signature, nonce) by oauth4webapi, and the e-mail read from the claims or the userinfo endpoint.
 */
async function verifyCallback(
  db: Db,
  providers: OidcProviderConfig[],
  transport: OidcTransport,
  callbackUrl: URL,
  browserState: string | null,
  redirectUri: string,
): Promise<{ provider: OidcProviderConfig; identity: VerifiedIdentity }> {
  const state = callbackUrl.searchParams.get("state");
  if (!state || !browserState || state !== browserState) throw oidcFailed("state_mismatch");
  const now = new Date();
  const [started] = await db
    .update(oauthLoginStates)
    .set({ usedAt: now })
    .where(and(eq(oauthLoginStates.stateHash, await sha256Hex(state)), isNull(oauthLoginStates.usedAt), gt(oauthLoginStates.expiresAt, now)))
    .returning();
  if (!started) throw oidcFailed("state_unknown");
  const provider = providers.find((p) => p.id === started.provider);
  if (!provider) throw oidcFailed("provider_unknown");
  const as = await discover(provider, transport);
  const client: oauth.Client = { client_id: provider.clientId };
  const clientAuth = oauth.ClientSecretPost(provider.clientSecret);
  try {
    const params = oauth.validateAuthResponse(as, client, callbackUrl, state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, redirectUri, started.codeVerifier, requestOptions(transport));
    const result = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: started.nonce, requireIdToken: true });
    const idClaims = oauth.getValidatedIdTokenClaims(result)!;
    let claims: Record<string, unknown> = { ...idClaims };
    if (typeof claims.email !== "string" || claims.email_verified === undefined) {
      const info = await oauth.processUserInfoResponse(as, client, idClaims.sub, await oauth.userInfoRequest(as, client, result.access_token, requestOptions(transport)));
      claims = { ...info, ...claims, email: claims.email ?? info.email, email_verified: claims.email_verified ?? info.email_verified };
    }
    if (typeof claims.email !== "string" || claims.email_verified !== true) throw badRequest(AUTH_MESSAGES.oauthEmailUnverified, { reason: "email_unverified" });
    return {
      provider,
      identity: {
        subject: idClaims.sub,
        email: claims.email.trim().toLowerCase(),
        firstName: typeof claims.given_name === "string" ? claims.given_name.slice(0, 100) : "",
        lastName: typeof claims.family_name === "string" ? claims.family_name.slice(0, 100) : "",
      },
    };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const reason = err instanceof oauth.AuthorizationResponseError ? `provider_error:${err.error}` : err instanceof oauth.ResponseBodyError ? `token_error:${err.error}` : oidcReason(err);
    console.error("OpenID Connect sign-in failed", reason, err instanceof Error ? err.message : "");
    throw oidcFailed(reason);
  }
}

/** The reason of a failed check, from oauth4webapi's error code (e.g. a nonce mismatch). */
function oidcReason(err: unknown): string {
  if (err instanceof oauth.OperationProcessingError) {
    if (err.code === oauth.JWT_CLAIM_COMPARISON && (err.cause as { claim?: string } | undefined)?.claim === "nonce") return "nonce_mismatch";
    return `check_failed:${err.code ?? "unknown"}`;
  }
  return "provider_unreachable";
}

/**
 * The account of a verified identity: the one linked to it before; else the account of the same
 * (verified) e-mail, now linked; else a new account with that e-mail, verified by the provider.
 */
async function accountFor(db: Db, provider: OidcProviderConfig, identity: VerifiedIdentity): Promise<User> {
  const link = await db.query.oauthAccounts.findFirst({ where: and(eq(oauthAccounts.provider, provider.id), eq(oauthAccounts.subject, identity.subject)) });
  if (link) {
    const user = await db.query.users.findFirst({ where: eq(users.id, link.userId) });
    if (user) return user;
  }
  let user = await db.query.users.findFirst({ where: eq(users.email, identity.email) });
  const now = new Date();
  if (!user) {
    const userId = newId();
    await db.batch([
      // No password: the random one below is never told to anyone; a password reset sets a real one.
      db.insert(users).values({
        id: userId,
        email: identity.email,
        passwordHash: await hashPassword(newToken()),
        firstName: identity.firstName,
        lastName: identity.lastName,
        role: "USER",
        emailVerifiedAt: now,
      }),
      auditStatement(db, { userId }, { action: "user.signup", entityType: "user", entityId: userId, after: { email: identity.email, provider: provider.id } }),
    ]);
    user = (await db.query.users.findFirst({ where: eq(users.id, userId) }))!;
  }
  const linkId = newId();
  const unverified = user.emailVerifiedAt === null;
  await db.batch([
    db.insert(oauthAccounts).values({ id: linkId, provider: provider.id, subject: identity.subject, userId: user.id, email: identity.email }),
    // The provider vouched for the address. An account that had not verified it may have been made by
    // someone else with this address: its password and sessions stop working (its owner can reset).
    ...(unverified
      ? [
          db.update(users).set({ emailVerifiedAt: now, passwordHash: await hashPassword(newToken()) }).where(eq(users.id, user.id)),
          db.delete(sessions).where(eq(sessions.userId, user.id)),
        ]
      : []),
    auditStatement(db, { userId: user.id }, {
      action: "user.oauth_linked",
      entityType: "oauth_account",
      entityId: linkId,
      after: { provider: provider.id, email: identity.email, ...(unverified ? { emailVerified: true, passwordCleared: true } : {}) },
    }),
  ]);
  return (await db.query.users.findFirst({ where: eq(users.id, user.id) }))!;
}

/**
 * The callback of a provider: verifies it, finds or links the account, and signs in, or, for an
 * account that needs a code (MFA on, or a global ADMIN), answers `mfaRequired` with the code mailed.
 * Every refusal is audited (`user.oauth_failed`) and answered 400 with one text.
 */
export async function finishOidcSignIn(
  db: Db,
  services: RequestServices,
  providers: OidcProviderConfig[],
  transport: OidcTransport,
  input: { callbackUrl: URL; browserState: string | null; redirectUri: string; userAgent?: string | null },
): Promise<LoginResponse> {
  let verified: Awaited<ReturnType<typeof verifyCallback>>;
  try {
    verified = await verifyCallback(db, providers, transport, input.callbackUrl, input.browserState, input.redirectUri);
  } catch (err) {
    const reason = err instanceof ApiError ? ((err.details as { reason?: string } | undefined)?.reason ?? err.message) : "error";
    await auditStatement(db, null, { action: "user.oauth_failed", entityType: "oauth_account", after: { reason, address: services.limits.address } });
    throw err;
  }
  const user = await accountFor(db, verified.provider, verified.identity);
  if (mfaRequiredFor(user)) return requireCode(db, services, user);
  return startSignedInSession(db, user, input.userAgent, { method: "oidc", provider: verified.provider.id });
}
