import type { CalibrationDto, MappingSettingsDto, MemoryEntryDto, PromptDto } from "../../../workers/contracts/mapping";
import type { SiteConfigDto } from "../../../workers/contracts/sites";
import type { LoadedSection } from "~/lib/dashboard-context";
import type { Permission } from "~/lib/permissions";
import { CalibrationTable } from "./calibration-table";
import { LlmSettingsForm } from "./llm-settings-form";
import { MemoryList } from "./memory-list";
import { PromptEditor } from "./prompt-editor";
import { ThresholdForm } from "./threshold-form";

/** What the settings loader reads for the AI mapping tab, section by section. */
export interface MappingTabData {
  settings: LoadedSection<MappingSettingsDto>;
  prompt: LoadedSection<PromptDto>;
  calibration: LoadedSection<CalibrationDto>;
  memory: LoadedSection<MemoryEntryDto[]>;
}

/**
 * The AI mapping tab of the settings: the auto-apply threshold, the language model, the prompt, the
 * calibration view (how the product shows its accuracy) and what it learned. A role that may not
 * configure reads the settings with their controls disabled, described by `describedBy`. `onReload`
 * reads the sections again (the figures move while people review).
 */
export function MappingSettingsTab({
  config,
  data,
  onSaved,
  onReload,
  reloading,
  permission,
  describedBy,
}: {
  config: SiteConfigDto;
  data: MappingTabData;
  onSaved: () => void;
  onReload: () => void;
  reloading: boolean;
  permission: Permission;
  describedBy: string;
}) {
  return (
    <div className="space-y-8">
      <fieldset disabled={!permission.allowed} aria-describedby={permission.allowed ? undefined : describedBy} className="min-w-0 space-y-8">
        <ThresholdForm config={config} onSaved={onSaved} />
        <LlmSettingsForm siteId={config.siteId} loaded={data.settings} onReload={onReload} />
        <PromptEditor siteId={config.siteId} loaded={data.prompt} onReload={onReload} />
      </fieldset>
      <CalibrationTable loaded={data.calibration} reloading={reloading} onReload={onReload} />
      <MemoryList siteId={config.siteId} canForget={permission.allowed} loaded={data.memory} reloading={reloading} onReload={onReload} />
    </div>
  );
}
