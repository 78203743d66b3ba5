import { DEFAULT_ASSET_PROCESSING_MODE, PLATFORMS, SECRET_MASK, platformMeta, type PlatformField } from "../../../workers/contracts/platform-meta";
import { CheckboxField, SelectField, TextField } from "~/components/ui/field";

export type PlatformValues = Record<string, string | boolean>;

export const PLATFORM_OPTIONS = [{ value: "", label: "Choose a platform…" }, ...PLATFORMS.map((p) => ({ value: p.slug, label: p.displayName }))];

/**
 * The target platform choice with its fields' values: a new choice starts from `valuesFor(platform)`
 * (the saved configuration when going back to the saved platform, else the platform's defaults).
 */
export function PlatformSelect({ platform, onChange, valuesFor }: { platform: string; onChange: (platform: string, values: PlatformValues) => void; valuesFor: (platform: string) => PlatformValues }) {
  return <SelectField label="Target platform" value={platform} options={PLATFORM_OPTIONS} onChange={(e) => onChange(e.target.value, valuesFor(e.target.value))} />;
}

/** Initial form values of a platform: stored values (secrets arrive masked) or defaults. */
export function initialPlatformValues(platform: string | null, stored: Record<string, unknown> = {}): PlatformValues {
  const meta = platformMeta(platform);
  const out: PlatformValues = {};
  for (const f of meta?.fields ?? []) {
    const v = stored[f.name];
    if (f.kind === "boolean") out[f.name] = v === true;
    else if (f.name === "assetProcessingMode") out[f.name] = typeof v === "string" && v ? v : DEFAULT_ASSET_PROCESSING_MODE;
    else out[f.name] = typeof v === "string" ? v : "";
  }
  return out;
}

/** The values to send: empty optional strings are dropped; the secret mask is sent back to keep a stored secret. */
export function platformPayload(platform: string, values: PlatformValues): Record<string, unknown> {
  const meta = platformMeta(platform);
  const out: Record<string, unknown> = {};
  for (const f of meta?.fields ?? []) {
    const v = values[f.name];
    if (f.kind === "boolean") out[f.name] = v === true;
    else if (typeof v === "string" && v.trim() !== "") out[f.name] = v.trim();
  }
  return out;
}

function label(f: PlatformField) {
  return f.requiredForConnection ? `${f.label} *` : f.label;
}

/** The configuration fields of one platform (spec §3). */
export function PlatformFields({ platform, values, onChange, errors = {} }: { platform: string; values: PlatformValues; onChange: (v: PlatformValues) => void; errors?: Record<string, string> }) {
  const meta = platformMeta(platform);
  if (!meta) return null;
  if (meta.fields.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">{meta.displayName} needs no connection settings: runs produce an export bundle to download and import.</p>;
  }
  const set = (name: string, value: string | boolean) => onChange({ ...values, [name]: value });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {meta.fields.map((f) => {
        const value = values[f.name];
        if (f.kind === "boolean") {
          return <CheckboxField key={f.name} name={f.name} label={f.label} checked={value === true} onChange={(v) => set(f.name, v)} />;
        }
        if (f.kind === "select") {
          const opts = (f.options ?? []).map((o) => ({ value: o, label: o }));
          return (
            <SelectField
              key={f.name}
              name={f.name}
              label={label(f)}
              value={String(value ?? "")}
              error={errors[f.name]}
              options={f.name === "region" ? [{ value: "", label: "Default" }, ...opts] : opts}
              onChange={(e) => set(f.name, e.target.value)}
            />
          );
        }
        const isSecret = f.kind === "password";
        return (
          <TextField
            key={f.name}
            name={f.name}
            label={label(f)}
            type={isSecret ? "password" : f.kind === "url" ? "url" : "text"}
            autoComplete={isSecret ? "new-password" : "off"}
            placeholder={f.placeholder}
            value={String(value ?? "")}
            error={errors[f.name]}
            hint={isSecret && value === SECRET_MASK ? "Stored securely. Type a new value to replace it." : f.hint}
            onFocus={(e) => isSecret && value === SECRET_MASK && e.currentTarget.select()}
            onChange={(e) => set(f.name, e.target.value)}
          />
        );
      })}
    </div>
  );
}
