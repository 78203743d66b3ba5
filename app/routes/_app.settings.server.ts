import type { AppLoadContext } from "@remix-run/cloudflare";
import { siteCalibration } from "../../workers/services/calibration";
import { listMemory } from "../../workers/services/mapping-memory";
import { getMappingSettings, getPrompt } from "../../workers/services/mapping-settings";
import { loadSection, requireDashboardSelection } from "~/lib/dashboard.server";

/**
 * The settings screen's data beyond the project's configuration (which the dashboard layout reads):
 * on the AI mapping tab (`?tab=mapping`), its language model settings, prompt, calibration and memory,
 * each as its GET /v1/sites/:siteId/mapping/… route answers it.
 */
export async function loadSettings(request: Request, context: AppLoadContext) {
  const tab = new URL(request.url).searchParams.get("tab");
  const { db, organization, site } = await requireDashboardSelection(request, context);
  if (tab !== "mapping" || !organization || !site) return { mapping: null };
  const env = context.cloudflare.env;
  const [settings, prompt, calibration, memory] = await Promise.all([
    loadSection(() => getMappingSettings(db, env, organization.id, site.id)),
    loadSection(() => getPrompt(db, organization.id, site.id)),
    loadSection(() => siteCalibration(db, organization.id, site.id)),
    loadSection(() => listMemory(db, organization.id)),
  ]);
  return { mapping: { siteId: site.id, settings, prompt, calibration, memory } };
}
