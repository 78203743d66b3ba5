import { Hono, type ErrorHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { authRoutes } from "./routes/auth";
import { organizationRoutes } from "./routes/organizations";
import { invitationRoutes } from "./routes/invitations";
import { siteRoutes } from "./routes/sites";
import { adminRoutes } from "./routes/admin";
import { newsRoutes } from "./routes/news";
import { systemNotificationRoutes } from "./routes/system-notification";
import { migrationRoutes, snapshotRoutes } from "./routes/migration";
import { platformRoutes } from "./routes/platform";
import { targetOutputRoutes } from "./routes/target-outputs";
import { definitionRoutes } from "./routes/definitions";
import { mappingRoutes } from "./routes/mapping";
import { autoPopulateRoutes } from "./routes/auto-populate";
import { enrichRoutes } from "./routes/enrich";
import { enforceAccessRules } from "./middleware/access";
import { requireJsonBody } from "./middleware/json-body";
import { drainUnreadBody } from "./middleware/drain-body";

/** Turns an error into the API's one shape, `{ error, details? }`; a 500 never says more than that. */
export const apiErrorHandler: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) {
    const body = err.details === undefined ? { error: err.message } : { error: err.message, details: err.details };
    return c.json(body, err.status, err.headers);
  }
  console.error("Unhandled API error", err);
  return c.json({ error: "Internal server error" }, 500);
};

/** The JSON API under /api/v1. Every error leaves as `{ error, details? }`. */
export const api = new Hono<AppEnv>().basePath("/api/v1");

api.onError(apiErrorHandler);
api.notFound((c) => c.json({ error: "Not found" }, 404));

api.use("*", drainUnreadBody);
api.use("*", async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});
api.use("*", requireJsonBody);
// Who may call which route: one table (access-rules.ts), one middleware, before every handler.
api.use("*", enforceAccessRules);

api.route("/", authRoutes);
api.route("/", organizationRoutes);
api.route("/", invitationRoutes);
api.route("/", siteRoutes);
api.route("/", adminRoutes);
api.route("/", systemNotificationRoutes);
api.route("/", newsRoutes);
api.route("/", platformRoutes);
api.route("/", targetOutputRoutes);
api.route("/", migrationRoutes);
api.route("/", snapshotRoutes);
api.route("/", definitionRoutes);
api.route("/", mappingRoutes);
api.route("/", autoPopulateRoutes);
api.route("/", enrichRoutes);
