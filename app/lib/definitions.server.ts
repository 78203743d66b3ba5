import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ComponentDefinition, TemplateDefinition } from "../../workers/contracts/definitions";
import type { DefinitionsResponse } from "../../workers/contracts/mapping";
import { listDefinitions, type DefinitionKind } from "../../workers/services/definitions";
import { loadSection, requireDashboardSelection } from "./dashboard.server";
import type { LoadedSection } from "./dashboard-context";

/**
 * The selected project's definitions of one kind, as GET /v1/sites/:siteId/components (or /templates)
 * answers them, for the Components and Templates screens; null without a selected project (the screen
 * shows its empty state). A refusal is the list's own error state.
 */
export async function loadDefinitions(
  request: Request,
  context: AppLoadContext,
  kind: DefinitionKind,
): Promise<{ definitions: LoadedSection<DefinitionsResponse<ComponentDefinition | TemplateDefinition>> | null }> {
  const { db, organization, site } = await requireDashboardSelection(request, context);
  if (!organization || !site) return { definitions: null };
  return { definitions: await loadSection(() => listDefinitions(db, organization.id, site.id, kind)) };
}
