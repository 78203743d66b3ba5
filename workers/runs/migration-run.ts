import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/** One migration run: its state lives in this object's SQLite storage and it works through alarms. */
export class MigrationRun extends DurableObject<Env> {
  async fetch(): Promise<Response> {
    return Response.json({ error: "Not found" }, { status: 404 });
  }
}
