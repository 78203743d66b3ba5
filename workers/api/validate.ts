import type { Context } from "hono";
import type { z } from "zod";
import { badRequest } from "../lib/errors";

/** Parses a JSON body with a zod schema; bad input becomes a 400 with the first message and all issues. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw badRequest(issues[0]?.message ?? "Invalid request", issues);
  }
  return parsed.data;
}
