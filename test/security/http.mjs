// The probe's HTTP client: every answer is kept (the secrets check greps them all), and every answer's
// security headers and, for errors, the API's error shape are checked as it arrives.

/** The headers every response must carry, and what makes each one right. */
const REFERRER_POLICIES = new Set(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]);
export const SECURITY_HEADERS = {
  "content-security-policy": (v) => {
    const directives = new Map(
      v.split(";").map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name.toLowerCase(), values]),
    );
    const scripts = directives.get("script-src") ?? directives.get("default-src") ?? [];
    if (!scripts.some((s) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(s))) return "script-src has no nonce";
    if (scripts.includes("'unsafe-inline'") || scripts.includes("'unsafe-eval'") || scripts.includes("*")) return `script-src too open: ${scripts.join(" ")}`;
    if (!(directives.get("object-src") ?? []).includes("'none'")) return "object-src is not 'none'";
    const ancestors = directives.get("frame-ancestors") ?? [];
    if (!ancestors.length || ancestors.some((a) => a !== "'none'" && a !== "'self'")) return `frame-ancestors ${ancestors.join(" ") || "missing"}`;
    return null;
  },
  "x-content-type-options": (v) => (v.toLowerCase() === "nosniff" ? null : `is ${v}`),
  "referrer-policy": (v) => (REFERRER_POLICIES.has(v.toLowerCase()) ? null : `is ${v}`),
  "x-frame-options": (v) => (/^(deny|sameorigin)$/i.test(v) ? null : `is ${v}`),
  "permissions-policy": (v) => (/\bcamera=\(\)/.test(v) && /\bgeolocation=\(\)/.test(v) && /\bmicrophone=\(\)/.test(v) ? null : `does not deny camera, geolocation and microphone: ${v}`),
};

/** What is wrong with a response's security headers: one line per header, empty when all are right. */
export function headerProblems(headers) {
  const out = [];
  for (const [name, check] of Object.entries(SECURITY_HEADERS)) {
    const value = headers.get(name);
    const problem = value === null ? "missing" : check(value);
    if (problem) out.push(`${name} ${problem}`);
  }
  return out;
}

/**
 * What is wrong with an API error's body (ARCHITECTURE rule 4): JSON `{ error: string, details?: unknown }`
 * and nothing else; a 5xx says no more than its message. Null when the answer is not an error or is right.
 */
export function errorShapeProblem(res) {
  if (res.status < 400) return null;
  if (!/^application\/json\b/i.test(res.contentType)) return `content-type "${res.contentType}"`;
  const body = res.json;
  if (body === undefined) return "body is not JSON";
  if (body === null || typeof body !== "object" || Array.isArray(body)) return "body is not an object";
  if (typeof body.error !== "string" || body.error.trim() === "") return "no error message";
  const extra = Object.keys(body).filter((k) => k !== "error" && k !== "details");
  if (extra.length) return `unexpected fields ${extra.join(", ")}`;
  if (res.status >= 500 && (body.details !== undefined || /\bat .+:\d+:\d+|Error:/.test(body.error))) return "a 5xx says more than its message";
  return null;
}

/**
 * What `wrangler dev`'s own proxy answers when its connection to the Worker breaks (a known fault of the
 * local dev server, cloudflare/workers-sdk#15451): a bare 500 in plain text, without any header the
 * product sets. The product never answers it; the probe's server log then has no error of the Worker.
 */
const DEV_PROXY_LOST = "Error: Network connection lost.";
/** Requests the dev server's proxy answered so and that were sent again: listed in the summary, never hidden. */
export const devProxyRetries = [];

export async function isDevProxyFailure(res) {
  if (res.status !== 500 || res.headers.has("content-security-policy") || !/^text\/plain/i.test(res.headers.get("content-type") ?? "")) return false;
  return (await res.clone().text()).trim() === DEV_PROXY_LOST;
}

/** An API client that keeps every answer. */
/**
 * fetch, sent again once when the kept-alive connection it went out on turned out closed by the server
 * (undici reports "other side closed" or a reset before any answer): the request never reached the
 * Worker. Sent again once, too, when the dev server's proxy answered for a Worker it lost (above). Any
 * other failure, or a second one, is thrown with its cause in the message.
 */
async function fetchOnce(url, init) {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(url, init);
      if (attempt === 1 && !(init.body instanceof ReadableStream) && (await isDevProxyFailure(res))) {
        devProxyRetries.push(`${init.method ?? "GET"} ${new URL(url).pathname}`);
        continue;
      }
      return res;
    } catch (err) {
      const cause = err?.cause;
      const closed = cause && (cause.code === "UND_ERR_SOCKET" || cause.code === "ECONNRESET");
      if (attempt === 1 && closed && !init.signal?.aborted) continue;
      if (cause && err instanceof TypeError) throw new TypeError(`${err.message} (${init.method} ${url}): ${cause.code ?? ""} ${cause.message ?? cause}`, { cause });
      throw err;
    }
  }
}

export class Client {
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
    /** Every answer: method, path, status and body bytes. */
    this.answers = [];
    this.headerChecks = 0;
    this.headerViolations = [];
    this.shapeChecks = 0;
    this.shapeViolations = [];
  }

  /**
   * Sends a request to the Worker. `token` becomes the bearer header, `org` the X-Organization-Id;
   * `body` is sent as JSON, `raw` as it is (with `contentType`). An event stream is read for
   * `streamMs` (or until it ends) and then dropped.
   */
  async call(method, path, { token, org, body, raw, contentType, headers = {}, timeoutMs = 30_000, streamMs = 1500, redirect = "manual" } = {}) {
    const h = { ...headers };
    if (token) h.Authorization = `Bearer ${token}`;
    if (org) h["X-Organization-Id"] = org;
    let payload;
    if (raw !== undefined) {
      payload = raw;
      if (contentType !== null) h["Content-Type"] = contentType ?? "application/json";
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      h["Content-Type"] = "application/json";
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`${method} ${path} took longer than ${timeoutMs} ms`)), timeoutMs);
    try {
      const response = await fetchOnce(this.baseUrl + path, { method, headers: h, body: payload, redirect, signal: controller.signal });
      const contentType = response.headers.get("content-type") ?? "";
      const bytes = /text\/event-stream/i.test(contentType) ? await readFor(response, streamMs, controller) : Buffer.from(await response.arrayBuffer());
      const text = bytes.toString("utf8");
      let json;
      if (/json/i.test(contentType)) {
        try {
          json = JSON.parse(text);
        } catch {}
      }
      const res = { method, path, status: response.status, headers: response.headers, contentType, bytes, text, json };
      this.answers.push({ method, path, status: res.status, contentType, bytes });
      this.#check(res);
      return res;
    } finally {
      clearTimeout(timer);
    }
  }

  #check(res) {
    const what = `${res.method} ${res.path} (${res.status})`;
    this.headerChecks += Object.keys(SECURITY_HEADERS).length;
    for (const p of headerProblems(res.headers)) this.headerViolations.push(`${what}: ${p}`);
    if (res.path.startsWith("/api/") && res.status >= 400) {
      this.shapeChecks++;
      const p = errorShapeProblem(res);
      if (p) this.shapeViolations.push(`${what}: ${p}: ${res.text.slice(0, 200)}`);
    }
  }

  /** The token of the device the probe's accounts remembered (people.mjs), so a global ADMIN skips the mailed code. */
  deviceToken = null;

  /** Signs in over the API; returns the session token. */
  async login(email, password) {
    const res = await this.call("POST", "/api/v1/auth/login", { body: { email, password, deviceToken: this.deviceToken } });
    if (res.status !== 200 || !res.json?.token) throw new Error(`sign-in of ${email} failed: ${res.status} ${res.text.slice(0, 200)}`);
    return res.json.token;
  }
}

/** Reads an event stream until it ends or `ms` pass, then aborts the request. */
async function readFor(response, ms, controller) {
  const chunks = [];
  const reader = response.body.getReader();
  const deadline = Date.now() + ms;
  try {
    while (Date.now() < deadline) {
      const left = deadline - Date.now();
      const next = await Promise.race([reader.read(), new Promise((r) => setTimeout(() => r(null), left))]);
      if (!next || next.done) break;
      chunks.push(Buffer.from(next.value));
    }
  } catch {
    // The stream broke off: what arrived is kept.
  } finally {
    controller.abort();
    reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks);
}

/** The JSON events of an event-stream body (`data: {...}` lines). */
export function streamEvents(text) {
  const out = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("data:")) continue;
    try {
      out.push(JSON.parse(line.slice(5).trim()));
    } catch {}
  }
  return out;
}

/** Runs `fn` over `items` with at most `limit` at a time; results in order. */
export async function inParallel(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
