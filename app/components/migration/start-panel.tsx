import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/field";
import { TextAreaField } from "~/components/ui/text-area";
import { ErrorState } from "~/components/ui/card";
import { PermissionNote, deniedProps } from "~/components/ui/permission-note";
import type { Permission } from "~/lib/permissions";

export interface StartOptions {
  overrideWhitelist?: string[];
  keepYamlFile: boolean;
  preferRagRuns: boolean;
  ragOnly: boolean;
  screenshots: boolean;
}

/**
 * The start control with the spec's options (spec §7 POST /migration/start). A role that may not run
 * migrations sees the options and a disabled start, with the reason.
 */
export function StartPanel({ onStart, busy, error, disabled, platform, permission }: { onStart: (o: StartOptions) => void; busy: boolean; error: string | null; disabled: boolean; platform: string | null; permission: Permission }) {
  const [onlyThese, setOnlyThese] = useState("");
  const [keepYamlFile, setKeepYamlFile] = useState(false);
  const [preferRagRuns, setPreferRagRuns] = useState(false);
  const [ragOnly, setRagOnly] = useState(false);
  const [screenshots, setScreenshots] = useState(true);

  function submit(e: FormEvent) {
    e.preventDefault();
    const urls = onlyThese.split(/\s+/).map((u) => u.trim()).filter(Boolean);
    onStart({ overrideWhitelist: urls.length ? urls : undefined, keepYamlFile, preferRagRuns, ragOnly, screenshots });
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Start a migration">
      <fieldset disabled={!permission.allowed} className="min-w-0 space-y-4">
        <TextAreaField
          id="override-whitelist"
          label="Run only these URLs (optional)"
          rows={3}
          value={onlyThese}
          onChange={(e) => setOnlyThese(e.target.value)}
          placeholder="One URL per line. Leave empty to run the sitemap or the curated URL list from Settings."
          className="font-mono"
        />
        <div className="grid gap-2 sm:grid-cols-2">
          <CheckboxField name="screenshots" label="Take screenshots" checked={screenshots} onChange={setScreenshots} />
          {platform === "magnolia" ? <CheckboxField name="keepYamlFile" label="Keep the Magnolia YAML file" checked={keepYamlFile} onChange={setKeepYamlFile} /> : null}
          <CheckboxField name="preferRagRuns" label="Prefer mappings learnt in earlier runs" checked={preferRagRuns} onChange={setPreferRagRuns} />
          <CheckboxField name="ragOnly" label="Use learnt mappings only" checked={ragOnly} onChange={setRagOnly} />
        </div>
      </fieldset>
      {error ? <ErrorState message={error} /> : null}
      <Button type="submit" loading={busy} disabled={disabled} {...deniedProps("start-permission", permission.reason)}>
        Start migration
      </Button>
      <PermissionNote id="start-permission" reason={permission.reason} />
    </form>
  );
}
