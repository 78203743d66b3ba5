import type { SiteConfigDto } from "../../../workers/contracts/sites";
import { CalibrationTable } from "./calibration-table";
import { LlmSettingsForm } from "./llm-settings-form";
import { MemoryList } from "./memory-list";
import { PromptEditor } from "./prompt-editor";
import { ThresholdForm } from "./threshold-form";

/**
 * The AI mapping tab of the settings: the auto-apply threshold, the language model, the prompt, the
 * calibration view (how the product shows its accuracy) and what it learned.
 */
export function MappingSettingsTab({ config, onSaved }: { config: SiteConfigDto; onSaved: () => void }) {
  return (
    <div className="space-y-8">
      <ThresholdForm config={config} onSaved={onSaved} />
      <LlmSettingsForm siteId={config.siteId} />
      <PromptEditor siteId={config.siteId} />
      <CalibrationTable siteId={config.siteId} />
      <MemoryList siteId={config.siteId} />
    </div>
  );
}
