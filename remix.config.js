import { writeHelpModule } from "./scripts/help-content.mjs";

// The help and docs pages read content/help/*.md through a generated module: compile it before every build.
writeHelpModule();

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // A route's server code lives beside it in `<route>.server.ts` (loaders and actions), which is not a route itself.
  ignoredRouteFiles: ["**/.*", "**/*.test.*", "**/*.server.*"],
  serverConditions: ["workerd", "worker", "browser"],
  serverMainFields: ["browser", "module", "main"],
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  serverDependenciesToBundle: "all",
  // sanitize-html (the one HTML sanitizer on the server) requires postcss, which requires these
  // modules; postcss reads files only for source maps, which the sanitizer never asks for.
  serverNodeBuiltinsPolyfill: { modules: { path: true, url: true, fs: "empty" } },
  serverMinify: false,
  serverBuildPath: "build/index.js",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
