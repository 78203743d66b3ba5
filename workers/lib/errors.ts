import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error with an HTTP status that the API turns into `{ error, details? }`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: unknown,
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
