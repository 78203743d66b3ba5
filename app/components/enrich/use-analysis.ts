import { useCallback, useEffect, useRef, useState } from "react";
import type { EnrichAnalysisDto } from "../../../workers/contracts/enrich";
import { useApi, useToasts } from "~/components/app/app-context";
import { ApiRequestError } from "~/lib/api-client";
import { ENRICH_TEXTS } from "./texts";

/** How often a screen asks how a queued or running analysis is doing. */
export const ANALYSIS_POLL_MS = 1_500;

const working = (a: EnrichAnalysisDto | null | undefined) => a?.status === "queued" || a?.status === "running";

/**
 * The project's analysis as a job: `start` asks for one (the API queues it and answers at once), then
 * the hook follows it (GET /sites/{siteId}/enrich/analysis) until it ends, says how it ended, and calls
 * `onDone` so the screen shows the new audit. A job already under way when the screen opens (another
 * tab, a reload) is followed the same way.
 */
export function useAnalysisJob(siteId: string, current: EnrichAnalysisDto | null | undefined, onDone: () => void) {
  const api = useApi();
  const toasts = useToasts();
  const [following, setFollowing] = useState<string | null>(working(current) ? current!.requestedAt : null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (working(current) && following === null) setFollowing(current!.requestedAt);
  }, [current, following]);

  useEffect(() => {
    if (following === null) return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const { analysis } = await api.get<{ analysis: EnrichAnalysisDto | null }>(`/v1/sites/${siteId}/enrich/analysis`, { fresh: true });
        if (stopped || working(analysis)) return;
        stopped = true;
        clearInterval(timer);
        setFollowing(null);
        if (analysis?.status === "failed") toasts.show({ message: analysis.error ?? "Could not analyse the pages", type: "error" });
        else toasts.show({ message: ENRICH_TEXTS.analysed, type: "success" });
        done.current();
      } catch {
        // A failed poll is asked again at the next tick; the session rules of the API client still apply.
      }
    }, ANALYSIS_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [api, following, siteId, toasts]);

  const start = useCallback(async () => {
    try {
      const { analysis } = await api.post<{ analysis: EnrichAnalysisDto }>(`/v1/sites/${siteId}/enrich/analyse`, {});
      setFollowing(analysis.requestedAt);
    } catch (err) {
      toasts.show({ message: err instanceof ApiRequestError ? err.error : "Could not analyse the pages", type: "error" });
    }
  }, [api, siteId, toasts]);

  return { start, running: following !== null };
}
