/** Business constants (spec §9). */
export const CONSTANTS = {
  meTimeoutMs: 7000,
  meCacheMs: 30_000,
  notificationPollMs: 30_000,
  sessionExpiredSuppressMs: 5000,
  migrationToastBaseMs: 3200,
  migrationToastPerCharMs: 40,
  migrationToastMinMs: 2500,
  migrationToastMaxMs: 7000,
  toastFadeMs: 800,
  generalToastMs: 5000,
  toastDuplicateWindowMs: 10_000,
  logsRefetchDelayMs: 500,
  /** While a run streams, how often its logs are refetched at most. */
  liveLogsIntervalMs: 2_000,
  userSearchMinChars: 3,
  projectSearchAbove: 5,
  connectionErrorPillMs: 3000,
  defaultApiBase: "/api",
  cacheTtl: { siteConfig: 60_000, platform: 5 * 60_000, systemNotification: 30_000, default: 30_000 },
} as const;
