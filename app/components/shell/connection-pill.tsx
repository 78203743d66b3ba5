import { useCallback, useEffect, useRef, useState } from "react";
import { isPlatformConfigured, platformMeta } from "../../../workers/contracts/platform-meta";
import type { SiteConfigDto, SiteDto } from "../../../workers/contracts/sites";
import { useApi, useToasts } from "~/components/app/app-context";
import { ApiRequestError } from "~/lib/api-client";
import { CONSTANTS } from "~/lib/constants";
import {
  CONNECTION_PILL_TEXT,
  connectionPillText,
  needsAutoTest,
  readConnectionStatus,
  writeConnectionStatus,
  type ConnectionState,
} from "~/lib/connection-status";
import { MESSAGES } from "~/lib/messages";
import { PillButton } from "~/components/ui/button";

interface TestConnectionResponse {
  success: boolean;
  message?: string;
}

const DOT: Record<ConnectionState, string> = {
  pending: "bg-slate-400",
  not_configured: "bg-slate-400",
  testing: "bg-blue-500 animate-pulse",
  connected: "bg-emerald-500",
  error: "bg-red-500",
};

/**
 * The platform connection status pill of the top bar (spec §2, §4). It tests once per site and
 * platform as soon as the configuration is complete, keeps the result in session storage, and tests
 * again on click (disabled while a test runs).
 */
export function ConnectionPill({ site, config }: { site: SiteDto | null; config: SiteConfigDto | null }) {
  const api = useApi();
  const toasts = useToasts();
  const platform = config?.platform ?? null;
  const displayName = platformMeta(platform)?.displayName ?? platform ?? "";
  const configured = isPlatformConfigured(platform, config?.platformConfig);
  const version = config?.updatedAt ?? null;
  const [state, setState] = useState<ConnectionState>("pending");
  const [failedAt, setFailedAt] = useState<number | null>(null);
  const [message, setMessage] = useState("");
  const [, setTick] = useState(0);
  const running = useRef<string | null>(null);
  const currentKey = useRef("");
  currentKey.current = `${site?.id ?? ""}|${platform ?? ""}`;

  const runTest = useCallback(
    async (manual: boolean) => {
      if (!site) {
        toasts.show({ message: MESSAGES.noSiteSelected, type: "error" });
        return;
      }
      if (!platform || !configured) {
        setState("not_configured");
        if (manual) toasts.show({ message: MESSAGES.platformNotConfigured, type: "error" });
        return;
      }
      const key = `${site.id}|${platform}`;
      if (running.current === key) return;
      running.current = key;
      setState("testing");
      let ok = false;
      let text = "";
      // Whether the server answered. A request that never got an answer (the browser left the page, or the
      // network dropped) says nothing about the platform: it is shown, never stored for other screens.
      let answered = true;
      try {
        const res = await api.post<TestConnectionResponse>(`/v1/platform/${site.id}/test-connection`);
        ok = res.success === true;
        text = res.message ?? "";
      } catch (err) {
        answered = err instanceof ApiRequestError;
        text = err instanceof ApiRequestError ? err.error : err instanceof Error ? err.message : "";
      }
      const timestamp = Date.now();
      const previous = readConnectionStatus(site.id, platform);
      // An automatic failure is announced once per configuration; a click always gets an answer.
      const alreadyToasted = previous?.status === "error" && previous.toastShown && previous.configVersion === version;
      let toastShown = false;
      if (!ok && (manual || !alreadyToasted)) {
        toasts.show({ message: MESSAGES.unableToConnectTo(displayName), type: "error" });
        toastShown = true;
      }
      if (answered) {
        writeConnectionStatus(site.id, platform, {
          status: ok ? "connected" : "error",
          timestamp,
          message: text,
          toastShown: toastShown || (!ok && alreadyToasted),
          configVersion: version,
        });
      }
      running.current = null;
      // The user may have switched project meanwhile; the stored result still counts for the tested one.
      if (currentKey.current !== key) return;
      setState(ok ? "connected" : "error");
      setFailedAt(ok ? null : timestamp);
      setMessage(text);
    },
    [api, toasts, site, platform, configured, version, displayName],
  );

  useEffect(() => {
    if (!site || !platform) return;
    if (!configured) {
      setState("not_configured");
      return;
    }
    const stored = readConnectionStatus(site.id, platform);
    if (stored && stored.configVersion === version) {
      setState(stored.status);
      setFailedAt(stored.status === "error" ? stored.timestamp : null);
      setMessage(stored.message);
    } else {
      setState("pending");
      setFailedAt(null);
      setMessage("");
    }
    if (needsAutoTest(stored, configured, version)) void runTest(false);
    // runTest changes with the same inputs; listing them is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [site?.id, platform, configured, version]);

  // "Unable to connect" shows for 3 s after a failure, then the pill is back to idle.
  useEffect(() => {
    if (state !== "error" || failedAt === null) return;
    const left = failedAt + CONSTANTS.connectionErrorPillMs - Date.now();
    if (left <= 0) return;
    const t = setTimeout(() => setTick((n) => n + 1), left);
    return () => clearTimeout(t);
  }, [state, failedAt]);

  if (!site || !config || !platform) return null;
  const text = connectionPillText(state, failedAt, Date.now());
  // After the 3 s of "Unable to connect" the pill is idle again, dot included.
  const shownState: ConnectionState = state === "error" && text !== CONNECTION_PILL_TEXT.error ? "pending" : state;
  const title =
    state === "testing"
      ? `Testing the connection to ${displayName}`
      : !configured
        ? MESSAGES.platformNotConfigured
        : `${message ? `${message}. ` : ""}Click to test the connection to ${displayName} again`;
  return (
    <PillButton onClick={() => void runTest(true)} disabled={state === "testing"} title={title} data-connection-state={state} className="max-w-[14rem] disabled:cursor-wait">
      <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${DOT[shownState]}`} />
      <span className="hidden truncate text-slate-500 sm:inline dark:text-slate-400">{displayName}</span>
      {/* On a phone the dot alone shows the state; the text stays for screen readers. */}
      <span aria-live="polite" className="sr-only sm:not-sr-only">
        {text}
      </span>
    </PillButton>
  );
}
