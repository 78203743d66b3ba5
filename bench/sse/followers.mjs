// SSE followers for the live-events benchmark: each one is a plain HTTP request on its own loopback
// socket (node:http, no pool limit), so a thousand of them are a thousand real connections. Parsing is
// kept cheap (type, id and `at` by pattern) because one Node process reads every follower at once;
// only the last progress event and the final event of each follower are parsed as JSON.
import http from "node:http";
import { percentile } from "../lib/product.mjs";

/**
 * Opens one follower on `url` and resolves once its response headers arrived. The returned record
 * fills in as events come: `ids`, the lag of each event in `lags` (receive time − the event's `at`),
 * the last progress and final events, and `ended` once the stream is over.
 */
export function openFollower(url, headers, { openTimeoutMs = 30_000, lifetimeMs }) {
  return new Promise((resolve, reject) => {
    const follower = { ids: [], lags: [], ats: [], lastProgress: null, final: null, ended: null, error: null };
    let settle;
    follower.ended = new Promise((r) => (settle = r));
    const req = http.get(url, { headers: { Accept: "text/event-stream", ...headers }, agent: false });
    const openTimer = setTimeout(() => req.destroy(new Error(`no answer within ${openTimeoutMs} ms`)), openTimeoutMs);
    const lifeTimer = setTimeout(() => req.destroy(new Error(`still open after ${lifetimeMs} ms`)), lifetimeMs);
    req.on("error", (err) => {
      clearTimeout(openTimer);
      clearTimeout(lifeTimer);
      follower.error ??= err.message;
      reject(err);
      settle();
    });
    req.on("response", (res) => {
      clearTimeout(openTimer);
      if (res.statusCode !== 200) {
        res.resume();
        req.destroy(new Error(`HTTP ${res.statusCode}`));
        return;
      }
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (text) => {
        const now = Date.now();
        buffer += text;
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          receive(follower, block, now);
        }
      });
      res.on("end", () => {
        clearTimeout(lifeTimer);
        settle();
      });
      res.on("error", (err) => {
        follower.error ??= err.message;
      });
      resolve(follower);
    });
  });
}

function receive(follower, block, now) {
  const data = block.indexOf("data: ");
  if (data < 0) return; // retry: and ping comments
  const id = block.startsWith("id: ") ? Number(block.slice(4, block.indexOf("\n"))) : null;
  const json = block.slice(data + 6);
  const type = /^\{"type":"(\w+)"/.exec(json)?.[1];
  const at = /"at":(\d+)\}$/.exec(json)?.[1];
  if (at) {
    follower.lags.push(now - Number(at));
    follower.ats.push(Number(at));
  }
  if (id !== null) follower.ids.push(id);
  if (type === "progress") follower.lastProgress = { id, json };
  else if (type !== "reconnected") follower.final = { id, json };
}

/** Opens `count` followers, `parallel` at a time; every open is bounded by its own timeout. */
export async function openFollowers(count, open, parallel = 100) {
  const followers = [];
  const failures = [];
  for (let i = 0; i < count; i += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - i) }, () => open());
    for (const r of await Promise.allSettled(batch)) {
      if (r.status === "fulfilled") followers.push(r.value);
      else failures.push(r.reason.message);
    }
  }
  return { followers, failures };
}

/** True when the follower's ids have no gap: it received every event from its first to its last. */
export function gotEveryEvent(follower) {
  return follower.ids.every((id, i) => i === 0 || id === follower.ids[i - 1] + 1);
}

/** Events per follower (min, median) and lag percentiles over every event of every follower. */
export function summarise(followers) {
  const counts = followers.map((f) => f.ids.length).sort((a, b) => a - b);
  const lags = new Float64Array(followers.reduce((n, f) => n + f.lags.length, 0));
  let k = 0;
  for (const f of followers) for (const lag of f.lags) lags[k++] = lag;
  lags.sort();
  return {
    followers: followers.length,
    minEvents: counts[0] ?? 0,
    medianEvents: percentile(counts, 50),
    p50: percentile(lags, 50),
    p99: percentile(lags, 99),
    max: lags.at(-1) ?? NaN,
    complete: followers.filter(gotEveryEvent).length,
  };
}

/**
 * Lag over the run's time: per `bucketMs` of the events' server time, from the first event, the events
 * delivered and their lag p50/p99/max. Shows whether the tail is a moment (a burst, the run's end) or
 * the whole run.
 */
export function timeline(followers, bucketMs = 10_000) {
  let start = Infinity;
  for (const f of followers) for (const at of f.ats) if (at < start) start = at;
  const buckets = new Map();
  for (const f of followers) {
    for (let i = 0; i < f.ats.length; i++) {
      const key = Math.floor((f.ats[i] - start) / bucketMs);
      let lags = buckets.get(key);
      if (!lags) buckets.set(key, (lags = []));
      lags.push(f.lags[i]);
    }
  }
  return [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([key, lags]) => {
      lags.sort((a, b) => a - b);
      return { "from s": (key * bucketMs) / 1000, deliveries: lags.length, "lag p50 ms": percentile(lags, 50), "lag p99 ms": percentile(lags, 99), "lag max ms": lags.at(-1) };
    });
}
