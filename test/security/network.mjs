// The probe's own network: a Linux network namespace with nothing but loopback, where the probe gives
// itself the addresses an attacker would aim at (private, link-local, CGNAT, the IPv6 forms that embed
// 127.0.0.1) and one stand-in public address. A canary listening on every address then sees any request
// that slips through the egress guard, and a fixture site on the public address lets the crawler reach a
// page that redirects to a private one. Nothing leaves the namespace, and nothing in it touches the machine.
import { spawn, spawnSync } from "node:child_process";

/** The marker in the environment of the probe once it runs inside its namespace. */
const INSIDE = "CMS_MIGRATE_SECURITY_NETNS";

/**
 * A public unicast address (outside every block the guard refuses) that exists only inside the
 * namespace: the fixture site the crawler may reach listens here.
 */
export const PUBLIC_ADDRESS = "11.0.0.1";

/** Addresses put on the namespace's loopback so that a request which slips through lands on the canary. */
const LOCAL_ADDRESSES = [
  `${PUBLIC_ADDRESS}/32`,
  "10.0.0.1/32",
  "172.16.0.1/32",
  "192.168.0.1/32",
  "169.254.169.254/32",
  "100.64.0.1/32",
];
const LOCAL_ADDRESSES_V6 = [
  "fd00::1/128",
  "::7f00:1/128", // IPv4-compatible ::127.0.0.1
  "2002:7f00:1::/128", // 6to4 of 127.0.0.1
  "64:ff9b::7f00:1/128", // NAT64 of 127.0.0.1
  "2001:0:4136:e378:8000:63bf:80ff:fffe/128", // Teredo, client 127.0.0.1 (inverted in the last 32 bits)
];

/** Whether this process already runs in the probe's namespace. */
export function insideNamespace() {
  return process.env[INSIDE] === "1";
}

function canUnshare() {
  if (process.platform !== "linux") return false;
  const ip = spawnSync("ip", ["-V"], { stdio: "ignore" });
  if (ip.status !== 0) return false;
  return spawnSync("unshare", ["--net", "true"], { stdio: "ignore" }).status === 0;
}

/**
 * Runs this script again inside a new network namespace and resolves with its exit code, or resolves
 * null when namespaces are not available here (not root, no `unshare` or `ip`).
 */
export function rerunInNamespace(script, args) {
  if (insideNamespace() || !canUnshare()) return Promise.resolve(null);
  const child = spawn("unshare", ["--net", "--", process.execPath, script, ...args], {
    stdio: "inherit",
    env: { ...process.env, [INSIDE]: "1" },
  });
  // The child runs in our process group and gets the terminal's signals itself; a signal sent to this
  // process alone is passed on, once.
  let forwarded = false;
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(sig, () => {
      if (forwarded) return;
      forwarded = true;
      child.kill(sig === "SIGHUP" ? "SIGTERM" : sig);
    });
  }
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 + 15 : 1))));
}

/** Brings up loopback in the namespace and adds the probe's addresses to it. */
export function configureNamespace() {
  const run = (args) => {
    const r = spawnSync("ip", args, { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`ip ${args.join(" ")} failed: ${r.stderr.trim()}`);
  };
  run(["link", "set", "lo", "up"]);
  for (const a of LOCAL_ADDRESSES) run(["addr", "add", a, "dev", "lo"]);
  for (const a of LOCAL_ADDRESSES_V6) run(["-6", "addr", "add", a, "dev", "lo", "nodad"]);
}
