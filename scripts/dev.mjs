#!/usr/bin/env node
// Development: `remix watch` rebuilds build/ on change and `wrangler dev --live-reload` serves it on
// http://localhost:8787, reloading open pages. `npm run dev` runs setup first.
import { spawn, spawnSync } from "node:child_process";
import readline from "node:readline";
import { ROOT, checkNode, pkgFile } from "./setup.mjs";
import { PORT, banner, exitCodeOf, forwardSignals, isPortFree, spawnWrangler, stopProcess, waitForHttp } from "./start.mjs";

const remixCli = pkgFile("@remix-run/dev", "dist/cli.js");

function prefixed(child, tag) {
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on("line", (line) => console.log(`${tag} ${line}`));
  }
  return child;
}

async function main() {
  checkNode();
  if (!(await isPortFree(PORT))) {
    console.error(`[dev] port ${PORT} is already in use (is another server running?). Stop it and try again.`);
    process.exit(1);
  }
  // wrangler bundles workers/index.ts, which imports build/index.js: it must exist before wrangler starts.
  console.log("[dev] remix build");
  const build = spawnSync(process.execPath, [remixCli, "build"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);

  const remix = prefixed(
    spawn(process.execPath, [remixCli, "watch"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] }),
    "[remix]",
  );
  const wrangler = prefixed(
    spawnWrangler({ extra: ["--live-reload"] }, { stdio: ["ignore", "pipe", "pipe"] }),
    "[wrangler]",
  );
  const children = [remix, wrangler];
  forwardSignals(children, "[dev]");

  let exiting = false;
  for (const child of children) {
    child.on("exit", async () => {
      if (exiting) return;
      exiting = true;
      const name = child === remix ? "remix watch" : "wrangler dev";
      console.log(`[dev] ${name} exited (code ${exitCodeOf(child)}); stopping the other process`);
      await Promise.all(children.filter((c) => c !== child).map((c) => stopProcess(c, { graceMs: 30_000 })));
      process.exit(exitCodeOf(child));
    });
  }

  try {
    await waitForHttp(`http://127.0.0.1:${PORT}/`, { child: wrangler, timeoutMs: 180_000 });
    banner("[dev]", `http://localhost:${PORT}`);
  } catch (err) {
    console.error(`[dev] ${err.message}`);
  }
}

main();
