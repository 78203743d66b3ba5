import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect, inject, vi } from "vitest";
import type { RunEvent } from "../../workers/contracts/run-events";
import { MigrationRun } from "../../workers/runs/migration-run";
import type { MigrationPipeline, PipelineContext } from "../../workers/runs/pipeline";
import { runStub } from "../../workers/runs/stub";
import { call, newOwner } from "../helpers";

export const origin = inject("fixtureOrigin");
export const host = new URL(origin).host;

export const COMPONENTS = {
  hero: { name: "Hero", selector: ".hero", fields: [] },
  card: { name: "Card", selector: ".cards .card", fields: [] },
  richText: { name: "Rich text", selector: ".rich-text", fields: [] },
};
export const TEMPLATES = { page: { name: "Page", urlPattern: "/*", areas: ["main"], fields: [] } };

export interface TestSite {
  token: string;
  org: string;
  siteId: string;
}

/** An owner with a site on the fixture origin, configured for Magnolia with templates and components. */
export async function fixtureSite(settings: Record<string, unknown> = {}, config: Record<string, unknown> = {}): Promise<TestSite> {
  const owner = await newOwner("runner");
  const created = await call("POST", "/sites", { token: owner.token, org: owner.orgId, body: { name: "Fixture site", domain: host } });
  expect(created.status).toBe(201);
  const siteId = created.json.site.id as string;
  const saved = await call("PUT", `/site-config/${siteId}`, {
    token: owner.token,
    org: owner.orgId,
    body: { platform: "magnolia", templates: TEMPLATES, components: COMPONENTS, settings, ...config },
  });
  expect(saved.status).toBe(200);
  return { token: owner.token, org: owner.orgId, siteId };
}

export interface StreamMessage {
  id: number | null;
  event: RunEvent;
}

/** An event stream from the API, read message by message. */
export class EventReader {
  readonly messages: StreamMessage[] = [];
  private buffer = "";
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  done = false;

  constructor(readonly response: Response) {
    if (!response.body) throw new Error("no body");
    this.reader = response.body.getReader();
  }

  /** The next message, or null when the stream ended; fails after `timeoutMs`. */
  async next(timeoutMs = 30_000): Promise<StreamMessage | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const cut = this.buffer.indexOf("\n\n");
      if (cut >= 0) {
        const block = this.buffer.slice(0, cut);
        this.buffer = this.buffer.slice(cut + 2);
        let id: number | null = null;
        let data = "";
        for (const line of block.split("\n")) {
          if (line.startsWith("id: ")) id = Number(line.slice(4));
          else if (line.startsWith("data: ")) data += line.slice(6);
        }
        if (!data) continue; // retry: and ping comments
        const message = { id, event: JSON.parse(data) as RunEvent };
        this.messages.push(message);
        return message;
      }
      if (this.done) return null;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No stream message within ${timeoutMs} ms; got ${this.messages.map((m) => m.event.type).join(", ")}`);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`No stream data within ${timeoutMs} ms`)), left))),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) this.done = true;
      else this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  /** Reads until a message matches (returned), or throws when the stream ends first. */
  async until(match: (m: StreamMessage) => boolean, timeoutMs = 60_000): Promise<StreamMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const m = await this.next(Math.max(1, deadline - Date.now()));
      if (!m) throw new Error(`Stream ended before the expected event; got ${this.messages.map((x) => x.event.type).join(", ")}`);
      if (match(m)) return m;
    }
  }

  /** Reads to the end of the stream. */
  async rest(timeoutMs = 60_000): Promise<StreamMessage[]> {
    const deadline = Date.now() + timeoutMs;
    while (await this.next(Math.max(1, deadline - Date.now())));
    return this.messages;
  }

  async cancel(): Promise<void> {
    await this.reader.cancel().catch(() => {});
  }
}

/** A raw API request (for streams and binary bodies). */
export async function rawCall(method: string, path: string, site: { token: string; org: string }, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${site.token}`, "X-Organization-Id": site.org, ...init.headers };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  return (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost/api/v1${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Starts a run and returns its event stream and id (from the first event). */
export async function startRun(site: TestSite, body: Record<string, unknown> = {}): Promise<{ stream: EventReader; migrationId: string }> {
  const res = await rawCall("POST", "/migration/start", site, { body: { siteId: site.siteId, ...body } });
  if (res.status !== 200) throw new Error(`start failed: ${res.status} ${await res.text()}`);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const stream = new EventReader(res);
  const first = await stream.next();
  if (!first) throw new Error("empty stream");
  return { stream, migrationId: first.event.migrationId };
}

/** Waits until the run is over (its result says so), polling the API. */
export async function waitForEnd(site: TestSite, migrationId: string, timeoutMs = 90_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call("GET", `/migration/result/${migrationId}`, { token: site.token, org: site.org });
    if (!["running", "processing"].includes(res.json.status)) return res.json;
    if (Date.now() > deadline) throw new Error(`run still ${res.json.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Waits until no alarm of the run's object is working (a cancelled run may still be finishing a page). */
export async function waitUntilIdle(migrationId: string, timeoutMs = 30_000): Promise<void> {
  const stub = runStub(env, migrationId);
  const deadline = Date.now() + timeoutMs;
  while ((await stub.describe())?.busy) {
    if (Date.now() > deadline) throw new Error("the run object is still busy");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Kills a run's object the way a crash or a restart does: in-memory state, open streams and the alarm
 * in progress are gone; storage and the scheduled alarm survive. Only this object is affected, unlike
 * abortAllDurableObjects, which would also abort other test files' runs and the browser binding's
 * session objects.
 */
export async function killObject(migrationId: string): Promise<void> {
  await runInDurableObject(runStub(env, migrationId), (_run, state) => state.abort("killed by the test")).catch(() => {});
}

/** Request counts the fixture server saw, by path and query. */
export async function fixtureHits(): Promise<Record<string, number>> {
  return (await (await fetch(`${origin}/__hits`)).json()) as Record<string, number>;
}

/** A unique query tag, so parallel tests count their own requests. */
export function tag(): string {
  return crypto.randomUUID().slice(0, 8);
}

/**
 * Gives the runs of one site the pipeline `factory` returns (null: no pipeline) in place of the
 * Worker's composition (workers/compose.ts); other sites keep theirs. Returns the undo.
 */
export function usePipeline(
  siteId: string,
  factory: (ctx: PipelineContext) => MigrationPipeline<unknown> | null | Promise<MigrationPipeline<unknown> | null>,
): () => void {
  const composed = MigrationRun.prototype.pipeline;
  const spy = vi.spyOn(MigrationRun.prototype, "pipeline").mockImplementation(function (this: MigrationRun) {
    const { site, options } = this.config;
    return site.siteId === siteId ? Promise.resolve(factory({ env: this.bindings, site, options })) : composed.call(this);
  });
  return () => spy.mockRestore();
}
