import type { AppLoadContext } from "@remix-run/cloudflare";
import { loadDefinitions } from "~/lib/definitions.server";

/** The Templates screen: the selected project's templates (GET /v1/sites/:siteId/templates). */
export const loadTemplates = (request: Request, context: AppLoadContext) => loadDefinitions(request, context, "templates");
