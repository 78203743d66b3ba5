import { spawnSync } from "node:child_process";
import path from "node:path";
import type { TestProject } from "vitest/node";

/** The connection a WordPress test uses, or why there is none. */
export type WordPressConnection = { ci: boolean } & (
  | { restUrl: string; siteUrl: string; username: string; applicationPassword: string; adminPassword: string; error?: undefined }
  | { error: string }
);

/**
 * Starts (or reuses) the real WordPress on loopback for the whole run with scripts/wordpress-setup.mjs
 * and hands its connection to the tests. Processes it started itself are stopped afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = path.resolve(import.meta.dirname, "../..");
  const node = process.execPath;
  const check = spawnSync(node, [path.join(root, "scripts/wordpress-setup.mjs"), "--json"], { encoding: "utf8", cwd: root, timeout: 600_000 });
  const startedHere = /starting (mariadbd|php -S)/.test(check.stderr ?? "");
  let connection: WordPressConnection;
  if (check.status === 0) {
    connection = { ...(JSON.parse(check.stdout.trim().split("\n").pop() ?? "{}") as object), ci: process.env.CI === "true" } as WordPressConnection;
  } else {
    const reason = (check.stderr || check.stdout || check.error?.message || "unknown error").trim().split("\n").slice(-3).join(" ");
    connection = { ci: process.env.CI === "true", error: `WordPress set-up failed (node scripts/wordpress-setup.mjs): ${reason}` };
  }
  project.provide("wordpress", connection);
  return async () => {
    if (startedHere) spawnSync(node, [path.join(root, "scripts/wordpress-stop.mjs")], { cwd: root });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    wordpress: WordPressConnection;
  }
}
