// The bare broadcast Worker of the live-events benchmark (bench/sse/bare), beside the product that
// bench/lib/product.mjs runs.
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../../scripts/setup.mjs";
import { waitForHttp } from "../../scripts/start.mjs";
import { startWrangler } from "../lib/product.mjs";

export { Api, benchPort, ensureBuild, leftoverBrowsers, startProduct, stopWrangler } from "../lib/product.mjs";

/** The bare broadcast Worker on `port`. */
export async function startBare({ port, stateDir, output }) {
  const persistTo = path.join(stateDir, "bare-state");
  const tmpDir = path.join(stateDir, "tmp");
  fs.mkdirSync(tmpDir, { recursive: true });
  const config = path.join(ROOT, "bench/sse/bare/wrangler.toml");
  const child = startWrangler({ port, config, persistTo, tmpDir, output });
  await waitForHttp(`http://127.0.0.1:${port}/clients`, { child, timeoutMs: 120_000 });
  return child;
}
