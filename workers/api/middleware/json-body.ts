import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env";
import { unsupportedMediaType } from "../../lib/errors";

/** The message of the 415 a write with a body other than JSON gets. */
export const JSON_BODY_REQUIRED = "Request body must be JSON (Content-Type: application/json)";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether a request has a body: a positive Content-Length, or a body stream when no length is given. */
function hasBody(request: Request): boolean {
  const length = request.headers.get("Content-Length");
  if (length !== null) return Number(length) > 0;
  return request.body !== null;
}

/** Whether a Content-Type names JSON (`application/json`, parameters such as charset allowed). */
export function isJsonContentType(contentType: string): boolean {
  return contentType.split(";")[0]?.trim().toLowerCase() === "application/json";
}

/**
 * The API takes JSON bodies only: a write that declares another content type, or sends a body without
 * declaring one, gets 415. Besides keeping every handler to one input format, this closes the "simple
 * request" door: a cross-site form or `text/plain` fetch can never reach a handler as valid input.
 */
export const requireJsonBody = createMiddleware<AppEnv>(async (c, next) => {
  if (WRITES.has(c.req.method)) {
    const contentType = c.req.header("Content-Type");
    const declaresOther = contentType !== undefined && !isJsonContentType(contentType);
    if (declaresOther || (contentType === undefined && hasBody(c.req.raw))) throw unsupportedMediaType(JSON_BODY_REQUIRED);
  }
  await next();
});
