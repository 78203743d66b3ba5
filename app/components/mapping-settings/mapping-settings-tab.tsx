import type { SiteConfigDto } from "../../../workers/contracts/sites";
import type { Permission } from "~/lib/permissions";
import { CalibrationTable } from "./calibration-table";
import { LlmSettingsForm } from "./llm-settings-form";
import { MemoryList } from "./memory-list";
import { PromptEditor } from "./prompt-editor";
import { ThresholdForm } from "./threshold-form";

/**
 * The AI mapping tab of the settings: the auto-apply threshold, the language model, the prompt, the
 * calibration view (how the product shows its accuracy) and what it learned. A role that may not
 * configure reads the settings with their controls disabled, described by `describedBy`.
 */
export function MappingSettingsTab({ config, onSaved, permission, describedBy }: { config: SiteConfigDto; onSaved: () => void; permission: Permission; describedBy: string }) {
  return (
    <div className="space-y-8">
      <fieldset disabled={!permission.allowed} aria-describedby={permission.allowed ? undefined : describedBy} className="min-w-0 space-y-8">
        <ThresholdForm config={config} onSaved={onSaved} />
        <LlmSettingsForm siteId={config.siteId} />
        <PromptEditor siteId={config.siteId} />
      </fieldset>
      <CalibrationTable siteId={config.siteId} />
      <MemoryList siteId={config.siteId} canForget={permission.allowed} />
    </div>
  );
}
