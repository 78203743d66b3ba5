import { useCallback, useEffect, useRef, useState } from "react";
import type { ComponentDefinition } from "../../../workers/contracts/definitions";
import type { AutoPopulateState, DefinitionsResponse } from "../../../workers/contracts/mapping";
import { useApi } from "~/components/app/app-context";
import { ApiRequestError } from "~/lib/api-client";
import type { LoadedSection } from "~/lib/dashboard-context";
import { AUTO_POPULATE_POLL_MS, AUTO_POPULATE_TEXTS } from "./texts";

export interface AcceptItem {
  id: string;
  key: string;
  definition: ComponentDefinition;
}

export interface AutoPopulate {
  state: AutoPopulateState | null;
  /** Reading the state failed (first load or while polling); `retry` reads it again. */
  error: string | null;
  retry: () => void;
  start: (url: string, selector: string) => Promise<AutoPopulateState>;
  accept: (items: AcceptItem[]) => Promise<DefinitionsResponse<ComponentDefinition>>;
  dismiss: () => Promise<void>;
}

function message(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError ? err.error : fallback;
}

/**
 * The auto-populate state of a site (spec §3: status, progress, suggestedComponents, isAutoPopulating,
 * url, selector). The screen's loader read it (`initial`); while a job runs, one started earlier (another
 * tab, a reload) included, the state is read again every second, bypassing the GET cache.
 */
export function useAutoPopulate(siteId: string, initial: LoadedSection<AutoPopulateState>): AutoPopulate {
  const api = useApi();
  const base = `/v1/sites/${encodeURIComponent(siteId)}/auto-populate`;
  const [state, setState] = useState<AutoPopulateState | null>(initial.data);
  const [error, setError] = useState<string | null>(initial.error);
  const [tick, setTick] = useState(0);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const read = useCallback(async () => {
    try {
      const next = await api.get<AutoPopulateState>(base, { fresh: true });
      if (!alive.current) return;
      setState(next);
      setError(null);
    } catch (err) {
      if (alive.current) setError(message(err, AUTO_POPULATE_TEXTS.pollFailed));
    }
  }, [api, base]);

  // The loader's answer is the first state: the state is read again on retry only.
  useEffect(() => {
    if (tick > 0) void read();
  }, [read, tick]);

  // Each new state schedules the next read while the job runs; a failed read stops until retry.
  useEffect(() => {
    if (!state?.isAutoPopulating || error) return;
    const timer = setTimeout(() => void read(), AUTO_POPULATE_POLL_MS);
    return () => clearTimeout(timer);
  }, [state, error, read]);

  return {
    state,
    error,
    retry: () => {
      setError(null);
      setTick((t) => t + 1);
    },
    start: async (url, selector) => {
      const next = await api.post<AutoPopulateState>(base, { url, selector });
      if (alive.current) {
        setState(next);
        setError(null);
      }
      return next;
    },
    accept: async (items) => {
      const res = await api.post<DefinitionsResponse<ComponentDefinition>>(`${base}/accept`, { suggestions: items });
      await read();
      return res;
    },
    dismiss: async () => {
      const next = await api.del<AutoPopulateState>(base);
      if (alive.current) setState(next);
    },
  };
}
