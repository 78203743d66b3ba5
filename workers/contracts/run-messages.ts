/**
 * The spec's texts for migration runs (spec §4, §5, §8). A module of their own, without the schemas of
 * run-events.ts (which re-exports them), so the browser's shared code can show them without loading the validator.
 */
export const MIGRATION_MESSAGES = {
  siteIdRequired: "Site ID is required",
  noTemplates: "No template configurations found for this site",
  noComponents: "No component configurations found for this site",
  noActiveMigration: "No active migration found",
  cancelNotFound: "Could not find active migration to cancel",
  cancelFailed: "Failed to cancel migration",
  cancelled: "Migration cancelled successfully",
  completed: "Migration completed successfully!",
  failed: "Migration failed",
  stuck: "Migration appears to be stuck. You may need to start a new migration.",
  alreadyRunning: "A migration is already running for this site",
  logsFailed: "Failed to fetch migration logs",
  migrationNotFound: "Migration not found",
  snapshotNotFound: "Snapshot not found",
  screenshotNotFound: "Screenshot not found",
  /** Logged when nothing maps the site's snapshots (a site without a target platform). */
  stoppedAfterSnapshots: "This site has no target platform to map its pages to; the run stopped after snapshots.",
  /** Logged when the site's pages are mapped but nothing writes them into the platform. */
  stoppedAfterMapping: "No target writer is available for this site's platform; the run stopped after mapping.",
  /** Spec §8: the site's platform lacks its connection fields (spec §5), so pages are mapped but not written. */
  platformNotConfigured: "Platform connection not configured",
  stoppedNotConfigured:
    "Platform connection not configured: the run stopped after mapping. Complete the connection in Settings and run the migration again to write the pages.",
} as const;
