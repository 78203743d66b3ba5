import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error with an HTTP status that the API turns into `{ error, details? }`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: unknown,
    /** Response headers the error needs, e.g. `Retry-After` on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string, details?: unknown) => new ApiError(400, message, details);
export const unauthorized = (message = "Not authenticated") => new ApiError(401, message);
export const forbidden = (message = "You do not have permission to do this") => new ApiError(403, message);
export const notFound = (message = "Not found") => new ApiError(404, message);
export const conflict = (message: string, details?: unknown) => new ApiError(409, message, details);
export const unprocessable = (message: string, details?: unknown) => new ApiError(422, message, details);
export const unsupportedMediaType = (message: string) => new ApiError(415, message);
/** 429 with `Retry-After` in whole seconds (at least 1), also given in `details` for clients that read the body. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(429, message, { retryAfterSeconds: seconds }, { "Retry-After": String(seconds) });
};
