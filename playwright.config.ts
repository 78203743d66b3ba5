import { defineConfig } from "@playwright/test";

const CI = !!process.env.CI;

export default defineConfig({
  testDir: "test/e2e",
  // E2E_OUTPUT_DIR keeps two local runs from clearing each other's artifacts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  // One server with one database: tests share state, so they run one at a time.
  workers: 1,
  fullyParallel: false,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  reporter: "list",
  use: {
    // `npm run test:e2e` starts a fresh server and sets BASE_URL; the default targets `npm start`.
    baseURL: process.env.BASE_URL ?? "http://localhost:8787",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      // Debian's Chromium: Playwright's own browser downloads are never used.
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // Fail closed on outbound network: every non-loopback request is sent to a proxy that does
        // not exist, while Chromium always bypasses proxies for localhost/127.0.0.1/[::1].
        "--proxy-server=http://127.0.0.1:9",
      ],
    },
  },
});
