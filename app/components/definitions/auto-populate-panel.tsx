import { useState, type FormEvent } from "react";
import { autoPopulateRequestSchema, type AutoPopulateState, type AutoPopulateStatus } from "../../../workers/contracts/mapping";
import { useToasts } from "~/components/app/app-context";
import { Button } from "~/components/ui/button";
import { Badge, Card, ErrorState } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { ApiRequestError } from "~/lib/api-client";
import type { LoadedSection } from "~/lib/dashboard-context";
import { issuesFromDetails } from "./definition-draft";
import { SuggestionList } from "./suggestion-list";
import { AUTO_POPULATE_STATUS_LABELS, AUTO_POPULATE_TEXTS } from "./texts";
import { useAutoPopulate } from "./use-auto-populate";

const STATUS_TONE: Record<AutoPopulateStatus, "slate" | "blue" | "green" | "red"> = {
  idle: "slate",
  rendering: "blue",
  detecting: "blue",
  completed: "green",
  failed: "red",
};

/** A starting URL on the site's own domain; loopback development sites are served over plain http. */
export function defaultPageUrl(domain: string): string {
  const local = /^(localhost|127\.|\[::1\])/.test(domain);
  return `${local ? "http" : "https"}://${domain}/`;
}

function Progress({ state }: { state: AutoPopulateState }) {
  const pct = Math.max(0, Math.min(100, Math.round(state.progress)));
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={STATUS_TONE[state.status]}>{AUTO_POPULATE_STATUS_LABELS[state.status]}</Badge>
        {state.url ? <span className="min-w-0 truncate font-mono text-xs text-slate-600 dark:text-slate-400">{state.url}</span> : null}
        {state.selector ? <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{state.selector}</span> : null}
      </div>
      {state.isAutoPopulating ? (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={AUTO_POPULATE_TEXTS.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            aria-valuetext={`${pct}% · ${AUTO_POPULATE_STATUS_LABELS[state.status]}`}
            className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${pct}%` }} />
          </div>
          <span aria-hidden="true" className="w-10 text-right text-xs tabular-nums text-slate-600 dark:text-slate-400">
            {pct}%
          </span>
        </div>
      ) : null}
    </div>
  );
}

export interface AutoPopulatePanelProps {
  siteId: string;
  domain: string;
  /** The platform's word, plural. */
  noun: string;
  existingKeys: readonly string[];
  /** Called after suggestions were stored as definitions. */
  onAccepted: () => void;
  /** The auto-populate state as the screen's loader read it. */
  initial: LoadedSection<AutoPopulateState>;
}

/**
 * Auto-populate (spec §3): render a page of the site, find its recurring structures and propose
 * definitions, which the user picks, renames and adds.
 */
export function AutoPopulatePanel({ siteId, domain, noun, existingKeys, onAccepted, initial }: AutoPopulatePanelProps) {
  const toasts = useToasts();
  const ap = useAutoPopulate(siteId, initial);
  const [url, setUrl] = useState<string | null>(null);
  const [selector, setSelector] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const state = ap.state;
  // Until the user types, the fields show the last job's inputs (or a page of the site).
  const urlValue = url ?? (state?.url || defaultPageUrl(domain));
  const selectorValue = selector ?? state?.selector ?? "";

  async function start(e: FormEvent) {
    e.preventDefault();
    setStartError(null);
    const parsed = autoPopulateRequestSchema.safeParse({
      url: urlValue,
      selector: selectorValue,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message])));
      return;
    }
    setErrors({});
    setStarting(true);
    try {
      await ap.start(parsed.data.url, parsed.data.selector);
    } catch (err) {
      const fields = Object.fromEntries(issuesFromDetails(err instanceof ApiRequestError ? err.details : undefined).map((i) => [i.path, i.message]));
      setErrors(fields);
      setStartError(err instanceof ApiRequestError ? err.error : AUTO_POPULATE_TEXTS.startFailed);
    } finally {
      setStarting(false);
    }
  }

  const running = state?.isAutoPopulating ?? false;
  return (
    <Card className="mb-6">
      <section aria-labelledby="auto-populate-title" className="space-y-4">
        <div>
          <h2 id="auto-populate-title" className="text-lg font-semibold">
            {AUTO_POPULATE_TEXTS.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{AUTO_POPULATE_TEXTS.description(noun)}</p>
          {/* Status changes are announced politely; the progress bar itself is not re-read on every tick. */}
          <div aria-live="polite" className="sr-only">
            {state && state.status !== "idle" ? AUTO_POPULATE_STATUS_LABELS[state.status] : ""}
          </div>
        </div>
        <form onSubmit={start} noValidate className="grid grid-cols-1 items-start gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]" aria-label={AUTO_POPULATE_TEXTS.title}>
          <TextField
            label={AUTO_POPULATE_TEXTS.url}
            type="url"
            inputMode="url"
            value={urlValue}
            onChange={(e) => setUrl(e.target.value)}
            error={errors.url}
            disabled={running}
            className="font-mono"
          />
          <TextField
            label={AUTO_POPULATE_TEXTS.selector}
            value={selectorValue}
            onChange={(e) => setSelector(e.target.value)}
            error={errors.selector}
            hint={AUTO_POPULATE_TEXTS.selectorHint}
            disabled={running}
            className="font-mono"
          />
          <div className="md:pt-6">
            <Button type="submit" loading={starting || running} className="w-full md:w-auto">
              {AUTO_POPULATE_TEXTS.start(noun)}
            </Button>
          </div>
        </form>
        {startError ? <ErrorState message={startError} /> : null}
        {ap.error ? <ErrorState message={ap.error} onRetry={ap.retry} /> : null}
        {state && state.status !== "idle" ? <Progress state={state} /> : null}
        {state?.status === "failed" ? <ErrorState message={state.error || AUTO_POPULATE_TEXTS.failed} /> : null}
        {state?.status === "completed" && state.suggestedComponents.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{AUTO_POPULATE_TEXTS.noSuggestions}</p>
        ) : null}
        {(state?.status === "completed" && state.suggestedComponents.length === 0) || state?.status === "failed" ? (
          <div className="flex justify-end">
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                void ap.dismiss().catch(() =>
                  toasts.show({
                    message: AUTO_POPULATE_TEXTS.dismissFailed,
                    type: "error",
                  })
                )
              }
            >
              {AUTO_POPULATE_TEXTS.clear}
            </Button>
          </div>
        ) : null}
        {state?.status === "completed" && state.suggestedComponents.length > 0 ? (
          <SuggestionList
            key={`${state.updatedAt}-${state.suggestedComponents.map((s) => s.id).join(",")}`}
            suggestions={state.suggestedComponents}
            noun={noun}
            existingKeys={existingKeys}
            onAccept={async (items) => {
              await ap.accept(items);
              toasts.show({
                message: AUTO_POPULATE_TEXTS.accepted(items.length, noun),
                type: "success",
              });
              onAccepted();
            }}
            onDismiss={ap.dismiss}
          />
        ) : null}
      </section>
    </Card>
  );
}
