import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { authRoutes } from "./routes/auth";
import { organizationRoutes } from "./routes/organizations";
import { siteRoutes } from "./routes/sites";

/** The JSON API under /api/v1. Every error leaves as `{ error, details? }`. */
export const api = new Hono<AppEnv>().basePath("/api/v1");

api.onError((err, c) => {
  if (err instanceof ApiError) {
    return c.json(err.details === undefined ? { error: err.message } : { error: err.message, details: err.details }, err.status);
  }
  console.error("Unhandled API error", err);
  return c.json({ error: "Internal server error" }, 500);
});
api.notFound((c) => c.json({ error: "Not found" }, 404));

api.use("*", async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

api.route("/", authRoutes);
api.route("/", organizationRoutes);
api.route("/", siteRoutes);
