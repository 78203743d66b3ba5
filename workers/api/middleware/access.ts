import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../../env";
import { badRequest } from "../../lib/errors";
import { accessRuleOf } from "../access-rules";
import { NO_ACTIVE_ORGANIZATION, assertGlobalAdmin, authenticate, enterOrganization, requestedOrganization } from "./auth";

/**
 * The route that answers this request: the first one registered for its method (middleware registered
 * with `use` or `all` is not an endpoint). Hono runs matching handlers in registration order, and every
 * route handler answers, so the first is the one that responds.
 */
function endpointOf(c: Context<AppEnv>): { method: string; path: string } | undefined {
  const method = c.req.method === "HEAD" ? "GET" : c.req.method;
  return matchedRoutes(c).find((r) => r.method === method);
}

/** The value of `:name` in a request path matched by a route pattern without wildcards. */
function pathParam(pattern: string, path: string, name: string): string | undefined {
  const i = pattern.split("/").indexOf(`:${name}`);
  const raw = i < 0 ? undefined : path.split("/")[i];
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * Enforces workers/api/access-rules.ts before any handler runs: authentication, the global ADMIN role,
 * or membership of the request's organization with a role that allows the route's action (403 with
 * a message naming who may, otherwise). A route missing from the table is refused with a 500: an
 * endpoint nobody declared a rule for must not run.
 */
export const enforceAccessRules = createMiddleware<AppEnv>(async (c, next) => {
  const endpoint = endpointOf(c);
  // No route matches: the API's 404 answers.
  if (!endpoint) return next();
  const rule = accessRuleOf(endpoint.method, endpoint.path);
  if (!rule) throw new Error(`No access rule for ${endpoint.method} ${endpoint.path}`);
  if (rule.access === "public") return next();
  const auth = await authenticate(c);
  if (rule.access === "globalAdmin") assertGlobalAdmin(auth);
  if (rule.access === "organization") {
    const organizationId = rule.organizationParam ? pathParam(endpoint.path, c.req.path, rule.organizationParam) : requestedOrganization(c);
    if (!organizationId) throw badRequest(NO_ACTIVE_ORGANIZATION);
    await enterOrganization(c, auth, organizationId, rule.action);
  }
  await next();
});
