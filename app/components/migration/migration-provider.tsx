import { createContext, useCallback, useContext, useEffect, useReducer, useRef, useState, type ReactNode } from "react";
import type { ActiveMigrationDto, MigrationLogDto, MigrationResultDto, RunEvent, StartMigrationInput } from "../../../workers/contracts/run-events";
import { useApi, useToasts } from "~/components/app/app-context";
import { ApiRequestError } from "~/lib/api-client";
import { CONSTANTS } from "~/lib/constants";
import { readEventStream } from "~/lib/event-stream";
import { followLive, RECONNECTED_VISIBLE_MS } from "~/lib/live-connection";
import { MESSAGES } from "~/lib/messages";
import { initialMigrationState, isActiveStatus, migrationReducer, type MigrationState } from "~/lib/migration-state";

interface MigrationContextValue {
  state: MigrationState;
  logs: MigrationLogDto[];
  logsError: string | null;
  starting: boolean;
  startError: string | null;
  start: (options: Omit<StartMigrationInput, "siteId">) => Promise<void>;
  cancel: () => Promise<void>;
  refreshLogs: () => void;
}

const MigrationContext = createContext<MigrationContextValue | null>(null);

/**
 * Follows the selected site's migration wherever the user is in the dashboard: on load it reconnects to
 * a running run or fetches a finished run's result; it streams events, resumes a dropped stream with
 * Last-Event-ID, and raises the spec's toasts.
 */
export function MigrationProvider({ siteId, children }: { siteId: string | null; children: ReactNode }) {
  const api = useApi();
  const toasts = useToasts();
  const [state, dispatch] = useReducer(migrationReducer, initialMigrationState);
  const [logs, setLogs] = useState<MigrationLogDto[]>([]);
  const [logsError, setLogsError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const streamRef = useRef<AbortController | null>(null);
  const lastIdRef = useRef<number | null>(null);
  /** The followed run's id (from its events) and whether its final event arrived. */
  const runRef = useRef<{ migrationId: string | null; finished: boolean }>({ migrationId: null, finished: false });

  const refreshLogs = useCallback(() => {
    if (!siteId) return;
    api
      .get<{ logs: MigrationLogDto[] }>(`/v1/migration/logs/${siteId}`, { fresh: true })
      .then((r) => {
        setLogs(r.logs);
        setLogsError(null);
      })
      .catch(() => setLogsError(MESSAGES.fetchMigrationLogs));
  }, [api, siteId]);

  // While a run streams, its logs follow it: refetched at most every LIVE_LOGS_MS, not only at the end.
  const liveLogsRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const followLogs = useCallback(() => {
    if (liveLogsRef.current) return;
    liveLogsRef.current = setTimeout(() => {
      liveLogsRef.current = null;
      refreshLogs();
    }, CONSTANTS.liveLogsIntervalMs);
  }, [refreshLogs]);
  useEffect(() => () => {
    if (liveLogsRef.current) clearTimeout(liveLogsRef.current);
  }, []);

  const onEvent = useCallback(
    (event: RunEvent, id: number | null) => {
      if (id !== null) lastIdRef.current = id;
      runRef.current = { migrationId: event.migrationId, finished: runRef.current.finished || ["complete", "error", "cancelled"].includes(event.type) };
      dispatch({ type: "event", event, id });
      if (event.type === "progress") followLogs();
      if (event.type === "complete") toasts.show({ message: MESSAGES.migrationCompleted, type: "success", kind: "migration" });
      if (event.type === "error" && event.status === "failed") {
        toasts.show({ message: MESSAGES.migrationErrorToast, type: "error", kind: "migration", onClick: () => window.location.assign("/migration") });
      }
    },
    [toasts, followLogs],
  );

  /** Reads a stream response to its end, then refetches the logs after 500 ms (spec §7). */
  const consume = useCallback(
    async (res: Response, controller: AbortController) => {
      if (!res.body) return;
      try {
        await readEventStream(res.body, (m) => onEvent(m.data as RunEvent, m.id));
      } finally {
        if (!controller.signal.aborted) setTimeout(refreshLogs, CONSTANTS.logsRefetchDelayMs);
      }
    },
    [onEvent, refreshLogs],
  );

  /** Opens the run's stream, resuming after the last event seen. */
  const openStream = useCallback(
    async (migrationId: string, signal: AbortSignal) => {
      const headers = api.headers({ Accept: "text/event-stream" });
      if (lastIdRef.current !== null) headers["Last-Event-ID"] = String(lastIdRef.current);
      const res = await fetch(`${api.base}/v1/migration/stream/${migrationId}`, { headers, signal });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { error?: string };
        throw new ApiRequestError(res.status, body.error ?? res.statusText);
      }
      return res;
    },
    [api],
  );

  /**
   * Follows a run's stream (`opened`, or a new one) until its final event, reconnecting when it drops
   * while the run works; the spec's toast comes only when reconnecting fails for good.
   */
  const follow = useCallback(
    async (migrationId: string | null, controller: AbortController, opened?: Response) => {
      runRef.current = { migrationId, finished: false };
      await followLive({
        opened,
        signal: controller.signal,
        open: (signal) => {
          const id = runRef.current.migrationId;
          if (!id) throw new Error(MESSAGES.liveStreamClosed);
          return openStream(id, signal);
        },
        read: (res) => consume(res, controller),
        finished: () => runRef.current.finished,
        lastId: () => lastIdRef.current,
        onConnection: (connection) => dispatch({ type: "connection", connection }),
        onGiveUp: (reason) => toasts.show({ message: MESSAGES.reconnectFailed(reason), type: "error", kind: "migration" }),
      });
    },
    [openStream, consume, toasts],
  );

  const followRun = useCallback(
    async (migrationId: string) => {
      streamRef.current?.abort();
      const controller = new AbortController();
      streamRef.current = controller;
      const untrack = api.track(controller);
      try {
        await follow(migrationId, controller);
      } finally {
        untrack();
      }
    },
    [api, follow],
  );

  // "Reconnected" shows for a few seconds, then the status fades.
  useEffect(() => {
    if (state.connection !== "reconnected") return;
    const timer = setTimeout(() => dispatch({ type: "connection", connection: "live" }), RECONNECTED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [state.connection]);

  // On load (and when the project changes): reconnect to a live run, or fetch a finished run's result.
  useEffect(() => {
    dispatch({ type: "reset" });
    setLogs([]);
    lastIdRef.current = null;
    if (!siteId) return;
    let cancelled = false;
    refreshLogs();
    api
      .get<ActiveMigrationDto>(`/v1/migration/active/${siteId}`, { fresh: true })
      .then(async (active) => {
        if (cancelled) return;
        dispatch({ type: "active", active });
        if (isActiveStatus(active.status)) void followRun(active.migrationId);
        else if (active.status === "completed") {
          const result = await api.get<MigrationResultDto>(`/v1/migration/result/${active.migrationId}`, { fresh: true });
          if (!cancelled) dispatch({ type: "result", result });
        }
      })
      .catch(() => {
        /* 'No active migration found' (404) is expected and silent */
      });
    return () => {
      cancelled = true;
      streamRef.current?.abort();
    };
  }, [api, siteId, followRun, refreshLogs]);

  const start = useCallback(
    async (options: Omit<StartMigrationInput, "siteId">) => {
      if (!siteId) {
        setStartError(MESSAGES.noSiteSelected);
        return;
      }
      setStarting(true);
      setStartError(null);
      streamRef.current?.abort();
      const controller = new AbortController();
      streamRef.current = controller;
      const untrack = api.track(controller);
      lastIdRef.current = null;
      // The previous run's lines are not this run's: the panel starts empty and follows the new run.
      setLogs([]);
      try {
        const res = await fetch(`${api.base}/v1/migration/start`, {
          method: "POST",
          headers: api.headers({ "Content-Type": "application/json", Accept: "text/event-stream" }),
          body: JSON.stringify({ siteId, ...options }),
          signal: controller.signal,
        });
        if (!res.ok) {
          const body = (await res.json().catch(() => ({}))) as { error?: string };
          if (res.status === 401) window.dispatchEvent(new CustomEvent("auth:expired"));
          throw new ApiRequestError(res.status, body.error ?? MESSAGES.migrationFailed);
        }
        dispatch({ type: "started" });
        setStarting(false);
        await follow(null, controller, res);
      } catch (err) {
        if (controller.signal.aborted) return;
        setStartError(err instanceof ApiRequestError ? err.error : MESSAGES.migrationFailed);
      } finally {
        setStarting(false);
        untrack();
      }
    },
    [api, siteId, follow],
  );

  const cancel = useCallback(async () => {
    if (!state.migrationId) {
      toasts.show({ message: MESSAGES.noActiveMigrationToCancel, type: "error", kind: "migration" });
      return;
    }
    try {
      await api.post(`/v1/migration/cancel/${state.migrationId}`);
      dispatch({ type: "cancelled" });
      toasts.show({ message: MESSAGES.migrationCancelled, type: "success", kind: "migration" });
    } catch (err) {
      const notFound = err instanceof ApiRequestError && err.status === 404;
      toasts.show({ message: notFound ? MESSAGES.noActiveMigrationToCancel : MESSAGES.cancelMigrationFailed, type: "error", kind: "migration" });
    }
  }, [api, state.migrationId, toasts]);

  return (
    <MigrationContext.Provider value={{ state, logs, logsError, starting, startError, start, cancel, refreshLogs }}>{children}</MigrationContext.Provider>
  );
}

export function useMigration(): MigrationContextValue {
  const ctx = useContext(MigrationContext);
  if (!ctx) throw new Error("useMigration outside MigrationProvider");
  return ctx;
}
