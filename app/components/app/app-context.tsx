import { useNavigate } from "@remix-run/react";
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import { createApiClient, type ApiClient } from "~/lib/api-client";
import { APP_EVENTS } from "~/lib/events";
import { MESSAGES } from "~/lib/messages";
import { clearSession, createExpiryNotifier, getToken } from "~/lib/session";
import { STORAGE_KEYS, readLocal } from "~/lib/storage-keys";
import { createToastStore, type ToastStore } from "~/lib/toasts";

interface AppServices {
  api: ApiClient;
  toasts: ToastStore;
}

const AppContext = createContext<AppServices | null>(null);

/** Creates the API client and toast store once per page, and handles session expiry (spec §4). */
export function AppProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const services = useMemo<AppServices>(() => {
    const toasts = createToastStore();
    const notifyExpired = createExpiryNotifier();
    const api = createApiClient({
      getToken,
      getOrganizationId: () => readLocal(STORAGE_KEYS.activeOrganizationId),
      onUnauthorized: () => notifyExpired(),
      warn: (m) => console.warn(m),
    });
    return { api, toasts };
  }, []);

  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    const onExpired = () => {
      services.api.abortAll();
      services.api.clear();
      clearSession();
      services.toasts.suppressAllExcept(MESSAGES.sessionExpired);
      services.toasts.show({ message: MESSAGES.sessionExpired, type: "warning" });
      navigateRef.current("/login?expired=1");
    };
    window.addEventListener(APP_EVENTS.authExpired, onExpired);
    return () => window.removeEventListener(APP_EVENTS.authExpired, onExpired);
  }, [services]);

  return <AppContext.Provider value={services}>{children}</AppContext.Provider>;
}

export function useApp(): AppServices {
  const ctx = useContext(AppContext);
  if (!ctx) throw new Error("useApp outside AppProvider");
  return ctx;
}

export const useApi = () => useApp().api;
export const useToasts = () => useApp().toasts;
