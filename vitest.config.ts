import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import type { Plugin } from "esbuild";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { splitByRuntimeEnv } from "./test/runtime-env-files";

/**
 * sanitize-html loads postcss, whose file and source-map helpers require Node modules that its
 * `browser` field maps to stubs; each stub warns on access at load time. sanitize-html never uses those
 * helpers, so they are bundled as empty modules instead (wrangler's esbuild bundle needs nothing).
 */
const emptyPostcssNodeDeps: Plugin = {
  name: "empty-postcss-node-deps",
  setup(build) {
    build.onResolve({ filter: /^(path|url|fs|source-map-js)$/ }, (args) =>
      /[\\/]postcss[\\/]lib[\\/]/.test(args.importer) ? { path: args.path, namespace: "empty-postcss-node-dep" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "empty-postcss-node-dep" }, () => ({ contents: "module.exports = {};", loader: "js" }));
  },
};

/**
 * @cloudflare/puppeteer imports Node built-ins (`node:buffer`, and `path` and `fs/promises` only inside
 * functions the product never calls); pre-bundled, they stay imports of workerd's own modules.
 */
const puppeteerNodeBuiltins: Plugin = {
  name: "puppeteer-node-builtins",
  setup(build) {
    build.onResolve({ filter: /^(node:)?(buffer|path|fs\/promises)$/ }, (args) =>
      /[\\/]@cloudflare[\\/]puppeteer[\\/]/.test(args.importer) ? { path: args.path.startsWith("node:") ? args.path : `node:${args.path}`, external: true } : undefined,
    );
  },
};

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  const root = fileURLToPath(new URL(".", import.meta.url));
  const files = splitByRuntimeEnv(root);
  return {
    plugins: [
      cloudflareTest({
        main: "./workers/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // The suites sign in and up far more often than a person would, all from one address: the rate
          // limits are raised here, and test/api/rate-limits.test.ts shows the strict ones at work.
          bindings: { TEST_MIGRATIONS: migrations, ENVIRONMENT: "development", EGRESS_ALLOW_PRIVATE: "true", RATE_LIMIT_MULTIPLIER: "1000" },
        },
      }),
    ],
    // The app's own import alias (tsconfig "paths"), so render tests can load its components.
    resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
    test: {
      // Two projects in the same workerd pool: files that reach `cloudflare:test` get the D1 migrations
      // (test/setup.ts) and load the Worker; the others skip both, which is 7 to 15 s per file
      // (test/runtime-env-files.ts).
      projects: [
        { extends: true as const, test: { name: "worker", include: files.runtimeEnv, setupFiles: ["./test/setup.ts"] } },
        { extends: true as const, test: { name: "modules", include: files.plain } },
      ],
      // Serves the fixture website on loopback for the migration engine's tests (real browser).
      // Also starts a real WordPress on loopback for the WordPress target tests (scripts/wordpress-setup.mjs).
      // And a real OpenID provider (oidc-provider) on loopback for the sign-in tests.
      globalSetup: ["./test/fixtures/site/global-setup.ts", "./test/targets/wordpress-global-setup.ts", "./test/fixtures/oidc/global-setup.ts"],
      testTimeout: 30_000,
      // Vitest's default is one worker less than the CPUs: on a 2-CPU machine, one file at a time. Most of a
      // file's time is spent waiting (on workerd's start, on Chromium, on the loopback servers), so two at a
      // time take the unit suites from about 16 to about 12 minutes there; larger machines keep the default.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      // workerd's DecompressionStream leaves an internal promise unhandled when its input is not valid gzip,
      // even when the reader catches the error (cloudflare/workerd#6061). The sitemap tests feed it broken
      // gzip on purpose; only these two messages are ignored, and only when they are unhandled rejections.
      onUnhandledError(error: { message?: string; type: string }) {
        const workerdGzipLeak = ["Decompression failed.", "Called close() on a decompression stream with incomplete data"];
        if (error.type === "Unhandled Rejection" && workerdGzipLeak.includes(error.message ?? "")) return false;
      },
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: [
              "@remix-run/cloudflare",
              "@remix-run/server-runtime",
              "cookie",
              "set-cookie-parser",
              "sanitize-html",
              // Each of these is many small modules; pre-bundled, a test file's worker loads one module per package.
              "linkedom",
              "@mozilla/readability",
              "chrono-node",
              "hono",
              "hono/factory",
              "hono/cookie",
              "hono/route",
              "hono/utils/http-status",
              "drizzle-orm",
              "drizzle-orm/sqlite-core",
              "drizzle-orm/d1",
              "zod",
              "fast-xml-parser",
              "yaml",
              "ai",
              "workers-ai-provider",
              "@ai-sdk/openai-compatible",
              "fflate",
              "ipaddr.js",
              "@portabletext/html",
              "@contentful/rich-text-types",
              "@cloudflare/puppeteer",
              "normalize-url",
              "parse-srcset",
            ],
            esbuildOptions: { plugins: [emptyPostcssNodeDeps, puppeteerNodeBuiltins] },
          },
        },
      },
    },
  };
});
