import type { ComponentDefinition, TemplateDefinition } from "../../../workers/contracts/definitions";
import { Badge } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { DEFINITION_TEXTS, FIELD_TYPE_LABELS, FORM_LABELS, type DefinitionKind } from "./texts";

type AnyDefinition = ComponentDefinition | TemplateDefinition;

function Meta({ label, children }: { label: string; children: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="truncate font-mono text-xs text-slate-800 dark:text-slate-200" title={children}>
        {children}
      </dd>
    </div>
  );
}

/** One definition: name, key, where it is found on source pages and its fields; edit and delete when given. */
function DefinitionCard({ kind, defKey, def, onEdit, onDelete }: { kind: DefinitionKind; defKey: string; def: AnyDefinition; onEdit?: () => void; onDelete?: () => void }) {
  const headingId = `def-${kind}-${defKey}`;
  const template = kind === "templates" ? (def as TemplateDefinition) : null;
  const component = kind === "components" ? (def as ComponentDefinition) : null;
  return (
    <li aria-labelledby={headingId} className="flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate font-semibold">
            {def.name}
          </h3>
          <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400">{defKey}</p>
        </div>
        {onEdit && onDelete ? (
          <div className="flex shrink-0 gap-1">
            <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`${DEFINITION_TEXTS.edit} ${def.name}`}>
              {DEFINITION_TEXTS.edit}
            </Button>
            <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`${DEFINITION_TEXTS.delete} ${def.name}`} className="text-red-700 dark:text-red-400">
              {DEFINITION_TEXTS.delete}
            </Button>
          </div>
        ) : null}
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {def.targetId ? <Meta label={FORM_LABELS.targetId}>{def.targetId}</Meta> : null}
        {template?.urlPattern ? <Meta label={FORM_LABELS.urlPattern}>{template.urlPattern}</Meta> : null}
        {def.selector ? <Meta label={template ? FORM_LABELS.templateSelector : FORM_LABELS.selector}>{def.selector}</Meta> : null}
        {template && template.areas.length > 0 ? <Meta label={FORM_LABELS.areas}>{template.areas.join(", ")}</Meta> : null}
        {component && component.exampleUrls.length > 0 ? <Meta label={FORM_LABELS.exampleUrls}>{component.exampleUrls.join(" ")}</Meta> : null}
      </dl>
      <div className="mt-3 border-t border-slate-100 pt-3 dark:border-slate-800">
        {def.fields.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{DEFINITION_TEXTS.noFields}</p>
        ) : (
          <ul className="flex flex-wrap gap-1.5" aria-label={`${FORM_LABELS.fields} of ${def.name}`}>
            {def.fields.map((f) => (
              <li key={f.name} title={f.description || undefined} className="inline-flex max-w-full flex-wrap items-center gap-x-1 rounded-md bg-slate-100 px-2 py-1 text-xs dark:bg-slate-800">
                <span className="break-all font-mono text-slate-900 dark:text-slate-100">{f.name}</span>
                <span className="text-slate-600 dark:text-slate-300">{FIELD_TYPE_LABELS[f.type]}</span>
                {f.required ? <span className="font-semibold text-amber-700 dark:text-amber-300">{FORM_LABELS.fieldRequired.toLowerCase()}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

export interface DefinitionListProps {
  kind: DefinitionKind;
  noun: string;
  definitions: Record<string, AnyDefinition>;
  /** Absent for a role that may not change definitions: the cards are read-only. */
  onEdit?: (key: string) => void;
  onDelete?: (key: string, name: string) => void;
}

/** The definitions of a site, as cards with their fields and where they are found on source pages. */
export function DefinitionList({ kind, noun, definitions, onEdit, onDelete }: DefinitionListProps) {
  const entries = Object.entries(definitions).sort(([, a], [, b]) => a.name.localeCompare(b.name));
  return (
    <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label={noun}>
      {entries.map(([key, def]) => (
        <DefinitionCard key={key} kind={kind} defKey={key} def={def} onEdit={onEdit && (() => onEdit(key))} onDelete={onDelete && (() => onDelete(key, def.name))} />
      ))}
    </ul>
  );
}

/** Stored entries that fail the schema, each with its first problem, so they can be fixed or removed (when the callbacks are given). */
export function InvalidDefinitions({ invalid, onReplace, onDelete }: { invalid: Record<string, string>; onReplace?: (key: string) => void; onDelete?: (key: string) => void }) {
  const entries = Object.entries(invalid);
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="invalid-definitions" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40">
      <h2 id="invalid-definitions" className="font-semibold text-amber-900 dark:text-amber-100">
        {DEFINITION_TEXTS.invalidTitle}
      </h2>
      <p className="mt-1 text-sm text-amber-900/80 dark:text-amber-200/80">{DEFINITION_TEXTS.invalidHint}</p>
      <ul className="mt-3 space-y-2">
        {entries.map(([key, problem]) => (
          <li key={key} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-white/70 px-3 py-2 text-sm dark:bg-slate-900/60">
            <span className="min-w-0">
              <span className="font-mono font-medium">{key}</span> <Badge tone="amber">{problem}</Badge>
            </span>
            {onReplace && onDelete ? (
              <span className="flex shrink-0 gap-1">
                <Button variant="ghost" size="sm" onClick={() => onReplace(key)} aria-label={`${DEFINITION_TEXTS.replace} ${key}`}>
                  {DEFINITION_TEXTS.replace}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => onDelete(key)} aria-label={`${DEFINITION_TEXTS.delete} ${key}`} className="text-red-700 dark:text-red-400">
                  {DEFINITION_TEXTS.delete}
                </Button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
